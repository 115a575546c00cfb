import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogueState } from '../../db/schema';

/**
 * Every change to stock, products, their links or margins calls this in its own transaction, so
 * that the cached price list of every API instance (prices/snapshot.ts) is rebuilt at its next request.
 */
export async function bumpCatalogueVersion(tx: Db): Promise<void> {
  await tx
    .insert(catalogueState)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: catalogueState.id, set: { version: sql`${catalogueState.version} + 1` } });
}
