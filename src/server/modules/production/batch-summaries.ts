import { sql, type SQL } from 'drizzle-orm';
import type { BatchStatus, BatchSummary } from '../../../shared/api/staff-production';
import type { Db } from '../../db/client';
import { qualified } from '../../db/columns';
import { batches, jobs as jobRows, stock, users } from '../../db/schema';
import { fieldsOf, type ListSpec } from '../../lib/list-query';

/** A batch as staff list it: its counts and progress, its stock and maker by name, and how its run's job fares. */

/** A value of the batch's job (null when it has none, or it was cleared away once finished). */
const ofJob = <T>(value: SQL) => sql<T>`(select ${value} from ${jobRows} where ${jobRows.id} = ${qualified(batches.jobId)})`;
const summaryColumns = {
  id: batches.id,
  status: batches.status,
  stockId: batches.stockId,
  stockName: sql<string | null>`(select ${stock.name} from ${stock} where ${stock.id} = ${qualified(batches.stockId)})`,
  createdBy: batches.createdBy,
  creatorName: sql<
    string | null
  >`(select trim(${users.firstname} || ' ' || ${users.lastname}) from ${users} where ${users.id} = ${qualified(batches.createdBy)})`,
  itemCount: batches.itemCount,
  orderCount: batches.orderCount,
  filesDone: batches.filesDone,
  filesTotal: batches.filesTotal,
  zipSize: batches.zipSize,
  error: batches.error,
  createdAt: batches.createdAt,
  finishedAt: batches.finishedAt,
  jobAttempt: ofJob<number | null>(sql`${jobRows.attempts}`),
  jobInterruptedAt: ofJob<Date | null>(sql`${jobRows.interruptedAt}`).mapWith(jobRows.interruptedAt),
  jobLastError: ofJob<string | null>(sql`${jobRows.lastError}`),
  // The run's worker has not renewed its lease in time: it died, and another worker takes the run over.
  jobSilentSince: ofJob<Date | null>(sql`case when ${jobRows.status} = 'running' and ${jobRows.lockedUntil} < now() then ${jobRows.heartbeatAt} end`).mapWith(
    jobRows.heartbeatAt,
  ),
};
interface SummaryRow {
  id: number;
  status: string;
  stockId: number | null;
  stockName: string | null;
  createdBy: number | null;
  creatorName: string | null;
  itemCount: number;
  orderCount: number;
  filesDone: number;
  filesTotal: number;
  zipSize: number | null;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  jobAttempt: number | null;
  jobInterruptedAt: Date | null;
  jobLastError: string | null;
  jobSilentSince: Date | null;
}

export const presentSummary = (r: SummaryRow): BatchSummary => ({
  id: r.id,
  status: r.status as BatchStatus,
  stock_id: r.stockId,
  stock_name: r.stockName,
  created_by: r.createdBy,
  created_by_name: r.creatorName,
  item_count: r.itemCount,
  order_count: r.orderCount,
  files_done: r.filesDone,
  files_total: r.filesTotal,
  zip_size: r.zipSize,
  error: r.error,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
  run:
    r.jobAttempt === null
      ? null
      : {
          attempt: r.jobAttempt,
          interrupted_at: r.jobInterruptedAt ? r.jobInterruptedAt.toISOString() : null,
          last_error: r.jobLastError,
          silent_since: r.jobSilentSince ? r.jobSilentSince.toISOString() : null,
        },
});

/** The summaries of every batch, to narrow with `.where(…)`. */
export const summaries = (db: Db) => db.select(summaryColumns).from(batches);

export const batchList: ListSpec<BatchSummary, SummaryRow> = {
  table: batches,
  select: summaryColumns,
  present: async (rows) => rows.map(presentSummary),
  fields: fieldsOf(batches, { id: 'int', stock_id: 'int', status: { type: 'enum', values: ['queued', 'running', 'done', 'failed'] }, created_at: 'date' }),
  sortable: ['id', 'created_at', 'item_count'],
  sortBy: { created_at: batches.id },
  defaultSort: ['id', 'DESC'],
  id: batches.id,
};
