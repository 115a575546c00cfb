import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ofCompany } from '../../db/company-scope';
import { quoteItems, quotes, type QuoteItemRow, type QuoteRow } from '../../db/schema';
import { notFound } from '../../lib/domain-errors';

/*
 * The SQL of a company's quotes: finding one (another company's is 404), their page of the list, and
 * saving one whole. Rules live beside (service.ts); nothing here judges.
 */

export const NO_SUCH_QUOTE = 'No such quote.';

/** A quote of the member's company (whichever member saved it) with its lines; anything else is 404. */
export async function ownQuote(db: Db, userId: number, id: number): Promise<{ row: QuoteRow; items: QuoteItemRow[] }> {
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), ofCompany(quotes.companyId, userId)));
  if (!row) throw notFound(NO_SUCH_QUOTE);
  const items = await db.select().from(quoteItems).where(eq(quoteItems.quoteId, id)).orderBy(asc(quoteItems.id));
  return { row, items };
}

/** A quote's line as an order's item is made of it: what it is, at the quoted price while the quote holds (order_items.quoted_*). */
export function orderItemOfQuote(quote: Pick<QuoteRow, 'id' | 'validUntil'>, item: QuoteItemRow) {
  return {
    productId: item.productId,
    stockId: item.stockId,
    qty: item.qty,
    sides: item.sides,
    orientation: item.orientation,
    notes: item.notes,
    optionIds: item.optionIds,
    turnaroundId: item.turnaroundId,
    quoteId: quote.id,
    quotedPrice: item.price,
    quotedUntil: quote.validUntil,
    // The proof wish goes with the line, and the part of its price that paid for it (a basket's item drops it if the proof is dropped).
    proofRequested: item.proofRequested,
    proofPrice: item.proofRequested ? item.proofPrice : null,
  };
}

/** A page of the member's company's quotes, newest first, with the lines of each and how many there are in all. */
export async function quotePage(db: Db, userId: number, page: number, perPage: number) {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(quotes)
      .where(ofCompany(quotes.companyId, userId))
      .orderBy(desc(quotes.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(quotes).where(ofCompany(quotes.companyId, userId)),
  ]);
  const lines = rows.length
    ? await db
        .select()
        .from(quoteItems)
        .where(
          inArray(
            quoteItems.quoteId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(quoteItems.id))
    : [];
  return { rows, lines, total: n };
}

/** A new quote with its lines, in the caller's transaction. */
export async function insertQuote(
  tx: Db,
  values: typeof quotes.$inferInsert,
  lines: Array<Omit<typeof quoteItems.$inferInsert, 'quoteId'>>,
): Promise<QuoteRow> {
  const [row] = await tx.insert(quotes).values(values).returning();
  await tx.insert(quoteItems).values(lines.map((line) => ({ ...line, quoteId: row.id })));
  return row;
}
