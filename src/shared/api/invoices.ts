import { z } from 'zod';
import { idSchema, requiredText, textSchema, wholeNumberSchema } from './common';
import { civilDateSchema } from './delivery';
import { INVOICE_STATES } from '../domain/payments/invoice-state';

export const INVOICE_SOURCES = ['raised', 'uploaded'] as const;
export type InvoiceSource = (typeof INVOICE_SOURCES)[number];

/** An invoice as its customer and staff see it in lists. Money in pence. */
export const invoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  /** The invoice date (UK civil date). */
  date: z.string(),
  order_id: z.number().nullable(),
  source: z.enum(INVOICE_SOURCES),
  net: z.number().nullable(),
  vat: z.number().nullable(),
  total: z.number(),
  /** When it is to be paid (UK civil date). */
  due_date: z.string(),
  /** Pence allocated to it from payments, and what is left to pay. */
  paid: z.number(),
  balance: z.number(),
  state: z.enum(INVOICE_STATES),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** Staff see whose it is. */
export const staffInvoiceSchema = invoiceSchema.extend({ user_id: z.number(), customer: z.string() });
export type StaffInvoice = z.infer<typeof staffInvoiceSchema>;

/** `GET /api/invoices`: the customer's own, newest first; `q` finds a number or an order number. */
export const invoiceListQuerySchema = z.object({
  q: textSchema().trim().max(100, 'At most 100 characters').optional(),
  /** `1`: only the invoices still owing (unpaid, part-paid or overdue). */
  unpaid: z.enum(['0', '1'], { message: 'Must be 0 or 1' }).optional(),
  page: wholeNumberSchema('Page', 1, 100_000).optional().default(1),
  per_page: wholeNumberSchema('Per page', 1, 100).optional().default(20),
});
export const invoiceListSchema = z.object({ data: z.array(invoiceSchema), total: z.number(), page: z.number(), per_page: z.number() });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/** The multipart field of an uploaded invoice's PDF, and its limit. */
export const INVOICE_FILE_FIELD = 'file';
export const INVOICE_FILE_MAX_MB = 10;

/** The text fields of `POST /api/admin/invoices` (multipart, beside the PDF): whose, its number, date and total (£). */
export const invoiceUploadSchema = z.object({
  user_id: idSchema('Choose the customer'),
  // It names the customer's download (`SAGE-2026-0042.pdf`): letters, digits, `-` and `/` only, so
  // no dots (no `..`), quotes or other characters a file name or a header should not carry.
  number: requiredText('The invoice number', 40).regex(
    /^[A-Za-z0-9][A-Za-z0-9/-]*$/,
    'Letters, digits, - and / only, starting with a letter or digit (e.g. SAGE-2026/0042)',
  ),
  date: civilDateSchema('The invoice date'),
  total: z
    .string({ message: 'The total is required' })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'The total in pounds, e.g. 125.40')
    .transform((pounds) => Math.round(Number(pounds) * 100)),
});
export type InvoiceUpload = z.input<typeof invoiceUploadSchema>;

/** `GET /api/invoices/statement?month=YYYY-MM`: a month's statement. */
export const statementQuerySchema = z.object({
  month: z.string({ message: 'Choose a month' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM'),
});
