import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { formatDate } from '../../../shared/domain/calendar/workingDays';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { choicesText } from '../../../shared/domain/pricing/choice-names';
import { groupThousands } from '../../../shared/domain/pricing/format';
import type { Db } from '../../db/client';
import { companies, countries, orders, users, type FrozenChoices } from '../../db/schema';
import { conflict, notFound } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/files';
import { pdfBuffer } from '../../lib/pdf-buffer';
import { itemsOf } from '../orders/snapshot';
import { logoKey } from '../users/service';
import { drawFacts, PDF_INK as INK, PDF_MUTED as MUTED, PDF_RULE as RULE, PDF_LEFT as LEFT, PDF_RIGHT as RIGHT } from '../../lib/pdf-layout';

/**
 * The delivery note of a blind order (DESIGN §2 "Addresses, blind dispatch"): the parcel goes to the
 * customer's own client under the customer's name, so the note carries their logo, company and
 * address, the client's address and what is in the parcel — and nothing of the printer's: no name,
 * address, bank details, web address or prices, not even in the document's information.
 */

/** What the note says. */
export interface DeliveryNoteContent {
  order_id: number;
  /** The customer's own reference (their client may know the order by it). */
  ref: string;
  /** The UK day the order was placed (confirmed), or made for a basket. */
  date: string;
  sender: { name: string; lines: string[]; logo: Buffer | null };
  deliver_to: string[];
  items: Array<{ product: string; paper: string; qty: number; sides: string; choices: string }>;
}

/** `<order>-delivery-note.pdf`: beside the order's artwork in the batch ZIP, and the download's name. */
export const deliveryNoteFileName = (orderId: number) => `${orderId}-delivery-note.pdf`;

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

