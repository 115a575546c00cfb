import { z } from 'zod';
import { PACKAGE_SIZES } from '../domain/delivery/royalmail';
import { BULK_MOVE_MAX } from './staff-orders';
import { idSchema } from './common';

export const BATCH_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_STATUS_NAMES: Readonly<Record<BatchStatus, string>> = {
  queued: 'Waiting to start',
  running: 'Making the ZIP',
  done: 'Ready',
  failed: 'Failed',
};

/**
 * Where the job making a batch stands. A worker renews its claim on the run while it makes the ZIP;
 * when it dies, another worker takes the run over within about a minute (at once when it is shut
 * down) and makes the ZIP again from the start — unless it died on the run's last attempt: then the
 * batch fails.
 */
export const batchRunStateSchema = z.object({
  /** Which attempt at making it this is (or was), from 1: more than one means it was taken over after its worker died (one shut down gives its attempt back). */
  attempt: z.number(),
  /** When the worker of an earlier attempt was last heard from, if that attempt was interrupted. */
  interrupted_at: z.string().nullable(),
  /** Why the last attempt ended early: an interruption, or the error of a failed attempt. */
  last_error: z.string().nullable(),
  /** Set while the worker making it has gone silent (its claim ran out) and no other has taken it over yet: when it was last heard from. */
  silent_since: z.string().nullable(),
});
export type BatchRunState = z.infer<typeof batchRunStateSchema>;

/** A row of `/api/admin/batches`. */
export const batchSummarySchema = z.object({
  id: z.number(),
  status: z.enum(BATCH_STATUSES),
  /** The stock the run was limited to, or null for every stock. */
  stock_id: z.number().nullable(),
  stock_name: z.string().nullable(),
  created_by: z.number().nullable(),
  created_by_name: z.string().nullable(),
  item_count: z.number(),
  order_count: z.number(),
  /** Progress of the ZIP: files added of files to add. */
  files_done: z.number(),
  files_total: z.number(),
  zip_size: z.number().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** The background job that makes it; null once finished jobs are cleared away (a day after). */
  run: batchRunStateSchema.nullable(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

/** An item as the press sees it (a line of `jobs.csv`). */
export const batchItemSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  file_name: z.string(),
  product: z.string(),
  stock: z.string(),
  qty: z.number(),
  sides: z.enum(['single', 'double']),
  orientation: z.enum(['portrait', 'landscape']),
  trim_size: z.string(),
  /** Printed sheets the item needs: ⌈qty ÷ the product's items per sheet⌉. */
  sheets: z.number(),
  customer: z.string(),
  dispatch_due: z.string().nullable(),
  /** What the customer wrote on the item for production ("please match colours to INK-2041"); empty when nothing. */
  notes: z.string(),
  /** The preflight warnings the customer accepted when confirming (each check's message); empty when none. */
  accepted_warnings: z.array(z.string()),
  /** The finishes chosen (Lamination: Matt…), named as frozen at confirmation; empty when none (or confirmed before finishes existed). */
  options: z.array(z.object({ group: z.string(), name: z.string() })),
  /** The turnaround it is made at, as frozen at confirmation; null for an item confirmed before turnarounds existed. */
  turnaround: z.object({ name: z.string(), production_days: z.number() }).nullable(),
});
export type BatchItem = z.infer<typeof batchItemSchema>;

/** `GET /api/admin/batches/{id}`: the batch and its items. */
export const batchSchema = batchSummarySchema.extend({ items: z.array(batchItemSchema) });
export type Batch = z.infer<typeof batchSchema>;

/** `POST /api/admin/batches/run`: every stock, or only one. */
export const batchRunSchema = z.object({ stock_id: idSchema('Choose a stock, or every stock').nullable().optional() });
export type BatchRun = z.input<typeof batchRunSchema>;

/** Said when a run finds nothing to batch (422, and on the Batches page before anyone tries). */
export const NOTHING_TO_BATCH = 'Nothing to batch: no Pending order has an item waiting for the press';

/** `GET /api/admin/batches/waiting`: what the next run would take, in all and per stock. */
export const batchWaitingSchema = z.object({
  items: z.number(),
  orders: z.number(),
  stocks: z.array(z.object({ stock_id: z.number(), name: z.string(), items: z.number(), orders: z.number() })),
  /** Not in the counts above: the Pending orders (and their items) a run leaves until every proof of the order is approved. */
  awaiting_approval: z.object({ items: z.number(), orders: z.number() }),
  /** A run being made now, if any (one at a time). */
  running: z.number().nullable(),
});
export type BatchWaiting = z.infer<typeof batchWaitingSchema>;

/** A row of `/api/admin/royalmail`: a Processing order going by Royal Mail. */
export const royalMailOrderSchema = z.object({
  id: z.number(),
  ref: z.string(),
  customer: z.string(),
  recipient: z.string(),
  postcode: z.string(),
  country_code: z.string(),
  /** Grams. */
  weight: z.number(),
  package_size: z.enum(PACKAGE_SIZES),
  service_code: z.string(),
  service_name: z.string(),
  dispatch_due: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** Click & Drop's order number once pushed there. */
  royalmail_order_id: z.number().nullable(),
  /** Sent under the customer's name: their delivery note goes in the parcel, and they are the label's sender. */
  blind_dispatch: z.boolean(),
  version: z.number(),
});
export type RoyalMailOrder = z.infer<typeof royalMailOrderSchema>;

/** The selected orders of the Royal Mail page (export, push). */
export const royalMailIdsSchema = z.object({
  ids: z
    .array(idSchema('Not an order number'), { message: 'Choose the orders' })
    .min(1, 'Choose the orders')
    .max(BULK_MOVE_MAX, `At most ${BULK_MOVE_MAX} orders at once`),
});

/** `POST /api/admin/royalmail/push`: per order, what Click & Drop answered. */
export const royalMailPushResultSchema = z.object({
  id: z.number(),
  ok: z.boolean(),
  tracking_number: z.string().nullable().optional(),
  royalmail_order_id: z.number().nullable().optional(),
  message: z.string().optional(),
});
export type RoyalMailPushResult = z.infer<typeof royalMailPushResultSchema>;

/** `GET /api/admin/royalmail/status`: whether pushing to Click & Drop is set up. */
export const royalMailStatusSchema = z.object({ push_enabled: z.boolean(), waiting: z.number() });
export type RoyalMailStatus = z.infer<typeof royalMailStatusSchema>;

/** `POST /api/admin/royalmail/tracking`: the file's rows checked (and, with `?apply=1`, the good ones stored). */
export const trackingImportSchema = z.object({
  rows: z.number(),
  good: z.array(z.object({ row: z.number(), order_id: z.number(), tracking_number: z.string(), replaces: z.string().nullable() })),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
  applied: z.boolean(),
});
export type TrackingImport = z.infer<typeof trackingImportSchema>;
export const trackingImportQuerySchema = z.object({ apply: z.enum(['0', '1'], { message: 'apply is 1 or 0' }).optional() });

/** `POST /api/admin/batches/{id}/download`: a link the browser follows to save the ZIP (valid for a minute). */
export const downloadLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

/** The multipart field of a tracking file. */
export const TRACKING_FILE_FIELD = 'file';
