import PDFDocument from 'pdfkit';
import { toCsv } from '../../../shared/domain/csv';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { CHOICES_SEPARATOR, optionsText } from '../../../shared/domain/pricing/choice-names';
import type { BatchItem } from '../../../shared/api/staff-production';
import { pdfBuffer } from '../../lib/pdf-buffer';

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

export const JOBS_CSV_COLUMNS = [
  'File',
  'Order',
  'Item',
  'Product',
  'Stock',
  'Qty',
  'Sheets',
  'Sides',
  'Orientation',
  'Trim size',
  'Customer',
  'Dispatch date',
  'Notes',
  'Accepted warnings',
  'Options',
  'Turnaround',
] as const;

/**
 * `jobs.csv`: one line per item, in the ZIP's order; RFC 4180 (CRLF, quoted where needed), UTF-8 with
 * a BOM for Excel, by the shared CSV rule (no cell runs as a formula). The customer's notes and the
 * warnings they accepted travel with the item: each accepted warning on a line of its own in the cell.
 * The finishes ("Lamination: Matt; Corners: Rounded") and the turnaround come last, so that a press's
 * import reading the earlier columns by position reads them where it always did.
 */
export function jobsCsv(items: readonly BatchItem[]): Buffer {
  const rows = items.map((i) => [
    i.file_name,
    i.order_id,
    i.id,
    i.product,
    i.stock,
    i.qty,
    i.sheets,
    i.sides,
    i.orientation,
    i.trim_size,
    i.customer,
    i.dispatch_due ?? '',
    i.notes,
    i.accepted_warnings.join('\n'),
    optionsText(i.options),
    i.turnaround?.name ?? '',
  ]);
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
  const byKey = new Map<string, { stock: string; product: string; sides: string; items: number; qty: number; sheets: number }>();
  for (const i of items) {
    const key = `${i.stock}\u0000${i.product}\u0000${i.sides}`;
    const group = byKey.get(key) ?? { stock: i.stock, product: i.product, sides: i.sides, items: 0, qty: 0, sheets: 0 };
    group.items += 1;
    group.qty += i.qty;
    group.sheets += i.sheets;
    byKey.set(key, group);
  }
  return [...byKey.values()].sort((a, b) => a.stock.localeCompare(b.stock) || a.product.localeCompare(b.product) || a.sides.localeCompare(b.sides));
}

/** The time the shop reads on its own clocks. */
const ukDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** As many group lines as the first page holds under the heading; the rest are summed in one line. */
const SUMMARY_LINES = 20;
const LEFT = 48;
const WIDTH = 499; // A4 (595 pt) less the two margins
const count = (n: number) => n.toLocaleString('en-GB');

interface Column {
  title: string;
  x: number;
  width: number;
  right?: boolean;
}

const SUMMARY_COLUMNS: Column[] = [
  { title: 'Stock', x: 48, width: 150 },
  { title: 'Product', x: 202, width: 150 },
  { title: 'Sides', x: 356, width: 44 },
  { title: 'Items', x: 402, width: 36, right: true },
  { title: 'Qty', x: 440, width: 50, right: true },
  { title: 'Sheets', x: 492, width: 55, right: true },
];

const ITEM_COLUMNS: Column[] = [
  { title: 'Order-item', x: 48, width: 62 },
  { title: 'Product', x: 112, width: 118 },
  { title: 'Stock', x: 232, width: 112 },
  { title: 'Sides', x: 346, width: 40 },
  { title: 'Qty', x: 388, width: 46, right: true },
  { title: 'Sheets', x: 436, width: 46, right: true },
  { title: 'Dispatch', x: 488, width: 59 },
];

/** An item's finishes and turnaround on the job sheet: "Finishes: Lamination: Matt; Corners: Rounded · Turnaround: Express". */
function choicesLine(item: BatchItem): Array<{ label: string; text: string }> {
  return [
    ...(item.options.length ? [{ label: 'Finishes: ', text: optionsText(item.options) }] : []),
    ...(item.turnaround ? [{ label: `${item.options.length ? CHOICES_SEPARATOR : ''}Turnaround: `, text: item.turnaround.name }] : []),
  ];
}

/**
 * The job sheet that travels with the batch: what it holds and when it must go, then every item as
 * the press needs it — its stock, quantity and the sheets to print, and under it, its finishes and
 * turnaround, what the customer asked of production (their notes) and the artwork warnings they
 * accepted, so nobody at the press or the finishing bench has to look them up. One A4 page for a
 * plain batch; as many as the items' notes need.
 */
