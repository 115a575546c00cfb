import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, type Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { seedReferenceData } from '../../src/server/db/seed';
import { throwawayDatabase } from './throwaway-database';

/**
 * A database migrated and given its reference data once per test run, that every test app starts
 * from a copy of: migrating from empty takes seconds, a copy a fraction of one.
 * - Embedded: a dump of a migrated PGlite data directory (a tar file), loaded by each new database.
 * - PostgreSQL (TEST_DATABASE_URL): a database each test's own is created from as its TEMPLATE.
 * Made by the runner's global set-up, named to the test processes in the environment, removed at
 * the run's end. A test that migrates on its own (from empty, or from an older schema) asks for no
 * template and gets an empty database.
 */
export const SNAPSHOT_ENV = 'TEST_DATABASE_SNAPSHOT';
export const TEMPLATE_ENV = 'TEST_DATABASE_TEMPLATE';

export interface DatabaseTemplate {
  /** The PGlite dump's file. */
  snapshotFile: string;
  /** The template database's name on TEST_DATABASE_URL's server, when there is one. */
  templateName?: string;
  remove(): Promise<void>;
}

export async function makeDatabaseTemplate(serverUrl = process.env.TEST_DATABASE_URL): Promise<DatabaseTemplate> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pjt-template-'));
  const snapshotFile = path.join(dir, 'migrated.tar');
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create();
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    await seedReferenceData(db as unknown as Db);
    writeFileSync(snapshotFile, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await client.close();
  }
  let template: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
  if (serverUrl) {
    template = await throwawayDatabase(serverUrl, 'pjt_template');
    const database = await openDatabase({ databaseUrl: template.url, dataDir: dir, poolSize: 1 });
    try {
      await migrateDatabase(database);
      await seedReferenceData(database.db);
    } finally {
      await database.close();
    }
  }
  return {
    snapshotFile,
    templateName: template?.name,
    async remove() {
      await template?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let snapshot: { file: string; blob: Blob } | undefined;
/** The run's migrated PGlite dump, read once per test process; undefined outside a run that made one. */
export function migratedSnapshot(): Blob | undefined {
  const file = process.env[SNAPSHOT_ENV];
  if (!file) return undefined;
  if (snapshot?.file !== file) snapshot = { file, blob: new Blob([readFileSync(file)]) };
  return snapshot.blob;
}

/** The run's template database on TEST_DATABASE_URL's server; undefined outside a run that made one. */
export function migratedTemplate(): string | undefined {
  return process.env[TEMPLATE_ENV] || undefined;
}
