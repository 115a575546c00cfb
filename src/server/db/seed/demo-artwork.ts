/**
 * Print-ready demo artwork written by hand (no PDF library at run time): pages of the product's
 * size with bleed, a TrimBox inside, and flat CMYK shapes — so the demo orders' previews and
 * preflight results are real. `bleed: false` makes the page the trim size (a preflight warning).
 */
const PT_PER_MM = 72 / 25.4;

export interface DemoArtwork {
  widthMm: number;
  heightMm: number;
  bleedMm: number;
  pages: number;
  /** CMYK of the background, 0–1 each. */
  colour: [number, number, number, number];
  bleed?: boolean;
}

export function demoArtworkPdf(art: DemoArtwork): Buffer {
  const bleed = art.bleed === false ? 0 : art.bleedMm;
  const w = (art.widthMm + 2 * bleed) * PT_PER_MM;
  const h = (art.heightMm + 2 * bleed) * PT_PER_MM;
  const inset = bleed * PT_PER_MM;
  const n = (x: number) => x.toFixed(2);
  const objects: string[] = [];
  const pageIds = Array.from({ length: art.pages }, (_, i) => 3 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${art.pages} >>`;
  pageIds.forEach((id, page) => {
    const [c, m, y, k] = art.colour;
    // Background to the bleed edge, a band and a block inside the trim (the "design").
    const content = [
      `${c} ${m} ${y} ${k} k 0 0 ${n(w)} ${n(h)} re f`,
      `0 0 0 ${page ? 0.2 : 0.85} k ${n(inset + w * 0.08)} ${n(inset + h * 0.12)} ${n((w - 2 * inset) * 0.6)} ${n(h * 0.08)} re f`,
      `${1 - c} ${m} 0 0 k ${n(w - inset - w * 0.3)} ${n(h - inset - h * 0.35)} ${n(w * 0.2)} ${n(h * 0.22)} re f`,
    ].join('\n');
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${n(w)} ${n(h)}] /BleedBox [0 0 ${n(w)} ${n(h)}] ` +
      `/TrimBox [${n(inset)} ${n(inset)} ${n(w - inset)} ${n(h - inset)}] /Resources << >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`;
  });
  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body +=
    `xref\n0 ${objects.length}\n0000000000 65535 f \n` +
    offsets
      .slice(1)
      .map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)
      .join('');
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
