import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { DatabaseAvailability, withTimeout, type AvailabilityOptions } from './availability';
import { PgliteConnection, type ConnectionUsage } from './pglite-connection';
import { guardTransactions, TransactionGuard, type TransactionMisusePolicy } from './transaction-guard';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services use, on PGlite and on PostgreSQL alike. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when this process created the embedded data directory just now. */
  fresh: boolean;
  /** One round trip on a connection of its own: resolves when the database answers, rejects after `timeoutMs` (default 1.5 s). */
  ping(timeoutMs?: number): Promise<void>;
  /** Whether the database answers: marks it down on connection errors, probes until it is back (db/availability.ts). */
  availability: DatabaseAvailability;
  /** Marks where transactions' callbacks run, and what a pool-level query sent from one does (db/transaction-guard.ts). */
  transactions: TransactionGuard;
  /** Runs long maintenance (migrations) on a connection without the statement time-out. */
  withoutTimeouts<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** The pool's connections now: in use, free, and callers waiting (the metrics). */
  connections(): ConnectionUsage;
  close(): Promise<void>;
}

/** Time-outs of the database: a stalled server, or a connection held too long, must not hang every request. */
export interface DatabaseTimeouts {
  /** Connecting, and waiting for a free connection of the pool — on PGlite, for its one connection (default 5 s). */
  connectMs: number;
  /** statement_timeout: the server cancels a statement running longer (default 30 s). */
  statementMs: number;
  /** idle_in_transaction_session_timeout: the server ends a session idle inside a transaction (default 60 s). */
  idleInTransactionMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5000, statementMs: 30_000, idleInTransactionMs: 60_000 };
