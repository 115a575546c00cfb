import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A query sent through the pool-level `db` from inside a transaction's callback asks for a second
 * connection while the transaction holds one. On PGlite there is only one: the query waits for the
 * transaction, which waits for the query, for ever — and every request after it waits too. On
 * PostgreSQL it takes a second connection from the pool, and ten such transactions at once empty
 * the pool the same way. The guard marks where a transaction's callback runs (an async context) and
 * is asked by the pool-level entry points before they send anything.
 */
export class TransactionMisuseError extends Error {
  constructor(what: string) {
    super(
      `${what} through the pool-level database inside a transaction's callback: it would wait for the connection that ` +
        'the transaction holds. Send it on the transaction (tx), or before the transaction begins.',
    );
    this.name = 'TransactionMisuseError';
  }
}

/**
 * A query sent on a transaction while its previous one has not answered (a `Promise.all` of reads on
 * `tx`, or a query started and not awaited). A transaction is one connection, and a connection runs
 * one statement at a time: node-postgres queues the second behind the first with a deprecation
 * warning today, and pg 9 refuses it. Reads on a transaction are awaited one after another; reads
 * that may run on the pool or on a transaction go through lib/read-together.ts.
 */
export class OverlappingQueryError extends Error {
  /** The statement under way, and the one sent meanwhile (their SQL, which names where they come from). */
  constructor(
    readonly underWay: string,
    readonly sent: string,
  ) {
    super(
      'A query was sent on a transaction while its previous query had not answered: a transaction is one connection, which runs one statement at a time. ' +
        'Await each query on the transaction before sending the next (lib/read-together.ts runs independent reads at once only on the pool). ' +
        `Under way: ${underWay} — sent: ${sent}`,
    );
    this.name = 'OverlappingQueryError';
  }
}

/**
 * A query sent on a transaction after it ended (committed or rolled back): on PostgreSQL its
 * connection is back in the pool, perhaps in another request's transaction, where the query would
 * run. What sends it is work that outlived its transaction: a read of a `Promise.all` that had
 * already failed, or a query started and not awaited. PGlite refuses such a query itself.
 */
export class QueryAfterTransactionError extends Error {
  constructor(readonly sent: string) {
    super(
      'A query was sent on a transaction that had ended: its connection is back in the pool, perhaps in another transaction. ' +
        `Await every query of a transaction inside its callback. Sent: ${sent}`,
    );
    this.name = 'QueryAfterTransactionError';
  }
}

/** A query's SQL as node-postgres (a config with `text`) or PGlite (the text) is given it, shortened for a message. */
function statementOf(query: unknown): string {
  const text = typeof query === 'string' ? query : ((query as { text?: unknown } | null)?.text ?? '');
  const line = String(text).replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** A transaction connection's `query`, watched for overlaps, and a way to wait until none of its queries is under way. */
export interface OneQueryAtATime<Q> {
  query: Q;
  /** Resolves once every query sent so far has answered (or failed). */
  settled(): Promise<void>;
  /** The transaction is over: a query sent after this is refused (QueryAfterTransactionError). */
  end(): void;
}

/**
 * `throw`: the query fails at once (tests, where the mistake must fail the test that meets it).
 * `log`: it is logged as an error with its stack and goes on, waiting at most the connection wait
 * (production): work merely started from a callback without being awaited there (a timer, a
 * background poll) is harmless and must not fail, and a real deadlock ends with the wait's 503.
 */
export type TransactionMisusePolicy = 'throw' | 'log';

interface OpenTransaction {
  open: boolean;
}

export class TransactionGuard {
  private readonly scope = new AsyncLocalStorage<OpenTransaction>();
  private log: Pick<FastifyBaseLogger, 'error'> = { error: (obj: object, msg: string) => console.error(msg, obj) } as FastifyBaseLogger;

  constructor(readonly policy: TransactionMisusePolicy = 'log') {}

  useLogger(log: Pick<FastifyBaseLogger, 'error'>): void {
    this.log = log;
  }

  /** Runs a transaction's callback, marked as such until it settles. */
  within<T>(work: () => Promise<T>): Promise<T> {
    const frame: OpenTransaction = { open: true };
    return this.scope.run(frame, work).finally(() => {
      frame.open = false;
    });
  }

  /** Called by every pool-level entry point before it waits for a connection. */
  check(what: string): void {
    if (!this.scope.getStore()?.open) return;
    const error = new TransactionMisuseError(what);
    if (this.policy === 'throw') throw error;
    this.log.error({ err: error }, 'query outside the open transaction');
  }

  /**
   * Wraps the `query` of one transaction's connection: a query sent while another of its queries is
   * under way fails at once with OverlappingQueryError naming both statements, and one sent once the
   * transaction has ended with QueryAfterTransactionError (`throw`); or either is logged so and sent
   * anyway, queued by the driver as before (`log`). The error's stack cannot show the caller (a
   * `Promise.all` of drizzle queries starts them from microtasks of its own); the SQL can.
   */
  oneAtATime<Q extends (...args: never[]) => Promise<unknown>>(query: Q): OneQueryAtATime<Q> {
    const underWay = new Map<Promise<unknown>, unknown>();
    let ended = false;
    const watched = ((...args: Parameters<Q>) => {
      const error = ended
        ? new QueryAfterTransactionError(statementOf(args[0]))
        : underWay.size
          ? new OverlappingQueryError(statementOf([...underWay.values()][0]), statementOf(args[0]))
          : null;
      if (error) {
        if (this.policy === 'throw') throw error;
        this.log.error({ err: error }, ended ? 'query on a transaction that had ended' : 'overlapping queries on one transaction');
      }
      const sent = query(...args);
      underWay.set(sent, args[0]);
      const done = () => void underWay.delete(sent);
      sent.then(done, done);
      return sent;
    }) as Q;
    return {
      query: watched,
      settled: () => Promise.allSettled([...underWay.keys()]).then(() => undefined),
      end: () => void (ended = true),
    };
  }
}

/** The database's `transaction` with its callback run inside the guard. */
export function guardTransactions<D extends { transaction: (...args: never[]) => Promise<unknown> }>(db: D, guard: TransactionGuard): D {
  const begin = db.transaction.bind(db) as unknown as (work: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>;
  const guarded = (work: (tx: unknown) => Promise<unknown>, config?: unknown) => begin((tx) => guard.within(() => work(tx)), config);
  (db as unknown as { transaction: typeof guarded }).transaction = guarded;
  return db;
}
