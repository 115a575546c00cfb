import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { DatabaseBusyError } from './availability';
import type { TransactionGuard } from './transaction-guard';

/** Connections of the pool (PGlite: its one), those free, and the callers waiting for one. */
export interface ConnectionUsage {
  total: number;
  idle: number;
  waiting: number;
}

interface Waiter {
  grant(): void;
}

/**
 * PGlite's one connection, as drizzle's PGlite driver uses it (`query`, `exec`, `transaction`),
 * handed out in turn with a bounded wait: a statement, or a whole transaction, has it alone, and
 * whoever cannot have it within `waitMs` is refused with DatabaseBusyError (503 with Retry-After),
 * as PostgreSQL's pool refuses a connection it cannot give in time. PGlite's own queue cannot be
 * left once joined, so the waiting happens here, before it. The guard refuses (or logs) a query or
 * transaction asked for from inside the callback of the transaction that holds the connection: that
 * one would wait for itself; and a query sent on a transaction while its previous query runs.
 */
export class PgliteConnection {
  private held = false;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly client: PGlite,
    private readonly guard: TransactionGuard,
    private readonly waitMs: number,
  ) {}

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    this.guard.check('A query was sent');
    return this.exclusive(() => this.client.query<T>(text, params, options));
  }

  exec(text: string, options?: QueryOptions): Promise<Array<Results>> {
    this.guard.check('A statement was sent');
    return this.exclusive(() => this.client.exec(text, options));
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    this.guard.check('A transaction was begun');
    // PGlite queues a query sent while the previous one runs, as node-postgres does: the guard makes
    // the overlap fail here too, where most tests run, not only on PostgreSQL.
    return this.exclusive(() =>
      this.client.transaction((tx) => work(Object.assign(Object.create(tx) as Transaction, { query: this.guard.oneAtATime(tx.query).query }))),
    );
  }

  close(): Promise<void> {
    return this.client.close();
  }

  /** The one connection as a pool of one: whether it is in use, and how many wait for it. */
  usage(): ConnectionUsage {
    return { total: 1, idle: this.held ? 0 : 1, waiting: this.waiting.length };
  }

  private async exclusive<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant() {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new DatabaseBusyError(this.waitMs));
      }, this.waitMs);
      this.waiting.push(waiter);
    });
  }

  /** Hands the connection to the longest waiter, or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.held = false;
  }
}
