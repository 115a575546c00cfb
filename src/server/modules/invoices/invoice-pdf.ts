import PDFDocument from 'pdfkit';
import { choicesText, type NamedChoices } from '../../../shared/domain/pricing/choice-names';
import { formatPence } from '../../../shared/domain/pricing/format';
import { pdfBuffer } from '../../lib/pdf-buffer';
import { drawFacts, PDF_INK as INK, PDF_MUTED as MUTED, PDF_LEFT as LEFT, PDF_RIGHT as RIGHT } from '../../lib/pdf-layout';

/** What a raised invoice says, frozen when it is raised (invoices.content). Money in pence. */
export interface InvoiceContent {
  seller: { name: string; address: string; vat_number: string; phone: string; email: string };
  buyer: { company: string; name: string; lines: string[] };
  order: { id: number; ref: string; confirmed_at: string | null; dispatched_at: string | null; tracking_number: string | null };
  /**
   * `choices`: the line's finishes and turnaround by the names frozen at confirmation; null (or, on
   * an invoice raised before they were kept, absent) when there are none to name.
   */
  lines: Array<{ description: string; qty: number; net: number; choices?: NamedChoices | null }>;
  delivery: { name: string; net: number };
  net: number;
  vat: number;
  /** Percent, as the order was charged (its VAT over its net). */
  vat_rate: number;
  total: number;
  /**
   * The terms it was raised under: paid by card at checkout, or due `credit_days` after its date.
   * Absent on an invoice raised before terms were kept (due 30 days after its date).
   */
  terms?: { paid_by_card: boolean; credit_days: number };
}

/** What an invoice's PDF says about paying it, read when it is drawn (payments come after it is raised). */
export interface InvoicePayment {
  due_date: string;
  /** Pence allocated to it so far. */
  paid: number;
  /** The printer's bank details for a transfer (setting BANK_DETAILS). */
  bank_details: string;
}

/** The terms line of an invoice: "Paid by card", or when payment is due. */
export function termsText(terms: InvoiceContent['terms']): string {
  if (terms?.paid_by_card) return 'Paid by card';
  const days = terms?.credit_days ?? 30;
  return days === 0 ? 'Payment due on receipt' : `Payment due within ${days} days`;
}

