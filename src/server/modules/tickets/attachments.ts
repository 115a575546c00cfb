import sharp from 'sharp';
import { TICKET_FILES_FIELD } from '../../../shared/api/tickets';
import type { TicketFileKind } from '../../../shared/domain/tickets/tickets';
import type { ArtworkEngine } from '../artwork/preflight';
import { unprocessable } from '../../lib/domain-errors';
import { isPdf } from '../../lib/pdf-file';
import { imageKind } from '../users/logo-image';

/** A received attachment, checked and ready to store: images re-encoded without metadata, with a thumbnail. */
export interface PreparedFile {
  name: string;
  kind: TicketFileKind;
  data: Buffer;
  width: number | null;
  height: number | null;
  thumbnail: Buffer | null;
}

/** A message as it was received: its text fields, and its files as sent (read whole). */
export interface ReceivedMessage {
  fields: Record<string, string>;
  files: Array<{ name: string; data: Buffer }>;
}

/** Thumbnails in the thread: at most this wide and high. */
const THUMBNAIL_PX = 320;
/** Larger images are refused before decoding: a small file can claim a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;

/** Control characters have no place in a name shown on screens and in a download header. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  return (
    [...(name ?? '')]
      .filter((c) => c >= ' ' && c !== '\u007f')
      .join('')
      .trim()
      .slice(0, 200) || fallback
  );
}

/** What the bytes are, by their content — never by the name or the type the browser claims; a PDF is one the PDF engine opens. */
async function attachmentKind(bytes: Buffer, engine: ArtworkEngine): Promise<TicketFileKind | null> {
  const image = imageKind(bytes);
  if (image === 'png' || image === 'jpeg') return image;
  if (await isPdf(engine, bytes)) return 'pdf';
  return null;
}

/** Checks each file by its content and prepares it to keep; every problem is named in one Invalid on `files`. */
export async function prepareFiles(received: ReceivedMessage['files'], engine: ArtworkEngine): Promise<PreparedFile[]> {
  const prepared: PreparedFile[] = [];
  const problems: string[] = [];
  for (const file of received) {
    const kind = file.data.length ? await attachmentKind(file.data, engine) : null;
    if (!file.data.length) problems.push(`${file.name}: this file is empty.`);
    else if (!kind)
      problems.push(
        `${file.name}: only PNG, JPEG or PDF files can be attached${file.data.subarray(0, 5).toString('latin1') === '%PDF-' ? ' (this PDF could not be opened: it may be damaged)' : ''}.`,
      );
    else if (kind === 'pdf') prepared.push({ name: file.name, kind, data: file.data, width: null, height: null, thumbnail: null });
    else {
      const image = await prepareImage(file.data, kind).catch((error: Error) => error);
      if (image instanceof Error) problems.push(`${file.name}: ${image.message}`);
      else prepared.push({ name: file.name, kind, ...image });
    }
  }
  if (problems.length) throw unprocessable({ [TICKET_FILES_FIELD]: problems.join(' ') });
  return prepared;
}

/** An image turned upright and re-encoded in its own format (which drops EXIF, GPS and the rest), and its thumbnail. */
async function prepareImage(bytes: Buffer, kind: 'png' | 'jpeg') {
  try {
    const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const { data, info } = await (kind === 'jpeg' ? upright.jpeg({ quality: 90, mozjpeg: true }) : upright.png({ compressionLevel: 9 })).toBuffer({
      resolveWithObject: true,
    });
    const thumbnail = await sharp(data)
      .resize({ width: THUMBNAIL_PX, height: THUMBNAIL_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return { data, width: info.width, height: info.height, thumbnail };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw new Error('this image is too large: at most 40 megapixels.');
    throw new Error('this image could not be read; it may be damaged.');
  }
}
