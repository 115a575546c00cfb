import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services use, on PGlite and on PostgreSQL alike. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when this process created the embedded data directory just now. */
  fresh: boolean;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * `databaseUrl` → PostgreSQL through a node-postgres pool; otherwise PGlite in `dataDir/db`
 * (or in memory when dataDir is `memory://`, which the tests use).
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle client losing its connection (server restart) must not take the process down.
    pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', fresh: false, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let fresh = true;
  let dir: string | undefined;
  if (opts.dataDir !== 'memory://') {
    dir = path.resolve(opts.dataDir, 'db');
    const { existsSync } = await import('node:fs');
    fresh = !existsSync(path.join(dir, 'PG_VERSION'));
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir);
  const db = drizzle({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', fresh, close: () => client.close() };
}

/** Applies the committed SQL migrations (drizzle-kit generated) in order; safe to run on every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}
