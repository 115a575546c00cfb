import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

type Reads<T extends readonly unknown[]> = { [K in keyof T]: () => Promise<T[K]> };

/**
 * Independent reads at once on the pool (each on a connection of its own), but one after another on
 * a transaction: its one connection takes one query at a time, and node-postgres queues the rest
 * with a deprecation warning today and will refuse them in pg 9. The same readers serve both (a
 * webhook event's order is presented inside the transaction that changed it).
 */
export async function readTogether<T extends readonly unknown[]>(executor: Db, reads: Reads<T>): Promise<T> {
  if (!(executor instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}
