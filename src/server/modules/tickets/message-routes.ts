import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TICKET_FILES_FIELD } from '../../../shared/api/tickets';
import { TICKET_FILE_MAX_BYTES, TICKET_FILE_MAX_MB, TICKET_FILES_PER_MESSAGE } from '../../../shared/domain/tickets/tickets';
import type { ArtworkEngine } from '../artwork/preflight';
import { attachment } from '../../lib/attachment';
import { unprocessable } from '../../lib/domain-errors';
import { uploadedFile } from '../../lib/openapi';
import { cleanFileName, type PreparedFile, type ReceivedMessage } from './attachments';
import { checkFilesOnly, checkMessage } from './messages';
import type { TicketsService } from './service';

// What the customer's and the staff's ticket routes share: reading a message out of its request
// (JSON, or multipart with its files) for the service, and sending an attachment back.

const ticketFile = uploadedFile('A file of the message (PDF, image or document)');

/** A message's body as the API's document gives it: JSON, or multipart with its files beside its fields. */
export const messageBody = (fields: z.ZodObject) => ({
  'application/json': fields,
  'multipart/form-data': z.object({ ...fields.shape, [TICKET_FILES_FIELD]: z.array(ticketFile).optional() }),
});

/** Files sent on their own, as the API's document gives them. */
export const filesBody = { 'multipart/form-data': z.object({ [TICKET_FILES_FIELD]: z.array(ticketFile).min(1) }) };

/**
 * Reads a message's multipart body: its text fields, and each `files` part whole (at most
 * TICKET_FILE_MAX_MB each, TICKET_FILES_PER_MESSAGE in all). Too large or too many is a 422 on `files`.
 */
async function receiveMessage(request: FastifyRequest): Promise<ReceivedMessage> {
  const fields: Record<string, string> = {};
  const files: ReceivedMessage['files'] = [];
  const problems: string[] = [];
  let tooMany = false;
  try {
    // throwFileSizeLimit: false (taken at run time, missing from the type): a file past the limit is
    // marked truncated rather than ending the whole body, so its name can be given in the answer.
    const options = { limits: { fileSize: TICKET_FILE_MAX_BYTES, files: TICKET_FILES_PER_MESSAGE + 1, fields: 10, parts: 20 }, throwFileSizeLimit: false };
    const parts = request.parts(options as Parameters<typeof request.parts>[0]);
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== TICKET_FILES_FIELD) continue;
        const name = cleanFileName(part.filename, 'attachment');
        if (files.length >= TICKET_FILES_PER_MESSAGE) tooMany = true;
        else if (part.file.truncated) problems.push(`${name}: at most ${TICKET_FILE_MAX_MB} MB per file.`);
        else files.push({ name, data });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') tooMany = true;
    // A body that is not well-formed multipart (cut off, a broken boundary, too many parts).
    else throw unprocessable({ [TICKET_FILES_FIELD]: 'The message could not be read: choose the files and send it again.' });
  }
  if (tooMany) problems.unshift(`At most ${TICKET_FILES_PER_MESSAGE} files per message.`);
  if (problems.length) throw unprocessable({ [TICKET_FILES_FIELD]: problems.join(' ') });
  return { fields, files };
}

/**
 * A message's body, JSON or multipart (its fields beside `files` parts), checked by `schema` and
 * its files by their content, with every problem in one 422 beside its field.
 */
export async function readMessage<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  engine: ArtworkEngine,
): Promise<{ input: z.output<S>; files: PreparedFile[] }> {
  const received = request.isMultipart() ? await receiveMessage(request) : { fields: request.body ?? {}, files: [] };
  return checkMessage(received, schema, engine);
}

/** Files sent on their own (`POST …/files`): multipart, at least one. */
export async function readFilesOnly(request: FastifyRequest, engine: ArtworkEngine): Promise<PreparedFile[]> {
  if (!request.isMultipart())
    throw unprocessable({ [TICKET_FILES_FIELD]: `Send the files as multipart/form-data, each in a part named "${TICKET_FILES_FIELD}".` });
  return checkFilesOnly((await receiveMessage(request)).files, engine);
}

/** An attachment for its reader: its own type, a download with its name (images may show inline), never shared-cached. */
export function sendTicketFile(reply: FastifyReply, file: Awaited<ReturnType<TicketsService['file']>>) {
  return reply
    .type(file.type)
    .header('content-length', file.size)
    .header('content-disposition', attachment(file.name, file.type.startsWith('image/') ? 'inline' : 'attachment'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600, immutable')
    .send(file.body);
}