/** "23 November 2026": an invoice's date in full, with its year. */
const fullDate = (civil: string) =>
  new Date(`${civil}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const BRAND = '#163a6b';
const ACCENT = '#e07a3a';
const PAID_GREEN = '#1d7a3a';
/** Where the seller's line at the foot of each page of an invoice begins. */
const FOOTER_TOP = 770;

/** The printer's mark, drawn as vectors (the site's logo.svg): a PDF needs no font or image file for it. */
export function logo(doc: PDFKit.PDFDocument, x: number, y: number): void {
  doc.save();
  doc.roundedRect(x, y, 36, 36, 7).clip();
  doc.rect(x, y, 36, 36).fill(BRAND);
  doc.polygon([x + 25, y], [x + 36, y], [x + 36, y + 11]).fill(ACCENT);
  doc.restore();
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor('#ffffff')
    .text('PJ', x, y + 11, { width: 34, align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor(BRAND)
    .text('Print Junction', x + 44, y + 3);
  doc
    .font('Helvetica-Bold')
    .fontSize(8.5)
    .fillColor('#b9501a')
    .text('T R A D E', x + 45, y + 22);
}

/** An A4 invoice a UK accountant accepts: seller and VAT number, buyer, tax point, lines, delivery, net, VAT and total. */
export function invoicePdf(invoice: { number: string; date: string }, c: InvoiceContent, payment?: InvoicePayment): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: LEFT, info: { Title: `Invoice ${invoice.number}`, Author: c.seller.name } });
  const done = pdfBuffer(doc);

  logo(doc, LEFT, 48);
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(INK)
    .text('INVOICE', 300, 48, { width: RIGHT - 300, align: 'right' });
  const facts: Array<[string, string]> = [
    ['Invoice number', invoice.number],
    ['Invoice date (tax point)', fullDate(invoice.date)],
    ...(payment ? ([['Due date', fullDate(payment.due_date)]] as Array<[string, string]>) : []),
    ['Order', `#${c.order.id}${c.order.ref ? ` (${c.order.ref})` : ''}`],
  ];
  if (c.order.tracking_number) facts.push(['Tracking', c.order.tracking_number]);
  let y = drawFacts(doc, facts);

  // From and to.
  y = Math.max(y, 100) + 20;
  const block = (x: number, title: string, lines: string[]) => {
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text(title.toUpperCase(), x, y, { width: 230, characterSpacing: 0.5 });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(lines.filter(Boolean).join('\n'), x, y + 13, { width: 230 });
  };
  block(LEFT, 'From', [c.seller.name, ...c.seller.address.split(/,\s*|\n/), `VAT number ${c.seller.vat_number}`]);
  block(300, 'Invoice to', [c.buyer.company, c.buyer.name, ...c.buyer.lines]);
  y += 110;

  // Lines: each item's description, and under it its finishes and turnaround as they were confirmed.
  const columns = { description: LEFT, qty: 380, net: 450 };
  const descriptionWidth = columns.qty - columns.description - 20;
  const footer = () => {
    doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
    doc.text(
      `${c.seller.name} · ${c.seller.address.replace(/\n/g, ', ')} · VAT number ${c.seller.vat_number}${c.seller.phone ? ` · ${c.seller.phone}` : ''}${c.seller.email ? ` · ${c.seller.email}` : ''}`,
      LEFT,
      FOOTER_TOP,
      { width: RIGHT - LEFT, align: 'center' },
    );
  };
  /** What does not fit above the footer goes on a new page (with the footer on each). */
  const room = (height: number, headings: boolean) => {
    if (y + height <= FOOTER_TOP - 12) return;
    footer();
    doc.addPage();
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`Invoice ${invoice.number}, continued`, LEFT, LEFT);
    y = LEFT + 20;
    if (headings) lineHeadings();
  };
  const lineHeadings = () => {
    doc.rect(LEFT, y, RIGHT - LEFT, 20).fill('#eef2f7');
    doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
    doc.text('Description', columns.description + 6, y + 6);
    doc.text('Qty', columns.qty, y + 6, { width: 60, align: 'right' });
    doc.text('Net', columns.net, y + 6, { width: RIGHT - columns.net - 6, align: 'right' });
    y += 26;
  };
  lineHeadings();
  const row = (description: string, qty: string, net: number, detail = '') => {
    doc.font('Helvetica').fontSize(9.5);
    const height = doc.heightOfString(description, { width: descriptionWidth });
    const detailHeight = detail ? doc.fontSize(8.5).heightOfString(detail, { width: descriptionWidth }) + 2 : 0;
    room(Math.max(height + detailHeight, 12) + 8, true);
    doc.font('Helvetica').fontSize(9.5).fillColor(INK);
    doc.text(description, columns.description + 6, y, { width: descriptionWidth });
    doc.text(qty, columns.qty, y, { width: 60, align: 'right' });
    doc.text(formatPence(net), columns.net, y, { width: RIGHT - columns.net - 6, align: 'right' });
    if (detail) {
      doc
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(detail, columns.description + 6, y + height + 2, { width: descriptionWidth });
    }
    y += Math.max(height + detailHeight, 12) + 8;
    doc
      .moveTo(LEFT, y - 4)
      .lineTo(RIGHT, y - 4)
      .lineWidth(0.5)
      .strokeColor('#d9dee5')
      .stroke();
  };
  for (const line of c.lines) row(line.description, line.qty.toLocaleString('en-GB'), line.net, choicesText(line.choices));
  row(`Delivery: ${c.delivery.name}`, '', c.delivery.net);

  // Totals, kept together.
  y += 6;
  room(60, false);
  const total = (label: string, pence: number, strong = false) => {
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 11 : 10)
      .fillColor(INK);
    doc.text(label, 330, y, { width: 120, align: 'right' });
    doc.text(formatPence(pence), columns.net, y, { width: RIGHT - columns.net - 6, align: 'right' });
    y += strong ? 18 : 15;
  };
  const totalsTop = y;
  total('Net', c.net);
  total(`VAT at ${c.vat_rate}%`, c.vat);
  doc
    .moveTo(330, y - 2)
    .lineTo(RIGHT, y - 2)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  y += 4;
  total('Total (GBP)', c.total, true);
  if (payment) {
    const paidInFull = payment.paid >= c.total;
    if (paidInFull) {
      // A stamp in the free space beside the totals: clear at a glance, never over a figure.
      doc.save();
      doc.rotate(-8, { origin: [LEFT + 95, totalsTop + 24] });
      doc
        .roundedRect(LEFT + 30, totalsTop + 2, 130, 46, 6)
        .lineWidth(3)
        .strokeColor(PAID_GREEN)
        .stroke();
      doc
        .font('Helvetica-Bold')
        .fontSize(30)
        .fillColor(PAID_GREEN)
        .text('PAID', LEFT + 30, totalsTop + 11, { width: 130, align: 'center', lineBreak: false });
      doc.restore();
    }
    if (payment.paid > 0 && !paidInFull) {
      total('Paid', payment.paid);
      total('Balance due', c.total - payment.paid, true);
    }
    // How to pay it (or that it is paid), kept together.
    y += 14;
    const bank = payment.bank_details.trim();
    const bankHeight =
      bank && !paidInFull
        ? doc
            .font('Helvetica')
            .fontSize(9.5)
            .heightOfString(bank, { width: RIGHT - LEFT - 20 }) + 20
        : 0;
    room(50 + bankHeight, false);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(termsText(c.terms), LEFT, y);
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(paidInFull ? `Paid in full. Thank you.` : `Please pay by ${fullDate(payment.due_date)}, quoting invoice number ${invoice.number}.`, LEFT, y + 15);
    y += 34;
    if (bankHeight) {
      doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text('BANK DETAILS', LEFT, y, { characterSpacing: 0.5 });
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor(INK)
        .text(bank, LEFT, y + 13, { width: RIGHT - LEFT - 20 });
      y += bankHeight;
    }
  }
  footer();
  doc.end();
  return done;
}

