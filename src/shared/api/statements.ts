import { z } from 'zod';
import { AGED_DEBT_BUCKETS, MAX_STATEMENT_DAYS, daysBetween } from '../domain/payments/statement';
import { civilDateSchema } from './delivery';

/**
 * `GET /api/statement?from=YYYY-MM-DD&to=YYYY-MM-DD`: a customer's statement of a period (both days
 * included). Neither given: this calendar month (UK). One given: the other is asked for by name.
 */
export const statementPeriodQuerySchema = z
  .object({ from: civilDateSchema('The start date').optional(), to: civilDateSchema('The end date').optional() })
  .superRefine(({ from, to }, ctx) => {
    if (from && !to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose the end date too' });
    if (to && !from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose the start date too' });
    if (!from || !to) return;
    if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
    else if (daysBetween(from, to) + 1 > MAX_STATEMENT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A statement covers at most ${MAX_STATEMENT_DAYS} days` });
  });
export type StatementPeriodQuery = z.input<typeof statementPeriodQuerySchema>;

const agedDebtShape = Object.fromEntries(AGED_DEBT_BUCKETS.map((bucket) => [bucket, z.number()])) as Record<(typeof AGED_DEBT_BUCKETS)[number], z.ZodNumber>;

/** What a customer owes on their invoices by days past due, and in all (pence). */
export const agedDebtSchema = z.object({ ...agedDebtShape, total: z.number() });

export const statementLineSchema = z.object({
  kind: z.enum(['invoice', 'payment', 'refund']),
  date: z.string(),
  reference: z.string(),
  amount: z.number(),
  balance: z.number(),
});

/** A statement: balances in pence, positive when the customer owes (negative: in credit). */
export const statementSchema = z.object({
  from: z.string(),
  to: z.string(),
  opening_balance: z.number(),
  lines: z.array(statementLineSchema),
  closing_balance: z.number(),
  /** The UK date the aged debt is counted at (today). */
  aged_on: z.string(),
  aged_debt: agedDebtSchema,
});
export type StatementAnswer = z.infer<typeof statementSchema>;

/** A row of the staff aged-debt report (`aged-debt` resource, id = the customer's user id). */
export const agedDebtRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  ...agedDebtShape,
  total: z.number(),
  /** Payments not allocated to any invoice (pence): what the customer has in hand. */
  credit: z.number(),
  /** Why their orders on account are held by credit control just now; null when they are not (or pay by card). */
  on_hold_reason: z.string().nullable(),
});
export type AgedDebtRow = z.infer<typeof agedDebtRowSchema>;
