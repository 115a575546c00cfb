import { z } from 'zod';
import { idSchema, optionalText, wholeNumberSchema } from './common';
import { civilDateSchema } from './delivery';
import { PAYMENT_METHODS } from '../domain/payments/terms';

/** The largest payment staff may record, in pence (£1,000,000): a typing slip past it is refused, not trusted. */
export const PAYMENT_AMOUNT_MAX = 100_000_000;

export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  other: 'Other',
};

const amountSchema = (label: string) =>
  wholeNumberSchema(label, 1, PAYMENT_AMOUNT_MAX, `${label} must be a whole number of pence from 1 to ${PAYMENT_AMOUNT_MAX}`);

/** What part of a payment pays which invoice, in pence. */
export const paymentAllocationSchema = z.object({ invoice_id: z.number(), invoice_number: z.string(), amount: z.number() });

/** A payment as staff see it (`payments` resource): what is allocated to invoices, and what is left as the customer's credit. */
export const staffPaymentSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  customer: z.string(),
  amount: z.number(),
  received_on: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  order_id: z.number().nullable(),
  allocations: z.array(paymentAllocationSchema),
  allocated: z.number(),
  unallocated: z.number(),
  recorded_by: z.number().nullable(),
  created_at: z.string(),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

/**
 * `POST /api/admin/payments`: a payment received (not in the future), and optionally what it pays;
 * without `allocations` (or with none) it pays the customer's invoices oldest due first, the rest left as credit.
 */
export const staffPaymentCreateSchema = z.object({
  user_id: idSchema('Choose the customer'),
  amount: amountSchema('The amount'),
  received_on: civilDateSchema('The date received'),
  method: z.enum(PAYMENT_METHODS, { message: 'Choose how it was paid' }),
  reference: optionalText(200),
  allocations: z
    .array(z.object({ invoice_id: idSchema('Choose the invoice'), amount: amountSchema('The amount allocated') }), {
      message: 'A list of invoices and amounts',
    })
    .max(500, 'At most 500 invoices')
    .nullable()
    .optional(),
});
export type StaffPaymentCreate = z.input<typeof staffPaymentCreateSchema>;