/** A month's statement for a customer: their invoices of that month with the totals. */
export function statementPdf(
  statement: { month: string; seller: InvoiceContent['seller']; buyer: { company: string; name: string } },
  invoices: Array<{ number: string; date: string; order_id: number | null; net: number | null; vat: number | null; total: number }>,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: LEFT, info: { Title: `Statement ${statement.month}`, Author: statement.seller.name } });
  const done = pdfBuffer(doc);
  const monthName = new Date(`${statement.month}-01T12:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  logo(doc, LEFT, 48);
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text('STATEMENT', 300, 48, { width: RIGHT - 300, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(monthName, 300, 74, { width: RIGHT - 300, align: 'right' });
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text([statement.buyer.company, statement.buyer.name].filter(Boolean).join('\n'), LEFT, 110);
  let y = 160;
  const cols = [LEFT + 6, 170, 260, 330, 400, 470];
  doc.rect(LEFT, y, RIGHT - LEFT, 20).fill('#eef2f7');
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
  ['Invoice', 'Date', 'Order', 'Net', 'VAT', 'Total'].forEach((h, i) =>
    doc.text(h, cols[i], y + 6, { width: i >= 3 ? 70 : 100, align: i >= 3 ? 'right' : 'left' }),
  );
  y += 26;
  const sum = { net: 0, vat: 0, total: 0 };
  doc.font('Helvetica').fontSize(9.5);
  for (const inv of invoices) {
    if (y > 740) {
      doc.addPage();
      y = 60;
    }
    const cells = [
      inv.number,
      fullDate(inv.date),
      inv.order_id ? `#${inv.order_id}` : 'uploaded',
      inv.net === null ? '—' : formatPence(inv.net),
      inv.vat === null ? '—' : formatPence(inv.vat),
      formatPence(inv.total),
    ];
    cells.forEach((cell, i) => doc.fillColor(INK).text(cell, cols[i], y, { width: i >= 3 ? 70 : 100, align: i >= 3 ? 'right' : 'left' }));
    sum.net += inv.net ?? 0;
    sum.vat += inv.vat ?? 0;
    sum.total += inv.total;
    y += 16;
  }
  if (!invoices.length) {
    doc.fillColor(MUTED).text('No invoices this month.', cols[0], y);
    y += 16;
  }
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(INK).stroke();
  y += 6;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(`${invoices.length} invoice${invoices.length === 1 ? '' : 's'}`, cols[0], y);
  [formatPence(sum.net), formatPence(sum.vat), formatPence(sum.total)].forEach((cell, i) => doc.text(cell, cols[i + 3], y, { width: 70, align: 'right' }));
  doc.end();
  return done;
}
