import { z } from 'zod';
import { CONFIRMED_ORDER_STATUSES } from '../domain/orders/statuses';
import { orderSchema } from './orders';

/** A row of the staff orders list (`/api/admin/orders`): confirmed orders only — baskets are their owners' alone. */
export const adminOrderSummarySchema = z.object({
  id: z.number(),
  ref: z.string(),
  status: z.enum(CONFIRMED_ORDER_STATUSES),
  user_id: z.number(),
  customer: z.string(),
  email: z.string(),
  item_count: z.number(),
  total: z.number().nullable(),
  dispatch_due: z.string().nullable(),
  /** Past its dispatch date and not dispatched (nor cancelled). */
  overdue: z.boolean(),
  tracking_number: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

/** One order as staff see it: the customer's Order plus who placed it and the staff notes. */
export const adminOrderSchema = orderSchema.extend({
  user: z.object({ id: z.number(), email: z.string(), company_name: z.string(), firstname: z.string(), lastname: z.string() }),
  notes: z.string(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
