import { sql } from 'drizzle-orm';
import { bare, qualified } from '../../db/columns';
import { orderItems } from '../../db/schema';
import { itemHasProof } from '../../../shared/domain/orders/proofs';
import type { OrderItemRow } from '../../db/schema';
import type { JobQueue } from '../../lib/jobs';

/*
 * How a confirmation starts its items' proofs, for the move's own statement (orders/transitions.ts):
 * kept here, beside the job it queues, so that the orders module knows nothing of proofs but these two clauses.
 */

/** The queue of the proofs made from checked artwork; payload {itemId, version}. */
export const PROOF_QUEUE = 'proof';
export const PROOF_ATTEMPTS = 4;

export interface ProofJob {
  itemId: number;
  /** The version to make: when the item is no longer making this one, the job has nothing to do. */
  version: number;
}

/**
 * What a confirmation does to its items' proofs, in the move's own statement (orders/transitions.ts):
 * an item whose product requires a proof gets one, and every item with one is `making` its version 1.
 * SQL set clauses over `order_items` joined to the product as `proof_product`.
 */
export function proofStartSet() {
  const wanted = sql`(${qualified(orderItems.proofRequested)} or proof_product.proof_required)`;
  return sql`${bare(orderItems.proofRequested)} = ${wanted},
    ${bare(orderItems.proofStatus)} = case when ${wanted} then 'making' end,
    ${bare(orderItems.proofVersion)} = case when ${wanted} then 1 end,
    ${bare(orderItems.proofStatusAt)} = case when ${wanted} then now() end`;
}

/** The proof job's payload for each row of a CTE of items set `making` (id, proof_version): the confirmation's jobs. */
export function proofJobsFrom(jobs: Pick<JobQueue, 'enqueueFrom'>, from: string) {
  const source = sql.identifier(from);
  return jobs.enqueueFrom(from, PROOF_QUEUE, sql`jsonb_build_object('itemId', ${source}.id, 'version', ${source}.proof_version)`, {
    maxAttempts: PROOF_ATTEMPTS,
  });
}

/** An item's proof columns as the confirmation's statement (proofStartSet) leaves them: what the confirmation answers. */
export function confirmedProof(
  item: Pick<OrderItemRow, 'proofRequested'> & { productProofRequired: boolean },
  at: Date,
): Partial<Pick<OrderItemRow, 'proofRequested' | 'proofStatus' | 'proofVersion' | 'proofStatusAt'>> {
  if (!itemHasProof(item.proofRequested, item.productProofRequired)) return {};
  return { proofRequested: true, proofStatus: 'making', proofVersion: 1, proofStatusAt: at };
}
