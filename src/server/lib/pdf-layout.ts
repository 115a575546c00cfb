/**
 * What the A4 documents we draw with pdfkit share — the invoice, the quote and the delivery note:
 * their palette, their margins (points), and the block of facts at the top right (number, date…),
 * so that the three read as one family.
 */
export const PDF_INK = '#1c2530';
export const PDF_MUTED = '#5b6672';
export const PDF_RULE = '#d9dee5';
export const PDF_LEFT = 50;
export const PDF_RIGHT = 545;

/** The facts at the top right, a label and its value a line each from `top`; answers where the block ends. */
export function drawFacts(doc: PDFKit.PDFDocument, facts: ReadonlyArray<readonly [string, string]>, top = 80): number {
  let y = top;
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(9).fillColor(PDF_MUTED).text(label, 300, y, { width: 110 });
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(PDF_INK)
      .text(value, 410, y, { width: PDF_RIGHT - 410, align: 'right' });
    y += 14;
  }
  return y;
}
