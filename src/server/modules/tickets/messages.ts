import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fieldErrors } from '../../../shared/api/errors';
import { TICKET_FILES_FIELD } from '../../../shared/api/tickets';
import type { ArtworkEngine } from '../../lib/artwork';
import { attachment } from '../../lib/attachment';
import { HttpError, unprocessable } from '../../lib/errors';
import { uploadedFile } from '../../lib/openapi';
import { prepareFiles, receiveMessage, type PreparedFile } from './attachments';
import type { TicketsService } from './service';

const ticketFile = uploadedFile('A file of the message (PDF, image or document)');

/** A message's body as the API's document gives it: JSON, or multipart with its files beside its fields. */
export const messageBody = (fields: z.ZodObject) => ({
  'application/json': fields,
  'multipart/form-data': z.object({ ...fields.shape, [TICKET_FILES_FIELD]: z.array(ticketFile).optional() }),
});

/** Files sent on their own, as the API's document gives them. */
export const filesBody = { 'multipart/form-data': z.object({ [TICKET_FILES_FIELD]: z.array(ticketFile).min(1) }) };

/**
 * A message's body, JSON or multipart (its fields beside `files` parts): the fields checked by
 * `schema` and the files by their content (a PDF by the PDF `engine`), with every problem in one 422 beside its field.
 */
export async function readMessage<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  engine: ArtworkEngine,
): Promise<{ input: z.output<S>; files: PreparedFile[] }> {
  const received = request.isMultipart() ? await receiveMessage(request) : { fields: request.body ?? {}, files: [] };
  const errors: Record<string, string> = {};
  const parsed = schema.safeParse(received.fields);
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
  let files: PreparedFile[] = [];
  try {
    files = await prepareFiles(received.files, engine);
  } catch (error) {
    if (!(error instanceof HttpError) || !error.errors) throw error;
    Object.assign(errors, error.errors);
  }
  if (Object.keys(errors).length || !parsed.success) throw unprocessable(errors);
  return { input: parsed.data, files };
}

/** Files sent on their own (`POST …/files`): at least one. */
export async function readFilesOnly(request: FastifyRequest, engine: ArtworkEngine): Promise<PreparedFile[]> {
  if (!request.isMultipart())
    throw unprocessable({ [TICKET_FILES_FIELD]: `Send the files as multipart/form-data, each in a part named "${TICKET_FILES_FIELD}".` });
  const received = await receiveMessage(request);
  if (!received.files.length) throw unprocessable({ [TICKET_FILES_FIELD]: 'Choose at least one file to send.' });
  return prepareFiles(received.files, engine);
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
