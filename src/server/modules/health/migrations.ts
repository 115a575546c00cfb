import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, type Db } from '../../db/client';
import { pgError } from '../../db/errors';

/** undefined_table, invalid_schema_name: the migrator never ran on this database. */
const NEVER_MIGRATED = new Set(['42P01', '3F000']);

/** When the newest migration this build carries was made (drizzle-kit's journal), as the migrator records it. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * Whether the database has every migration this build carries (drizzle's migrator records each in
 * `drizzle.__drizzle_migrations` with its journal time). Once true it stays true: the answer is kept,
 * and later checks cost nothing.
 */
export function migrationsCheck(db: Db): () => Promise<boolean> {
  let applied = false;
  const newest = newestMigrationMillis();
  return async () => {
    if (applied) return true;
    try {
      const result = await db.execute(sql`select 1 from drizzle.__drizzle_migrations where created_at >= ${newest} limit 1`);
      applied = (result as unknown as { rows: unknown[] }).rows.length > 0;
    } catch (error) {
      // Any other error is the database's not answering, which the caller reports as such.
      if (!NEVER_MIGRATED.has(pgError(error)?.code ?? '')) throw error;
      applied = false;
    }
    return applied;
  };
}