/** The client gives up on an answer this long after the server should have cancelled the statement (a stalled server never does). */
const READ_MARGIN_MS = 5000;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * `databaseUrl` → PostgreSQL through a node-postgres pool; otherwise PGlite in `dataDir/db`
 * (or in memory when dataDir is `memory://`, which the tests use).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  timeouts?: Partial<DatabaseTimeouts>;
  availability?: AvailabilityOptions;
  /** What a pool-level query from inside a transaction's callback does: fail at once (tests), or be logged (default). */
  transactionMisuse?: TransactionMisusePolicy;
  /** Embedded only: starts a new data directory from a dump of another (PGlite's `dumpDataDir`), e.g. one migrated once for a whole test run. */
  initialData?: Blob;
}): Promise<Database> {
  const t = { ...DEFAULT_DATABASE_TIMEOUTS, ...opts.timeouts };
  const transactions = new TransactionGuard(opts.transactionMisuse);
  if (opts.databaseUrl) {
    const { Pool, Client } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const connection = {
      connectionString: opts.databaseUrl,
      // random_page_cost 1.1 (for SSDs and a cached working set; PostgreSQL's 4 assumes spinning disks) lets the
      // planner choose the indexes the lists are built on, e.g. the users search's trigram index.
      options: '-c random_page_cost=1.1',
      keepAlive: true,
    };
    const pool = new Pool({
      ...connection,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: t.connectMs,
      statement_timeout: t.statementMs,
      idle_in_transaction_session_timeout: t.idleInTransactionMs,
      query_timeout: t.statementMs + READ_MARGIN_MS,
    });
    // Every connection for the pool-level db (a query, or a transaction's) is asked for here.
    const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
    pool.connect = ((...args: unknown[]) => {
      transactions.check('A connection was asked for');
      return connect(...args);
    }) as typeof pool.connect;
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    (await import('./pg-transactions')).releasingTransactions(db, pool, transactions);
    guardTransactions(db, transactions);

    // The probe has a connection of its own: a busy pool is not a database that does not answer.
    let probeClient: InstanceType<typeof Client> | null = null;
    let connecting: Promise<InstanceType<typeof Client>> | null = null;
    const dropProbe = (client: InstanceType<typeof Client> | null) => {
      if (!client) return;
      if (probeClient === client) probeClient = null;
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      void client.end().catch(() => undefined);
    };
    async function probeConnection(timeoutMs: number): Promise<InstanceType<typeof Client>> {
      if (probeClient) return probeClient;
      connecting ??= (async () => {
        const client = new Client({ ...connection, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, statement_timeout: timeoutMs });
        client.on('error', () => dropProbe(client));
        try {
          await client.connect();
        } catch (error) {
          dropProbe(client);
          throw error;
        }
        probeClient = client;
        return client;
      })().finally(() => (connecting = null));
      return connecting;
    }
    // One probe at a time on its one client (pg refuses a second query while one runs): callers
    // arriving meanwhile share the answer of the probe under way.
    let probing: Promise<void> | null = null;
    const probe = (timeoutMs: number): Promise<void> => {
      probing ??= probeOnce(timeoutMs).finally(() => (probing = null));
      return probing;
    };
    const probeOnce = async (timeoutMs: number) => {
      let client: InstanceType<typeof Client> | null = null;
      try {
        await withTimeout(
          (async () => {
            client = await probeConnection(timeoutMs);
            await client.query({ text: 'select 1', query_timeout: timeoutMs } as never);
          })(),
          timeoutMs,
        );
      } catch (error) {
        dropProbe(client ?? probeClient);
        throw error;
      }
    };
    const availability = new DatabaseAvailability(probe, opts.availability);
    // An idle client losing its connection (server restart) must not take the process down; it is an outage signal.
    pool.on('error', (err) => availability.noteFailure(err));
    // Nor one checked out: pg-pool listens to a client's errors only while it is idle, and a connection
    // lost between two statements of a transaction, or after a query failed on it, is an 'error' event
    // with no listener — which ends the process. Each client gets a listener of its own when it is made,
    // whoever checks it out; the statement under way (or the next) fails, and the pool drops the client.
    pool.on('connect', (client) => client.on('error', (err) => availability.noteFailure(err)));

    return {
      db,
      kind: 'postgres',
      fresh: false,
      ping: (timeoutMs = 1500) => probe(timeoutMs),
      availability,
      connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      transactions,
      async withoutTimeouts(work) {
        const client = new Client({ ...connection, connectionTimeoutMillis: t.connectMs });
        // Its statement under way fails on a lost connection; the 'error' event must not end the process.
        client.on('error', (err) => availability.noteFailure(err));
        await client.connect();
        try {
          return await work(drizzle({ client, schema }) as unknown as Db);
        } finally {
          await client.end();
        }
      },
      async close() {
        availability.stop();
        dropProbe(probeClient);
        await pool.end();
      },
    };
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
  const client = await PGlite.create({ dataDir: dir, ...(fresh && opts.initialData && { loadDataDir: opts.initialData }) });
  const connection = new PgliteConnection(client, transactions, t.connectMs);
  const db = guardTransactions(drizzle({ client: connection as unknown as InstanceType<typeof PGlite>, schema }) as unknown as Db, transactions);
  const ping = (timeoutMs = 1500) => withTimeout(db.execute(sql`select 1`), timeoutMs).then(() => undefined);
  // Embedded: nothing to lose a connection to, so no heartbeat.
  const availability = new DatabaseAvailability(ping, { heartbeatMs: 0, neverDown: true });
  return {
    db,
    kind: 'pglite',
    fresh,
    ping,
    availability,
    transactions,
    withoutTimeouts: (work) => work(db),
    connections: () => connection.usage(),
    close: () => client.close(),
  };
}

/**
 * Applies the committed SQL migrations (drizzle-kit generated) in order; safe to run on every start.
 * `migrationsFolder` names another folder of the same shape (a test stops the schema at an earlier migration).
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // A migration may build an index for minutes: not under the pool's statement time-out.
    await database.withoutTimeouts((db) => migrate(db as never, { migrationsFolder }));
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
  }
}
