import PDFDocument from 'pdfkit';
import { toCsv } from '../../../shared/domain/csv';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import type { BatchItem } from '../../../shared/api/admin-production';

/**
 * What the press receives with a batch (DESIGN §2 "Production: batches"): each artwork named so the
 * file alone says what to print, `jobs.csv` listing every item, and a one-page job sheet.
 */

/** Lower-case words joined by dashes: safe in a file name on every system the press may use. */
export function fileNamePart(text: string, max = 40): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, max).replace(/-+$/, '') || 'item';
}

/** `<order>-<item>-<product>-<stock>-<qty>-<sides>.pdf`, e.g. `1042-3-business-cards-400gsm-silk-500-double.pdf`. */
export function pressFileName(item: { order_id: number; id: number; product: string; stock: string; qty: number; sides: string }): string {
  return `${item.order_id}-${item.id}-${fileNamePart(item.product)}-${fileNamePart(item.stock)}-${item.qty}-${item.sides}.pdf`;
}

export const JOBS_CSV_COLUMNS = ['File', 'Order', 'Item', 'Product', 'Stock', 'Qty', 'Sides', 'Orientation', 'Trim size', 'Customer', 'Dispatch date'] as const;

/** `jobs.csv`: one line per item, in the ZIP's order; RFC 4180 (CRLF, quoted where needed), UTF-8 with a BOM for Excel. */
export function jobsCsv(items: readonly BatchItem[]): Buffer {
  const rows = items.map((i) => [i.file_name, i.order_id, i.id, i.product, i.stock, i.qty, i.sides, i.orientation, i.trim_size, i.customer, i.dispatch_due ?? '']);
  return Buffer.from(toCsv([[...JOBS_CSV_COLUMNS], ...rows], { bom: true }), 'utf8');
}

export interface JobSheetFacts {
  id: number;
  createdAt: Date;
  createdBy: string | null;
  stockName: string | null;
  appName: string;
}

/** The items grouped as the press plans work: by stock, then product and sides. */
function groups(items: readonly BatchItem[]) {
  const byKey = new Map<string, { stock: string; product: string; sides: string; items: number; qty: number }>();
  for (const i of items) {
    const key = `${i.stock}\u0000${i.product}\u0000${i.sides}`;
    const group = byKey.get(key) ?? { stock: i.stock, product: i.product, sides: i.sides, items: 0, qty: 0 };
    group.items += 1;
    group.qty += i.qty;
    byKey.set(key, group);
  }
  return [...byKey.values()].sort((a, b) => a.stock.localeCompare(b.stock) || a.product.localeCompare(b.product) || a.sides.localeCompare(b.sides));
}

/** The time the shop reads on its own clocks. */
const ukDateTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** As many group lines as one A4 page holds under the heading; the rest are summed in one line. */
const SHEET_LINES = 34;

/** The job sheet: one A4 page that travels with the batch — what it holds and when it must go. */
export function jobSheetPdf(batch: JobSheetFacts, items: readonly BatchItem[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Batch ${batch.id} job sheet`, Author: batch.appName } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const orders = new Set(items.map((i) => i.order_id)).size;
  const dues = items.map((i) => i.dispatch_due).filter((d): d is string => !!d).sort();
  doc.font('Helvetica-Bold').fontSize(20).text(`Batch ${batch.id}`, { continued: true }).font('Helvetica').fontSize(12).text(`   ${batch.appName}`);
  doc.moveDown(0.5).fontSize(10);
  doc.text(`Made ${ukDateTime.format(batch.createdAt)}${batch.createdBy ? ` by ${batch.createdBy}` : ''}`);
  doc.text(`Stock: ${batch.stockName ?? 'every stock'}`);
  doc.text(`${items.length} item${items.length === 1 ? '' : 's'} of ${orders} order${orders === 1 ? '' : 's'}; every item is listed in jobs.csv`);
  if (dues.length) doc.text(`First dispatch date: ${formatDay(dues[0])}`);
  doc.moveDown();

  const columns = [
    { title: 'Stock', x: 48, width: 170 },
    { title: 'Product', x: 222, width: 170 },
    { title: 'Sides', x: 396, width: 50 },
    { title: 'Items', x: 450, width: 40 },
    { title: 'Qty', x: 494, width: 53 },
  ];
  const line = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => doc.text(cell, columns[i].x, y, { width: columns[i].width, lineBreak: false, ellipsis: true, align: i >= 3 ? 'right' : 'left' }));
    doc.x = 48;
    doc.moveDown(0.4);
  };
  line(columns.map((c) => c.title), true);
  const all = groups(items);
  const shown = all.length > SHEET_LINES ? all.slice(0, SHEET_LINES - 1) : all;
  for (const g of shown) line([g.stock, g.product, g.sides, String(g.items), g.qty.toLocaleString('en-GB')]);
  const rest = all.slice(shown.length);
  if (rest.length) {
    line([`and ${rest.length} more groups`, '', '', String(rest.reduce((n, g) => n + g.items, 0)), rest.reduce((n, g) => n + g.qty, 0).toLocaleString('en-GB')]);
  }
  doc.end();
  return done;
}
