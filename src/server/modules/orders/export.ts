import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { and, asc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ORDERS_EXPORT_COLUMNS, type OrdersExportFilters } from '../../../shared/api/staff-exports';
import { nextDay, ukDateTime, ukStartOfDay, type CivilDate } from '../../../shared/domain/calendar/workingDays';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { ORDER_STATUS_NAMES, type OrderStatus } from '../../../shared/domain/orders/statuses';
import { optionsText } from '../../../shared/domain/pricing/choice-names';
import type { Db } from '../../db/client';
import { orderItems, orders, products, stock, users } from '../../db/schema';
import { accountCompanyName } from '../companies/billing';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Orders read at a time: their items are the rows of one page; memory stays flat however many there are. */
export const EXPORT_PAGE_ORDERS = 500;

const MONEY = '"£"#,##0.00';
const DAY = 'dd/mm/yyyy';

/** Each column's width (characters) and number format, in ORDERS_EXPORT_COLUMNS' order. */
const COLUMN_LOOK: ReadonlyArray<{ width: number; numFmt?: string }> = [
  { width: 9 }, // Order
  { width: 12, numFmt: DAY }, // Order date
  { width: 12, numFmt: DAY }, // Dispatched
  { width: 22 }, // Reference
  { width: 12 }, // Status
  { width: 28 }, // Product
  { width: 22 }, // Stock
  { width: 9, numFmt: '#,##0' }, // Qty
  { width: 13 }, // Sides
  { width: 36 }, // Finishes
  { width: 13 }, // Turnaround
  { width: 12, numFmt: MONEY }, // Item price
  { width: 12, numFmt: MONEY }, // Delivery
  { width: 11, numFmt: MONEY }, // VAT
  { width: 14, numFmt: MONEY }, // Order total
];

/** A UK civil date as a spreadsheet date (Excel's serial days count UTC days). */
const sheetDay = (day: CivilDate): Date => new Date(`${day}T00:00:00Z`);
const ukDayOf = (at: Date | null): Date | null => (at ? sheetDay(ukDateTime(at).date) : null);
const pounds = (pence: number | null): number | null => (pence === null ? null : pence / 100);

/** Who the file is for, as its name says: the company, or the person when there is none. */
export interface ExportCustomer {
  id: number;
  name: string;
}

export interface OrdersExportDeps {
  db: Db;
  /** The workbook's author, as the spreadsheet's properties show it. */
  appName: string;
}

/**
 * A customer's orders as an XLSX spreadsheet (DESIGN §2 "Invoices"): one row per item of their
 * confirmed orders (never baskets), all or only the dispatched ones, within the days they were
 * confirmed on (UK dates, both included). Written with exceljs's streaming writer straight to the
 * answer: the orders are read a page at a time and each page's rows are committed (written out and
 * forgotten), waiting while the zip or the client is slower than the database, so the memory it
 * takes is the same for ten items or a hundred thousand (besides the orders' numbers, a few bytes each).
 */
