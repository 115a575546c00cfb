import { z } from 'zod';
import { daysInOrder, optionalDaySchema } from './common';

/**
 * A customer's orders as a spreadsheet (DESIGN §2 "Invoices", §3): `GET
 * /api/admin/users/{id}/orders.xlsx?dispatched=1&from=&to=` and the one-minute link to the same file
 * (`POST /api/admin/users/{id}/orders-export`, the same fields in a JSON body). The dates are UK
 * civil dates and bound the day each order was confirmed, both days included.
 */

/** All orders (false) or only the dispatched ones (true): a JSON boolean, or 1/0 as a query string has it. */
const dispatchedField = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', ''])], { message: 'Choose all orders or dispatched orders only' })
  .optional()
  .transform((value) => value === true || value === '1' || value === 'true');

/** The fields, without the check that joins them (a signed link's query adds its own two). */
export const ordersExportFields = {
  dispatched: dispatchedField,
  from: optionalDaySchema('first'),
  to: optionalDaySchema('last'),
};

/** The query string of the spreadsheet, and the body of the call that answers a link to it. */
export const ordersExportSchema = z.object(ordersExportFields).superRefine(daysInOrder);
export type OrdersExportFilters = z.output<typeof ordersExportSchema>;
export type OrdersExportInput = z.input<typeof ordersExportSchema>;

/** The query of a signed link: the filters (signed with the user's id) and the link's expiry and signature. */
export const signedOrdersExportSchema = z
  .object({
    ...ordersExportFields,
    expires: z
      .string()
      .regex(/^\d{1,12}$/, 'Not a download link')
      .transform(Number),
    signature: z.string().max(100, 'Not a download link'),
  })
  .superRefine(daysInOrder);

/** The columns of the sheet, in order: one row per item of the customer's confirmed orders. */
export const ORDERS_EXPORT_COLUMNS = [
  'Order',
  'Order date',
  'Dispatched',
  'Reference',
  'Status',
  'Product',
  'Stock',
  'Qty',
  'Sides',
  'Finishes',
  'Turnaround',
  'Item price (£, net)',
  'Delivery (£)',
  'VAT (£)',
  'Order total (£)',
] as const;
