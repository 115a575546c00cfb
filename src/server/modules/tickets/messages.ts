import type { z } from 'zod';
import { fieldErrors } from '../../../shared/api/errors';
import { TICKET_FILES_FIELD } from '../../../shared/api/tickets';
import type { ArtworkEngine } from '../artwork/preflight';
import { Invalid, unprocessable } from '../../lib/domain-errors';
import { prepareFiles, type PreparedFile, type ReceivedMessage } from './attachments';

/**
 * A message as it was received (its fields as sent, JSON or form fields, and its files): the fields checked by `schema`
 * and the files by their content (a PDF by the PDF `engine`), with every problem in one Invalid beside its field.
 */
export async function checkMessage<S extends z.ZodType>(
  received: { fields: unknown; files: ReceivedMessage['files'] },
  schema: S,
  engine: ArtworkEngine,
): Promise<{ input: z.output<S>; files: PreparedFile[] }> {
  const errors: Record<string, string> = {};
  const parsed = schema.safeParse(received.fields);
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
  let files: PreparedFile[] = [];
  try {
    files = await prepareFiles(received.files, engine);
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    Object.assign(errors, error.errors);
  }
  if (Object.keys(errors).length || !parsed.success) throw unprocessable(errors);
  return { input: parsed.data, files };
}

/** Files sent on their own (`POST …/files`): at least one, each checked by its content. */
export async function checkFilesOnly(received: ReceivedMessage['files'], engine: ArtworkEngine): Promise<PreparedFile[]> {
  if (!received.length) throw unprocessable({ [TICKET_FILES_FIELD]: 'Choose at least one file to send.' });
  return prepareFiles(received, engine);
}
