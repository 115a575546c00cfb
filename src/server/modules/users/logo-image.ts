import sharp from 'sharp';
import { LOGO_MAX_WIDTH } from '../../../shared/api/staff-users';
import { unprocessable } from '../../lib/domain-errors';

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'gif';

/**
 * What the bytes are, by their signature (magic numbers) — never by the file's name or the type the
 * browser claims. SVG is not accepted: it is a document that can carry scripts.
 */
export function imageKind(bytes: Buffer): ImageKind | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  return null;
}

/** Larger images are refused before decoding: a small file can claim a huge canvas ("decompression bomb"). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface StoredImage {
  data: Buffer;
  extension: 'png' | 'jpg';
  width: number;
  height: number;
}

const NOT_AN_IMAGE = { file: 'This file is not a PNG, JPEG, WebP or GIF image.' };

/**
 * A logo ready to keep: turned upright, at most LOGO_MAX_WIDTH px wide (never enlarged), without
 * metadata; photos stay JPEG, everything else becomes PNG (logos often need transparency).
 */
export async function prepareLogo(bytes: Buffer): Promise<StoredImage> {
  const kind = imageKind(bytes);
  if (!kind) throw unprocessable(NOT_AN_IMAGE);
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().resize({ width: LOGO_MAX_WIDTH, withoutEnlargement: true });
    const output = kind === 'jpeg' ? image.jpeg({ quality: 88, mozjpeg: true }) : image.png({ compressionLevel: 9 });
    const { data, info } = await output.toBuffer({ resolveWithObject: true });
    return { data, extension: kind === 'jpeg' ? 'jpg' : 'png', width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw unprocessable({ file: 'This image is too large: at most 40 megapixels.' });
    // The signature said image, but the decoder could not read it: a damaged or disguised file.
    throw unprocessable({ file: 'This image could not be read; it may be damaged.' });
  }
}