/** The note's facts for one order, read now; null when there is no such order. */
export async function deliveryNoteContent(db: Db, files: FileStore, orderId: number): Promise<DeliveryNoteContent | null> {
  const [row] = await db
    .select({ order: orders, owner: users, company: companies, country: countries.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    // A blind parcel goes out under the company the order was placed for: its name, logo and address.
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(countries, eq(countries.id, orders.countryId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const { order, owner, company, country } = row;
  const [senderCountry] = company.countryId ? await db.select({ name: countries.name }).from(countries).where(eq(countries.id, company.countryId)) : [];
  // A logo the file store has lost is left out: the company name still heads the note.
  const logo = company.logo ? await files.get(logoKey(company.logo)).catch(() => null) : null;
  const items = await itemsOf(db, [orderId]);
  return {
    order_id: order.id,
    ref: order.ref,
    date: ukToday(order.confirmedAt ?? order.createdAt),
    sender: {
      name: company.name || fullName(owner),
      lines: [company.address1, company.address2, company.town, company.county, company.postcode, senderCountry?.name ?? ''].filter(Boolean),
      logo,
    },
    deliver_to: [fullName(order), order.companyName, order.address1, order.address2, order.town, order.county, order.postcode, country ?? ''].filter(Boolean),
    items: items.map((i) => ({
      product: i.productName,
      paper: i.stockName,
      qty: i.qty,
      sides: i.sides === 'double' ? 'Double-sided' : 'Single-sided',
      // As frozen at confirmation: what was ordered, whatever the catalogue calls it since.
      choices: choicesText(i.choicesSaved as FrozenChoices | null),
    })),
  };
}

const BOTTOM = 780;

/** The sender's mark at the top left: their logo (PNG or JPEG) over their company name. */
function masthead(doc: PDFKit.PDFDocument, sender: DeliveryNoteContent['sender']): number {
  let y = 48;
  if (sender.logo) {
    try {
      doc.image(sender.logo, LEFT, y, { fit: [180, 56] });
      y += 62;
    } catch {
      // A logo pdfkit cannot read (neither PNG nor JPEG) is left out: the company name still heads the note.
    }
  }
  doc.font('Helvetica-Bold').fontSize(15).fillColor(INK).text(sender.name, LEFT, y, { width: 240 });
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(sender.lines.join('\n'), LEFT, doc.y + 2, { width: 240 });
  return doc.y + 6;
}

/** A delivery note on A4, under the customer's name only. */
export function deliveryNotePdf(c: DeliveryNoteContent): Promise<Buffer> {
  // pdfkit names itself as Producer and Creator unless told: the sender is named instead (never the printer).
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: {
      Title: `Delivery note${c.ref ? ` ${c.ref}` : ''}`,
      Author: c.sender.name,
      Creator: c.sender.name,
      Producer: c.sender.name,
      Subject: 'Delivery note',
    },
  });
  const done = pdfBuffer(doc);

  const mastheadEnd = masthead(doc, c.sender);
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(INK)
    .text('DELIVERY NOTE', 300, 48, { width: RIGHT - 300, align: 'right' });
  const facts: Array<[string, string]> = [];
  if (c.ref) facts.push(['Reference', c.ref]);
  facts.push(['Date', formatDate(c.date)]);
  let y = drawFacts(doc, facts);

  y = Math.max(y, mastheadEnd) + 16;
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text('DELIVER TO', LEFT, y, { width: 240, characterSpacing: 0.5 });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(INK)
    .text(c.deliver_to.join('\n'), LEFT, y + 13, { width: 300 });
  y = doc.y + 24;

  const columns = { item: LEFT, qty: 460 };
  const header = () => {
    doc.rect(LEFT, y, RIGHT - LEFT, 20).fill('#eef2f7');
    doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
    doc.text('Item', columns.item + 6, y + 6);
    doc.text('Quantity', columns.qty, y + 6, { width: RIGHT - columns.qty - 6, align: 'right' });
    y += 26;
  };
  header();
  const width = columns.qty - columns.item - 20;
  for (const item of c.items) {
    const detail = [item.paper, item.sides, item.choices].filter(Boolean).join(' · ');
    doc.font('Helvetica-Bold').fontSize(10);
    const height = doc.heightOfString(item.product, { width }) + doc.font('Helvetica').fontSize(9).heightOfString(detail, { width }) + 2;
    if (y + height > BOTTOM - 60) {
      doc.addPage();
      y = 60;
      header();
    }
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(item.product, columns.item + 6, y, { width });
    doc.text(groupThousands(item.qty), columns.qty, y, { width: RIGHT - columns.qty - 6, align: 'right' });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(detail, columns.item + 6, doc.y + 2, { width });
    y = doc.y + 10;
    doc
      .moveTo(LEFT, y - 5)
      .lineTo(RIGHT, y - 5)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  y += 12;
  if (y > BOTTOM - 40) {
    doc.addPage();
    y = 60;
  }
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Sent by ${c.sender.name}. Please check the contents on arrival.`, LEFT, y, { width: RIGHT - LEFT });
  doc.end();
  return done;
}

/** The note of one order as a file; null when there is no such order. */
export async function deliveryNote(db: Db, files: FileStore, orderId: number): Promise<{ body: Buffer; name: string; size: number } | null> {
  const content = await deliveryNoteContent(db, files, orderId);
  if (!content) return null;
  const body = await deliveryNotePdf(content);
  return { body, name: deliveryNoteFileName(orderId), size: body.length };
}

/**
 * The note staff print for an order: 404 for no such order (or a basket, which staff never see),
 * 409 for an order that is not sent blind — it has no delivery note, and printing one would put the
 * customer's name on a parcel that goes under ours.
 */
export async function staffDeliveryNote(db: Db, files: FileStore, orderId: number): Promise<{ body: Buffer; name: string; size: number }> {
  const [order] = await db.select({ status: orders.status, blind: orders.blindDispatch }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.status === 'basket') throw notFound('No such order.');
  if (!order.blind) throw conflict(`Order ${orderId} is not sent blind: it has no delivery note.`);
  const note = await deliveryNote(db, files, orderId);
  if (!note) throw notFound('No such order.');
  return note;
}
