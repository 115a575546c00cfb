import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import type { TransactionGuard } from './transaction-guard';

type SessionInternals = ConstructorParameters<typeof NodePgSession>;
interface OpenSession {
  dialect: SessionInternals[1];
  schema: SessionInternals[2];
  options: SessionInternals[3];
  transaction(work: (tx: NodePgTransaction<never, never>) => Promise<unknown>, config?: PgTransactionConfig): Promise<unknown>;
}

/**
 * drizzle's node-postgres transaction, with its client given back to the pool however it ends.
 * drizzle's own releases the client only once `begin` has succeeded: a connection lost at `begin`
 * (PostgreSQL restarting, a session killed) kept its client checked out for good, and each such
 * moment left the pool a connection smaller, until none was left. A client whose `begin`, or whose
 * `rollback`, failed is released with that error, so that the pool ends it instead of lending it
 * again (in the middle of a transaction, or with no connection behind it). With a guard, the
 * transaction's queries are sent one at a time and none after it ends (TransactionGuard.oneAtATime),
 * and a failed callback's `rollback` waits for a query still under way rather than being queued behind it.
 */
export function releasingTransactions(db: unknown, pool: Pool, guard?: TransactionGuard): void {
  const session = (db as { session: OpenSession }).session;
  session.transaction = async (work, config) => {
    const client: PoolClient = await pool.connect();
    let broken: Error | undefined;
    // drizzle's session sends everything through `query`, which alone is watched (the client itself goes back to the pool).
    const queries = guard?.oneAtATime(client.query.bind(client) as (...args: never[]) => Promise<unknown>);
    try {
      const connection = queries ? ({ query: queries.query } as unknown as PoolClient) : client;
      const tx = new NodePgTransaction(
        session.dialect,
        new NodePgSession(connection, session.dialect, session.schema, session.options),
        session.schema as never,
      );
      try {
        await tx.execute(sql`begin`);
        if (config) await tx.setTransaction(config);
      } catch (error) {
        broken = error as Error;
        throw error;
      }
      try {
        const result = await work(tx as never);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await queries?.settled();
        await tx.execute(sql`rollback`).catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      }
    } finally {
      queries?.end();
      client.release(broken);
    }
  };
}
