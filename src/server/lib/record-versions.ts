import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { staleRecordMessage } from '../../shared/api/common';
import type { Db } from '../db/client';
import { Conflict, notFound } from './domain-errors';

/**
 * Optimistic concurrency for staff records, as orders have it (DESIGN §2 "Orders": `version`):
 * every record carries the version it was read at, every write adds one to it, and a staff write
 * that names an older version than the row's is refused with 409 — two colleagues saving the same
 * record no longer lose the first one's change without a word.
 */

/** A table whose rows have an integer id and an integer version (`recordVersion()` in db/schema/columns.ts). */
export interface Versioned {
  table: PgTable;
  id: PgColumn;
  version: PgColumn;
}

/** What a refused write names: the record ("stock", "closed day") and the 404 of a record that is gone. */
export interface RecordKind {
  noun: string;
  missing: string;
}

/** `version = version + 1`, for a write's `set`: every write to a versioned row uses it. */
export const nextVersion = (column: PgColumn): SQL => sql`${column} + 1`;

/** The `set` that adds one to the version, under the column's own key in its table (`marginsVersion`, not `margins_version`). */
function bumped(target: Versioned): Record<string, SQL> {
  const key = Object.entries(getTableColumns(target.table)).find(([, column]) => column === target.version)?.[0];
  if (!key) throw new Error(`${target.version.name} is no column of its table`);
  return { [key]: nextVersion(target.version) };
}

/** The 409 of a stale write: the message, and the same text on `version`, so that a form can tell it from other refusals. */
export function staleRecord(kind: RecordKind, action: 'save' | 'delete' = 'save'): Conflict {
  const message = staleRecordMessage(kind.noun, action);
  return new Conflict(message, { version: message });
}

/**
 * Claims a row for a write at the version it was read at, inside the write's transaction: one
 * statement adds one to the version only while it is still `version` (which also locks the row
 * until the transaction ends, so no other write slips in between). A row at another version is a
 * 409; no row is a 404. The caller then writes its change in the same transaction.
 */
export async function claimVersion(tx: Db, target: Versioned, id: number, version: number, kind: RecordKind, where?: SQL): Promise<void> {
  const claimed = await tx
    .update(target.table)
    .set(bumped(target))
    .where(and(eq(target.id, id), eq(target.version, version), where))
    .returning({ id: target.id });
  if (claimed.length) return;
  const [exists] = await tx
    .select({ id: target.id })
    .from(target.table)
    .where(and(eq(target.id, id), where));
  throw exists ? staleRecord(kind) : notFound(kind.missing);
}

/**
 * Before a delete: the row is locked and, when the caller said which version it read (a DELETE may
 * name none: react-admin's deleteMany does not know them), still at it; otherwise 409. No row is a 404.
 */
export async function lockForDelete(tx: Db, target: Versioned, id: number, version: number | undefined, kind: RecordKind, where?: SQL): Promise<void> {
  const [row] = (await tx
    .select({ version: target.version })
    .from(target.table)
    .where(and(eq(target.id, id), where))
    .for('update')) as Array<{ version: number }>;
  if (!row) throw notFound(kind.missing);
  if (version !== undefined && row.version !== version) throw staleRecord(kind, 'delete');
}