export function jobSheetPdf(batch: JobSheetFacts, items: readonly BatchItem[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Batch ${batch.id} job sheet`, Author: batch.appName } });
  const done = pdfBuffer(doc);
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  /** A long name wraps within its column, and the next line starts below the tallest cell: nothing is cut short or overlaps. */
  const lineHeight = (columns: Column[], cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    return Math.max(...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: columns[i].width })));
  };
  const line = (columns: Column[], cells: string[], bold = false) => {
    const y = doc.y;
    const height = lineHeight(columns, cells, bold);
    cells.forEach((cell, i) => doc.text(cell, columns[i].x, y, { width: columns[i].width, align: columns[i].right ? 'right' : 'left' }));
    doc.x = LEFT;
    doc.y = y + height;
    doc.moveDown(0.45);
  };
  const rule = () => {
    doc
      .moveTo(LEFT, doc.y)
      .lineTo(LEFT + WIDTH, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.moveDown(0.3);
  };

  const orders = new Set(items.map((i) => i.order_id)).size;
  const sheets = items.reduce((n, i) => n + i.sheets, 0);
  const dues = items
    .map((i) => i.dispatch_due)
    .filter((d): d is string => !!d)
    .sort();
  const withNotes = items.filter((i) => i.notes || i.accepted_warnings.length).length;
  doc.font('Helvetica-Bold').fontSize(20).text(`Batch ${batch.id}`, { continued: true }).font('Helvetica').fontSize(12).text(`   ${batch.appName}`);
  doc.moveDown(0.5).fontSize(10);
  doc.text(`Made ${ukDateTime.format(batch.createdAt)}${batch.createdBy ? ` by ${batch.createdBy}` : ''}`);
  doc.text(`Stock: ${batch.stockName ?? 'every stock'}`);
  doc.text(
    `${count(items.length)} item${items.length === 1 ? '' : 's'} of ${count(orders)} order${orders === 1 ? '' : 's'}, ${count(sheets)} sheet${sheets === 1 ? '' : 's'} to print; every item is listed below and in jobs.csv`,
  );
  if (dues.length) doc.text(`First dispatch date: ${formatDay(dues[0])}`);
  if (withNotes)
    doc
      .font('Helvetica-Bold')
      .text(`${count(withNotes)} item${withNotes === 1 ? ' has' : 's have'} notes or accepted warnings: read them below before printing.`)
      .font('Helvetica');
  doc.moveDown();

  line(
    SUMMARY_COLUMNS,
    SUMMARY_COLUMNS.map((c) => c.title),
    true,
  );
  const all = groups(items);
  const shown = all.length > SUMMARY_LINES ? all.slice(0, SUMMARY_LINES - 1) : all;
  for (const g of shown) line(SUMMARY_COLUMNS, [g.stock, g.product, g.sides, count(g.items), count(g.qty), count(g.sheets)]);
  const rest = all.slice(shown.length);
  if (rest.length) {
    const sum = (pick: (g: (typeof rest)[number]) => number) => count(rest.reduce((n, g) => n + pick(g), 0));
    line(SUMMARY_COLUMNS, [`and ${rest.length} more groups`, '', '', sum((g) => g.items), sum((g) => g.qty), sum((g) => g.sheets)]);
  }

  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text('Items', LEFT);
  doc.moveDown(0.3);
  const itemHeading = () => {
    line(
      ITEM_COLUMNS,
      ITEM_COLUMNS.map((c) => c.title),
      true,
    );
    rule();
  };
  itemHeading();
  const NOTE_X = 112;
  const NOTE_WIDTH = LEFT + WIDTH - NOTE_X;
  for (const item of items) {
    // Under the item's line, each a line of its own: what the finishers do and by when (its finishes and turnaround, as
    // frozen at confirmation), what the customer asked of production, and the artwork warnings they accepted.
    const lines: Array<Array<{ label: string; text: string }>> = [
      ...(item.options.length || item.turnaround ? [choicesLine(item)] : []),
      ...(item.notes ? [[{ label: 'Customer’s notes: ', text: item.notes }]] : []),
      ...item.accepted_warnings.map((text) => [{ label: 'Accepted warning: ', text }]),
    ];
    const cells = [
      `${item.order_id}-${item.id}`,
      item.product,
      item.stock,
      item.sides,
      count(item.qty),
      count(item.sheets),
      item.dispatch_due ? formatDay(item.dispatch_due) : '—',
    ];
    const needed =
      lineHeight(ITEM_COLUMNS, cells) +
      5 +
      lines.reduce((h, parts) => h + doc.heightOfString(parts.map((p) => p.label + p.text).join(''), { width: NOTE_WIDTH }) + 3, 0);
    if (doc.y + needed > bottom()) {
      doc.addPage();
      itemHeading();
    }
    line(ITEM_COLUMNS, cells);
    for (const parts of lines) {
      doc.fontSize(9);
      parts.forEach((part, i) => {
        doc.font('Helvetica-Bold');
        if (i === 0) doc.text(part.label, NOTE_X, doc.y, { width: NOTE_WIDTH, continued: true });
        else doc.text(part.label, { continued: true });
        doc.font('Helvetica').text(part.text, { continued: i < parts.length - 1 });
      });
      doc.moveDown(0.2);
    }
    doc.x = LEFT;
    if (lines.length) doc.moveDown(0.3);
  }
  doc.end();
  return done;
}
