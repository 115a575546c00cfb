import { PDFDocument, rgb } from 'pdf-lib';

const MM = 72 / 25.4;

/**
 * A PDF of `width`×`height` mm pages, the front filled dark blue (the back, of a two-page one,
 * orange); with `bleed`, a TrimBox that much inside.
 */
export async function cardPdf(width: number, height: number, bleed = 0, pages: 1 | 2 = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const colour of [rgb(0.1, 0.3, 0.6), rgb(0.9, 0.5, 0.1)].slice(0, pages)) {
    const page = doc.addPage([width * MM, height * MM]);
    page.drawRectangle({ x: 0, y: 0, width: width * MM, height: height * MM, color: colour });
    if (bleed) page.setTrimBox(bleed * MM, bleed * MM, (width - 2 * bleed) * MM, (height - 2 * bleed) * MM);
  }
  return Buffer.from(await doc.save());
}
