import { z } from 'zod';
import { daysInOrder, optionalDaySchema } from './common';

/**
 * The accountant's exports (DESIGN §2 "Payment terms, payments and credit control", Exports): a
 * period's invoices in Xero's sales-invoice import template, its payments, and its VAT summary, at
 * `/api/admin/exports/*?from=&to=`. The period is UK civil dates, both days included: both ends, or
 * neither for this calendar month (as a customer's statement); one end alone is refused, since an
 * accountant's period always has both.
 */

const dayMessage = (which: 'first' | 'last') => `Give the ${which} day of the period as a date, e.g. 2025-01-31`;

/** A bound of the period: a real date, YYYY-MM-DD (the day rule of a range's optional bounds). */
const periodDay = (which: 'first' | 'last') => {
  const day = optionalDaySchema(which);
  return z
    .string({ message: dayMessage(which) })
    .trim()
    .refine((value) => value !== '' && day.safeParse(value).success, dayMessage(which))
    .optional();
};

export const accountsPeriodSchema = z
  .object({ from: periodDay('first'), to: periodDay('last') })
  .superRefine((value, ctx) => {
    if (value.from !== undefined && value.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: dayMessage('last') });
    if (value.to !== undefined && value.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: dayMessage('first') });
  })
  .superRefine(daysInOrder);
export type AccountsPeriodQuery = z.output<typeof accountsPeriodSchema>;
/** The period an export covers, both ends known. */
export interface AccountsPeriod {
  from: string;
  to: string;
}

/**
 * The VAT summary of a period: the invoices dated in it, their net (box 6 of a UK VAT return, total
 * value of sales excluding VAT) and their VAT (box 1, VAT due on sales), in pence, each the sum of
 * the invoices' own stored amounts so that it matches them to the penny.
 */
export const vatSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  invoices: z.number().int(),
  net_sales: z.number().int().describe('Box 6: total value of sales excluding VAT, pence'),
  output_vat: z.number().int().describe('Box 1: VAT due on sales, pence'),
});
export type VatSummary = z.infer<typeof vatSummarySchema>;

/** The columns of Xero's sales-invoice import template, in its order (`*`: Xero requires the column filled). */
export const XERO_INVOICE_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

/** The columns of the payments export, in order. */
export const PAYMENTS_EXPORT_COLUMNS = ['Date', 'Customer', 'Method', 'Reference', 'Amount', 'Allocated', 'Unallocated', 'Invoices'] as const;
