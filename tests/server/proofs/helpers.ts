import { and, eq } from 'drizzle-orm';
import { orderItemProofs, orderItems } from '../../../src/server/db/schema';
import type { TestApp } from '../helpers/app';

/**
 * Makes the item's proof `version` ready, as the proof job would once it has made it: the version's
 * row (with any small file key: these tests never open the PDF) and the item's proof columns.
 */
export async function proofReady(t: TestApp, itemId: number, version = 1, readyAt = new Date()): Promise<void> {
  const db = t.database.db;
  await db
    .update(orderItems)
    .set({ proofRequested: true, proofStatus: 'ready', proofVersion: version, proofStatusAt: readyAt, proofComment: null, proofDecidedBy: null })
    .where(eq(orderItems.id, itemId));
  await db
    .insert(orderItemProofs)
    .values({ orderItemId: itemId, version, fileKey: `proofs/item-${itemId}-v${version}.pdf`, fileSize: 1234, source: 'generated' });
}

/** The version's row of the item's proofs. */
export async function proofRow(t: TestApp, itemId: number, version = 1) {
  const [row] = await t.database.db
    .select()
    .from(orderItemProofs)
    .where(and(eq(orderItemProofs.orderItemId, itemId), eq(orderItemProofs.version, version)));
  return row;
}

/** The messages of the outbox (rows, whether or not delivered yet) to `email`, oldest first. */
export async function mailsTo(t: TestApp, email: string) {
  return (await t.outbox()).filter((m) => m.text.includes(`To: ${email}`)).map((m) => m.text);
}