export function ordersExportService({ db, appName }: OrdersExportDeps) {
  /** The customer (not a deleted account), or null. */
  async function customer(id: number): Promise<ExportCustomer | null> {
    const [row] = await db
      .select({ id: users.id, company: accountCompanyName, firstname: users.firstname, lastname: users.lastname })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    if (!row) return null;
    return { id: row.id, name: row.company.trim() || `${row.firstname} ${row.lastname}`.trim() || `customer-${row.id}` };
  }

  /** `Acme Print-orders-2025-01-01-2025-03-31.xlsx`: the customer, what was asked for and the days it covers. */
  function fileName(who: ExportCustomer, filters: OrdersExportFilters, today: CivilDate = ukToday()): string {
    const kind = filters.dispatched ? 'dispatched-orders' : 'orders';
    const days = filters.from || filters.to ? `${filters.from ?? 'start'}-${filters.to ?? today}` : `to-${today}`;
    // Made safe for a file system where every download's name is: lib/attachment's safeFileName.
    return `${who.name}-${kind}-${days}.xlsx`;
  }

  /** The conditions on the customer's orders that the filters ask for. */
  function orderScope(userId: number, filters: OrdersExportFilters) {
    return and(
      eq(orders.userId, userId),
      filters.dispatched ? eq(orders.status, 'dispatched') : ne(orders.status, 'basket'),
      filters.from ? gte(orders.confirmedAt, ukStartOfDay(filters.from)) : undefined,
      filters.to ? lt(orders.confirmedAt, ukStartOfDay(nextDay(filters.to))) : undefined,
    );
  }

  /** One page of orders (by id) and their items, in order. */
  async function readPage(ids: number[]) {
    if (!ids.length) return null;
    const [page, items] = await Promise.all([
      db
        .select({
          id: orders.id,
          ref: orders.ref,
          status: orders.status,
          confirmedAt: orders.confirmedAt,
          dispatchedAt: orders.dispatchedAt,
          deliveryCost: orders.deliveryCost,
          totalVat: orders.totalVat,
          total: orders.total,
        })
        .from(orders)
        .where(inArray(orders.id, ids)),
      db
        .select({
          orderId: orderItems.orderId,
          product: products.name,
          stock: stock.name,
          qty: orderItems.qty,
          sides: orderItems.sides,
          price: orderItems.priceSaved,
          choices: orderItems.choicesSaved,
        })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .innerJoin(stock, eq(stock.id, orderItems.stockId))
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.orderId), asc(orderItems.id)),
    ]);
    return { orders: new Map(page.map((o) => [o.id, o])), items };
  }

  /**
   * Waits until what was written has gone on: into the zip (exceljs hands the sheet's XML to the
   * zip through a stream whose limit it does not heed, so a writer that never waited would fill
   * it with the whole sheet while a slow client downloads) and out to the client. False when the
   * client went away meanwhile.
   */
  async function caughtUp(sheet: ExcelJS.Worksheet, out: Writable): Promise<boolean> {
    const zipInput = (sheet as unknown as { stream?: { pipes?: Array<NodeJS.EventEmitter & { _writableState?: { needDrain?: boolean } }> } }).stream
      ?.pipes?.[0];
    for (const [stream, full] of [
      [zipInput, () => !!zipInput?._writableState?.needDrain],
      [out, () => out.writableNeedDrain],
    ] as const) {
      if (out.destroyed || out.writableEnded) return false;
      if (!stream || !full()) continue;
      const ac = new AbortController();
      try {
        await Promise.race([once(stream, 'drain', { signal: ac.signal }), once(out, 'close', { signal: ac.signal })]);
      } finally {
        ac.abort();
      }
    }
    return !out.destroyed;
  }

  /**
   * Writes the spreadsheet to `out` and ends it. Resolves once the file is whole; rejects on a
   * database error (the caller destroys `out`, so the client sees a broken download, never a short
   * file that looks whole). Stops early, without error, if `out` is closed.
   */
  async function write(userId: number, filters: OrdersExportFilters, out: Writable): Promise<void> {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.creator = appName;
    workbook.created = new Date();
    const sheet = workbook.addWorksheet(filters.dispatched ? 'Dispatched orders' : 'Orders', {
      views: [{ state: 'frozen', ySplit: 1, activeCell: 'A2' }],
      properties: { defaultRowHeight: 15 },
    });
    sheet.columns = COLUMN_LOOK.map((look) => ({ width: look.width, style: look.numFmt ? { numFmt: look.numFmt } : {} }));
    const header = sheet.addRow([...ORDERS_EXPORT_COLUMNS]);
    header.font = { bold: true };
    header.alignment = { vertical: 'middle' };
    header.commit();
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: ORDERS_EXPORT_COLUMNS.length } };

    // The orders' numbers first, in order (one index-only read, a few bytes an order); then their
    // rows a page at a time, by primary key. Paging by "after the last id" instead would sort all
    // the customer's remaining orders again for every page (their index is by status first).
    const [{ ids }] = await db
      .select({ ids: sql<number[]>`coalesce(array_agg(${orders.id} order by ${orders.id}), '{}')` })
      .from(orders)
      .where(orderScope(userId, filters));
    const pageAt = (i: number) => {
      const read = readPage(ids.slice(i, i + EXPORT_PAGE_ORDERS));
      // Awaited below; until then (or if the client goes first) a failure is not "unhandled".
      read.catch(() => undefined);
      return read;
    };
    let next = pageAt(0);
    for (let at = 0; ; at += EXPORT_PAGE_ORDERS) {
      const page = await next;
      if (!page) break;
      // The next page is read while this one is written and zipped.
      next = pageAt(at + EXPORT_PAGE_ORDERS);
      for (const item of page.items) {
        const order = page.orders.get(item.orderId)!;
        sheet
          .addRow([
            order.id,
            ukDayOf(order.confirmedAt),
            ukDayOf(order.dispatchedAt),
            order.ref,
            ORDER_STATUS_NAMES[order.status as OrderStatus] ?? order.status,
            item.product,
            item.stock,
            item.qty,
            item.sides === 'double' ? 'Double-sided' : 'Single-sided',
            // As frozen at confirmation; empty cells for an item confirmed before finishes and turnarounds existed.
            optionsText(item.choices?.options) || null,
            item.choices?.turnaround?.name ?? null,
            pounds(item.price),
            pounds(order.deliveryCost),
            pounds(order.totalVat),
            pounds(order.total),
          ])
          .commit();
      }
      // The client went away: the rest is not wanted.
      if (!(await caughtUp(sheet, out))) return;
    }
    sheet.commit();
    await workbook.commit();
  }

  return { customer, fileName, write };
}

export type OrdersExportService = ReturnType<typeof ordersExportService>;
