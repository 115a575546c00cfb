import { and, asc, eq, exists, isNull, not, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { BatchItem } from '../../../shared/api/staff-production';
import { sheetsFor } from '../../../shared/domain/pricing/engine';
import type { Db } from '../../db/client';
import { orderItems, orders, products, stock, users, type FrozenChoices } from '../../db/schema';
import { accountCompanyName } from '../companies/billing';
import { qualified } from '../../db/columns';
import type { PreflightReport } from '../artwork/preflight';
import { awaitsApproval } from '../orders/proof-queries';
import { pressFileName } from './press-files';

/**
 * The items of a batch: which wait for the press, and how each is read (with its order, product,
 * stock and customer) and told to the press.
 */

/** An item the run takes, with what it was read at (the order's version proves nothing changed since). */
export interface Candidate extends BatchItem {
  artworkKey: string;
  orderVersion: number;
  orderStatus: string;
  /** The order goes blind: its delivery note travels in the ZIP beside its artwork. */
  blindDispatch: boolean;
}

const fullName = (p: { firstname: string | null; lastname: string | null }) => `${p.firstname ?? ''} ${p.lastname ?? ''}`.trim();

/** What the press is told of an item (jobs.csv, the batch's page), read with its order, product, stock and customer. */
const itemColumns = {
  id: orderItems.id,
  orderId: orderItems.orderId,
  qty: orderItems.qty,
  sides: orderItems.sides,
  orientation: orderItems.orientation,
  product: products.name,
  multiplier: products.multiplier,
  trimW: products.trimWidthMm,
  trimH: products.trimHeightMm,
  stock: stock.name,
  dispatchDue: orders.dispatchDue,
  company: accountCompanyName,
  firstname: users.firstname,
  lastname: users.lastname,
  notes: orderItems.notes,
  preflight: orderItems.preflight,
  warningsAccepted: orderItems.warningsAccepted,
  choices: orderItems.choicesSaved,
};
export const itemsQuery = <Extra extends Record<string, PgColumn>>(db: Db, extra: Extra) => db.select({ ...itemColumns, ...extra });
interface ItemRow {
  id: number;
  orderId: number;
  qty: number;
  sides: string;
  orientation: string;
  product: string;
  multiplier: number;
  trimW: number;
  trimH: number;
  stock: string;
  dispatchDue: string | null;
  company: string;
  firstname: string;
  lastname: string;
  notes: string;
  preflight: unknown;
  warningsAccepted: boolean;
  choices: FrozenChoices | null;
}

/** The messages of the preflight's warnings, when the customer accepted them (confirming needs that of an item with warnings). */
function acceptedWarnings(r: Pick<ItemRow, 'preflight' | 'warningsAccepted'>): string[] {
  if (!r.warningsAccepted) return [];
  const checks = (r.preflight as Partial<PreflightReport> | null)?.checks ?? [];
  return checks.filter((c) => c.status === 'warn').map((c) => c.message);
}

/** The press works to the dispatch date: the most urgent first. */
export const PRESS_ORDER = [sql`${orders.dispatchDue} asc nulls last`, asc(orders.id), asc(orderItems.id)];

export function presentItem(r: ItemRow): Omit<BatchItem, 'file_name'> {
  return {
    id: r.id,
    order_id: r.orderId,
    product: r.product,
    stock: r.stock,
    qty: r.qty,
    sides: r.sides as 'single' | 'double',
    orientation: r.orientation as 'portrait' | 'landscape',
    trim_size: `${r.trimW} × ${r.trimH} mm`,
    sheets: sheetsFor(r.qty, r.multiplier),
    customer: r.company || fullName(r),
    dispatch_due: r.dispatchDue,
    notes: r.notes.trim(),
    accepted_warnings: acceptedWarnings(r),
    // As frozen at confirmation: a later rename in the catalogue does not change what was ordered.
    options: (r.choices?.options ?? []).map((o) => ({ group: o.group, name: o.name })),
    turnaround: r.choices?.turnaround ? { name: r.choices.turnaround.name, production_days: r.choices.turnaround.production_days } : null,
  };
}

/**
 * Items waiting for the press: in no batch, of a Pending order — or of a Processing order whose
 * other items a batch on one stock already took — whose proofs are all approved (an order is
 * printed whole: one proof waiting holds every item of it back).
 */
export function waitingItem(db: Db, stockId?: number | null) {
  const partlyBatched = exists(
    db
      .select({ one: sql`1` })
      .from(sql`${orderItems} as done_item`)
      .where(sql`done_item.order_id = ${orders.id} and done_item.batch_id is not null`),
  );
  return and(
    isNull(orderItems.batchId),
    // A sandbox order (placed with a test key) is never printed.
    eq(orders.test, false),
    or(eq(orders.status, 'live'), and(eq(orders.status, 'printing'), partlyBatched)),
    not(awaitsApproval(qualified(orders.id))),
    stockId ? eq(orderItems.stockId, stockId) : undefined,
  )!;
}

/** Items that would wait for the press but for a proof of their order that waits for its customer's approval. */
export function heldForApproval() {
  return and(isNull(orderItems.batchId), eq(orders.test, false), eq(orders.status, 'live'), awaitsApproval(qualified(orders.id)))!;
}

/** What a run on `stockId` (null: every stock) takes now, in press order, each with its file's name in the ZIP. */
export async function candidates(db: Db, stockId: number | null): Promise<Candidate[]> {
  const rows = await itemsQuery(db, {
    artworkKey: orderItems.artworkKey,
    orderVersion: orders.version,
    orderStatus: orders.status,
    blindDispatch: orders.blindDispatch,
  })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(stock, eq(stock.id, orderItems.stockId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(waitingItem(db, stockId))
    .orderBy(...PRESS_ORDER);
  return rows.map((r) => {
    const item = presentItem(r);
    // A confirmed order has artwork on every item (confirming requires it).
    return {
      ...item,
      file_name: pressFileName(item),
      artworkKey: r.artworkKey ?? '',
      orderVersion: r.orderVersion,
      orderStatus: r.orderStatus,
      blindDispatch: r.blindDispatch,
    };
  });
}
