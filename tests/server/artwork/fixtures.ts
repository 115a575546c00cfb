import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, StandardFonts, cmyk, degrees } from 'pdf-lib';
import sharp from 'sharp';

/*
 * Test PDFs made on the spot: pdf-lib for ordinary documents (exact page boxes; a JPEG is embedded
 * as it is, so its colour space and pixel size reach the PDF unchanged; its standard fonts are
 * never embedded), and by hand for what pdf-lib cannot write (encryption).
 */

export const PT_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * PT_PER_MM;

export interface ImageSpec {
  colour: 'rgb' | 'cmyk';
  widthPx: number;
  heightPx: number;
  /** The placed size on the page. */
  widthMm: number;
  heightMm: number;
}

export interface PageSpec {
  widthMm: number;
  heightMm: number;
  /** A TrimBox this far inside the MediaBox on every side (as InDesign writes with bleed). */
  trimInsetMm?: number;
  image?: ImageSpec;
  /** Text in Helvetica, which pdf-lib does not embed. */
  text?: string;
  /** /Rotate: how a viewer turns the page. */
  rotateDegrees?: number;
}

/** A flat JPEG of the colour and size asked for (noise-free, so it stays a few kilobytes). */
export async function jpeg(colour: 'rgb' | 'cmyk', widthPx: number, heightPx: number): Promise<Buffer> {
  const image = sharp({ create: { width: widthPx, height: heightPx, channels: 3, background: { r: 20, g: 140, b: 220 } } });
  return (colour === 'cmyk' ? image.toColourspace('cmyk') : image).jpeg({ quality: 80 }).toBuffer();
}

export async function makePdf(pages: PageSpec[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const spec of pages) {
    const page = doc.addPage([pt(spec.widthMm), pt(spec.heightMm)]);
    if (spec.rotateDegrees) page.setRotation(degrees(spec.rotateDegrees));
    // Some CMYK vector content, so a clean page is not an empty one.
    page.drawRectangle({ x: 10, y: 10, width: 20, height: 20, color: cmyk(0, 0, 0, 1) });
    if (spec.trimInsetMm !== undefined) {
      const inset = pt(spec.trimInsetMm);
      page.setTrimBox(inset, inset, pt(spec.widthMm) - 2 * inset, pt(spec.heightMm) - 2 * inset);
      page.setBleedBox(0, 0, pt(spec.widthMm), pt(spec.heightMm));
    }
    if (spec.image) {
      const { colour, widthPx, heightPx, widthMm, heightMm } = spec.image;
      const embedded = await doc.embedJpg(await jpeg(colour, widthPx, heightPx));
      page.drawImage(embedded, { x: pt(2), y: pt(2), width: pt(widthMm), height: pt(heightMm) });
    }
    if (spec.text) {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      page.drawText(spec.text, { x: pt(5), y: pt(5), size: 8, font });
    }
  }
  return doc.save();
}

/**
 * A page of `widthMm` × `heightMm` showing page 1 of `inner` scaled by `scale`, as a designer places
 * a PDF in a layout: PDF writes it as a form XObject, so its images sit one transform deeper.
 */
export async function placedPdf(widthMm: number, heightMm: number, inner: PageSpec, scale: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const [placed] = await doc.embedPdf(await makePdf([inner]));
  doc.addPage([pt(widthMm), pt(heightMm)]).drawPage(placed, { x: 0, y: 0, xScale: scale, yScale: scale });
  return doc.save();
}

/** A one-page PDF of `widthMm` × `heightMm` written to `dir/name`; returns its path. */
export async function writePdf(dir: string, name: string, pages: PageSpec[]): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, await makePdf(pages));
  return file;
}

const PASSWORD_PADDING = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
    out[n] = data[n] ^ s[(s[i] + s[j]) & 255];
  }
  return out;
}

/**
 * A one-page PDF with the standard security handler (revision 2, 40-bit RC4). With
 * `userPassword: true` its /U matches no password, so it needs one to open; otherwise /U is made
 * for the empty user password (PDF 1.7 §7.6.3.4, algorithms 2 and 4), so it opens but stays
 * encrypted, as a file with only a permissions password does.
 */
export function encryptedPdf(options: { userPassword: boolean }): Buffer {
  const id = randomBytes(16);
  const owner = randomBytes(32); // any /O will do: no one opens it as the owner
  const permissions = -4;
  let user: Buffer;
  if (options.userPassword) {
    user = randomBytes(32);
  } else {
    const p = Buffer.alloc(4);
    p.writeInt32LE(permissions);
    const key = createHash('md5').update(PASSWORD_PADDING).update(owner).update(p).update(id).digest().subarray(0, 5);
    user = rc4(key, PASSWORD_PADDING);
  }
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 258.0945 172.9134] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P ${permissions} >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>\n`;
  body += `startxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Files that claim to be PDFs and are not, which every PDF upload must refuse: an HTML page with
 * the signature in a comment (what a search of the first kilobyte lets through), and one that even
 * starts with it but holds no document the PDF engine can open.
 */
export const FAKE_PDFS = {
  htmlWithSignatureInComment: Buffer.from('<!-- %PDF-1.7 -->\n<html><body><script>alert(document.cookie)</script></body></html>\n%%EOF\n'),
  htmlAfterSignature: Buffer.from('%PDF-1.7\n<html><body><script>alert(document.cookie)</script></body></html>\n%%EOF\n'),
} as const;
