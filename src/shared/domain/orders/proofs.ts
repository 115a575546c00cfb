import { dispatchPromise, formatDay, type CivilDate, type DispatchPromise } from '../calendar/workingDays';

/**
 * Proofs (DESIGN §2 "Proofs and templates"): an item of a product that requires one, or whose
 * customer asked for one, is not printed until its customer approved a proof of it. The rules
 * server and browser share: the states, their names, who may do what in which state, and the
 * dispatch date counted from the last approval.
 *
 *   (confirmed) → making → ready → approved                        (final for that version)
 *                               ↘ changes_requested → making (a new version: new artwork checked, or staff's own proof)
 *   staff may upload their own proof in any state but approved, which makes it the next version, ready.
 */
export const PROOF_STATUSES = ['making', 'ready', 'approved', 'changes_requested'] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

/** What the customer reads of a proof's state, on the order page, the list and in e-mails. */
export const PROOF_STATUS_NAMES: Record<ProofStatus, string> = {
  making: 'Proof being made',
  ready: 'Waiting for your approval',
  approved: 'Proof approved',
  changes_requested: 'Changes requested',
};

/** The state of the item's proof as the API answers it (null for an item without one, or a basket's). */
export interface ItemProofState {
  status: ProofStatus;
  /** The version the status is of (1, 2, …); while `making`, the one being made. */
  version: number;
  comment: string | null;
  decided_at: string | null;
  decided_by: string | null;
}

/** The safe area: text and anything that must not be trimmed stays this far inside the trim. */
export const SAFE_AREA_MM = 3;

/** The first reminder of a proof nobody decided on goes this long after it was ready… */
export const PROOF_REMINDER_FIRST_MS = 24 * 60 * 60_000;
/** …then one a day… */
export const PROOF_REMINDER_EVERY_MS = 24 * 60 * 60_000;
/** …for three more days: four reminders at most per version. */
export const PROOF_REMINDERS_MAX = 4;

/** The decisions a customer (or staff for them) takes on a ready proof. */
export const PROOF_DECISIONS = ['approved', 'changes_requested'] as const;
export type ProofDecision = (typeof PROOF_DECISIONS)[number];

/** The longest comment a change request takes. */
export const PROOF_COMMENT_MAX = 2000;

/** An item waits for its customer's approval: it has a proof, and its current one is not approved. */
export function awaitsApproval(item: { proof_requested: boolean; proof: ItemProofState | null }): boolean {
  return item.proof_requested && item.proof?.status !== 'approved';
}

/** The item gets a proof: the customer asked, or its product always has one. */
export function itemHasProof(requested: boolean, productRequiresProof: boolean): boolean {
  return requested || productRequiresProof;
}

/**
 * Why a decision cannot be taken on the item's proof now (null when it can): only a ready proof is
 * decided on, and only the version the customer looked at (an older one is a 409).
 */
export function proofDecisionRefusal(current: { status: ProofStatus | null; version: number | null }, version: number): string | null {
  if (current.status === null || current.version === null) return 'This item has no proof.';
  if (version !== current.version) return `Proof version ${version} is out of date: version ${current.version} is the current one. Look at it first.`;
  if (current.status === 'approved') return `Proof version ${version} is already approved.`;
  if (current.status === 'changes_requested') return `Changes to proof version ${version} were already asked for; a new version will follow.`;
  if (current.status === 'making') return `Proof version ${version} is still being made.`;
  return null;
}

/** How an order's dispatch date was counted at confirmation (orders.dispatch_basis). */
export interface DispatchBasis {
  production_days: number;
  transit_days: number | null;
  cutoff: string;
}

/**
 * The dispatch (and delivery) date of an order with proofs, counted from its last approval by the
 * rule it was confirmed with: production starts on the day of approval when that is a working day
 * before the cut-off, else on the next working day; then the same working days as at confirmation.
 */
export function dispatchFromApproval(approvedAt: Date, basis: DispatchBasis, closed: ReadonlySet<CivilDate>): DispatchPromise {
  return dispatchPromise(approvedAt, { productionDays: basis.production_days, transitDays: basis.transit_days, closed, cutoff: basis.cutoff });
}

/**
 * The order statuses in which its proofs are decided on: Pending (confirmed, not yet printed) and
 * on hold, where a corrected file may be asked for. A cancelled, printed or dispatched order's
 * proofs are past deciding (409).
 */
export const PROOF_DECIDABLE_ORDER_STATUSES = ['live', 'problem'] as const;

export function canDecideProofs(orderStatus: string): boolean {
  return (PROOF_DECIDABLE_ORDER_STATUSES as readonly string[]).includes(orderStatus);
}

/** How long the link of a proof's e-mail opens it (after that it answers 410: open the order instead). */
export const PROOF_LINK_DAYS = 30;

/**
 * By when an approval keeps the dates of `promise` (counted as if approved at its moment): "today
 * before 12:00" when production would start today, else "before 12:00 on Mon 30 Nov". The words
 * the e-mails and pages put after "if you approve the proof".
 */
export function approvalDeadline(promise: Pick<DispatchPromise, 'start' | 'beforeCutoffToday'>, cutoff: string): string {
  return promise.beforeCutoffToday ? `today before ${cutoff}` : `before ${cutoff} on ${formatDay(promise.start)}`;
}
