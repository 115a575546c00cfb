import { PDFDocument, rgb } from 'pdf-lib';

const MM = 72 / 25.4;

/** A one-page PDF of `width`×`height` mm filled dark blue; with `bleed`, a TrimBox that much inside. */
export async function cardPdf(width: number, height: number, bleed = 0): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([width * MM, height * MM]);
  page.drawRectangle({ x: 0, y: 0, width: width * MM, height: height * MM, color: rgb(0.1, 0.3, 0.6) });
  if (bleed) page.setTrimBox(bleed * MM, bleed * MM, (width - 2 * bleed) * MM, (height - 2 * bleed) * MM);
  return Buffer.from(await doc.save());
}
