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
}

/** The database's `transaction` with its callback run inside the guard. */
export function guardTransactions<D extends { transaction: (...args: never[]) => Promise<unknown> }>(db: D, guard: TransactionGuard): D {
  const begin = db.transaction.bind(db) as unknown as (work: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>;
  const guarded = (work: (tx: unknown) => Promise<unknown>, config?: unknown) => begin((tx) => guard.within(() => work(tx)), config);
  (db as unknown as { transaction: typeof guarded }).transaction = guarded;
  return db;
}
