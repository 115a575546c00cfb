/**
 * A database of its own on a PostgreSQL server that tests and benches share: made empty (or as a
 * copy of `template`) under a unique name (`prefix` says whose it is when one is left behind), and dropped by `drop` even while
 * connections to it are still open. `pg` is loaded only when one is asked for (a PGlite run never is).
 */
export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function throwawayDatabase(serverUrl: string, prefix: string, opts: { template?: string } = {}): Promise<ThrowawayDatabase> {
  const { default: pg } = await import('pg');
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  // A copy of a template's files (helpers/database-template.ts): on a cluster without fsync, as CI's, a
  // file copy is quicker than replaying the template through the write-ahead log.
  await admin(opts.template ? `create database ${name} template ${opts.template} strategy file_copy` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
