import { and, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS_NAMES, type OrderStatus } from '../../../shared/domain/orders/statuses';
import { findTransition, type OrderActor, type OrderTransition } from '../../../shared/domain/orders/transitions';
import { trackingUrl, type TrackedService } from '../../../shared/domain/orders/tracking';
import { isCollection, promisedDays } from '../../../shared/domain/orders/dates';
import type { Carrier } from '../../../shared/domain/delivery/delivery';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { formatPence } from '../../../shared/domain/pricing';
import type { Db } from '../../db/client';
import { orderEvents, orderItems, orders, type InvoiceRow, type OrderRow } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { InvoicesService } from '../invoices/service';
import { mailColumns, type MailOutbox } from '../mail/service';
import type { MailMessage } from '../../lib/mail';
import { bare, qualified } from '../../db/columns';
import type { OrderHistoryEntry } from './snapshot';
import { withNewVersion } from './version';

export interface Move {
  to: OrderStatus;
  actor: OrderActor;
  actorUserId?: number | null;
  note?: string;
  /** Columns the move sets besides status, version and updated_at (frozen totals, problem text…). */
  set?: Partial<typeof orders.$inferInsert>;
  /** The order's delivery service, for the tracking link in the dispatch e-mail. */
  service?: TrackedService | null;
  /** Prices frozen on the order's items by the same statement (a confirmation). */
  itemPrices?: ReadonlyArray<{ id: number; price: number }>;
}

/** What a move may set off besides itself: the customer's e-mail, and (on dispatch) the invoice. */
export interface MoveEffects {
  outbox: MailOutbox;
  /** Needed by the moves that raise an invoice (to Dispatched); other callers may leave it out. */
  invoices?: Pick<InvoicesService, 'raise'>;
}

export interface MailLinks {
  appUrl: string;
  appName: string;
}

/**
 * Applies one move of the transition table (shared/domain) to a locked order row, in the caller's
 * transaction: the status change, its history row and — when the table says so — the customer's
 * e-mail in the outbox. A move the table does not allow for this actor answers 409.
 */
export async function applyMove(tx: Db, effects: MoveEffects, links: MailLinks, row: OrderRow, move: Move): Promise<OrderRow> {
  const transition = allowedMove(row, move.to, move.actor);
  if (transition.raisesInvoice) {
    // The dispatch e-mail names the invoice, which is numbered from the moved order.
    if (!effects.invoices) throw new Error(`A move to ${move.to} raises an invoice: pass the invoices service`);
    const { updated } = await runMove(tx, effects, row, move, { guarded: false, mail: null });
    const invoice = await effects.invoices.raise(tx, updated!);
    if (transition.mailsCustomer && updated!.email)
      await effects.outbox.queue(tx, orderMail(updated!, links, move.service, row.status as OrderStatus, invoice));
    return updated!;
  }
  const { updated } = await runMove(tx, effects, row, move, { guarded: false, mail: moveMail(links, row, move, transition) });
  await releaseFromBatch(tx, row, move.to);
  return updated!;
}

/**
 * The same move of an order as read at its `version`, without a lock: one statement, which is its
 * own transaction, applies it only if the order is still at that version (optimistic: nothing
 * changed it since it was read and judged). Resolves the order after the move and the history row
 * it wrote, or null when the order has changed meanwhile (read it again). Only for the moves that
 * are one statement: none that raises an invoice or releases items from a batch.
 */
export async function applyMoveIfUnchanged(
  db: Db,
  effects: MoveEffects,
  links: MailLinks,
  row: OrderRow,
  move: Move,
): Promise<{ row: OrderRow; event: OrderHistoryEntry } | null> {
  const transition = allowedMove(row, move.to, move.actor);
  if (transition.raisesInvoice || releasesFromBatch(row, move.to))
    throw new Error(`The move of order ${row.id} to ${move.to} is more than one statement: lock the order and use applyMove`);
  const mail = moveMail(links, row, move, transition);
  const { updated, event } = await runMove(db, effects, row, move, { guarded: true, mail });
  // Committed: the mail's job is due now (the statement may have come from the cache, unbuilt).
  if (updated && mail) effects.outbox.wake();
  return updated ? { row: updated, event } : null;
}

/** The order as a move leaves it: the row read, with what the move set. */
const movedRow = (row: OrderRow, move: Move, version: number, updatedAt: Date): OrderRow => ({ ...row, ...move.set, status: move.to, version, updatedAt });

/** The customer's e-mail about the order as the move leaves it, when the table says so. */
function moveMail(links: MailLinks, row: OrderRow, move: Move, transition: OrderTransition): MailMessage | null {
  const expected = movedRow(row, move, row.version + 1, new Date());
  return transition.mailsCustomer && expected.email ? orderMail(expected, links, move.service, row.status as OrderStatus) : null;
}

/**
 * Runs the move as one statement of CTEs: the order moved (if `guarded`, only while at the version
 * read), its history row, its items' frozen prices and its mail with the mail's job (each only if the
 * order moved). It returns only what the database makes: the order after the move is the row read with
 * what the move set (building and reading back every column costs more).
 *
 * The statement's text depends only on its shape (the columns set, the guard, prices, a mail), so it
 * is built with placeholders and prepared once per shape and database, under a name of that shape:
 * building a statement of this size costs more than running it.
 */
async function runMove(executor: Db, effects: MoveEffects, row: OrderRow, move: Move, opts: { guarded: boolean; mail: MailMessage | null }) {
  // Columns given as undefined are left as they are, as drizzle's own update leaves them.
  const setKeys = (Object.keys(move.set ?? {}) as Array<keyof NonNullable<Move['set']>>).filter((key) => move.set![key] !== undefined).sort();
  const shape = { setKeys, guarded: opts.guarded, prices: Boolean(move.itemPrices?.length), mail: opts.mail !== null };
  const key = `${setKeys.join(',')}|${Number(shape.guarded)}${Number(shape.prices)}${Number(shape.mail)}`;
  // PostgreSQL keeps 63 characters of a statement's name: a shape is named by its number in this process.
  let number = moveShapes.get(key);
  if (number === undefined) moveShapes.set(key, (number = moveShapes.size + 1));
  const name = `order_move_${number}`;
  let statements = preparedMoves.get(executor);
  if (!statements) preparedMoves.set(executor, (statements = new Map()));
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = prepareMove(executor, effects.outbox, name, shape)));
  const updatedAt = new Date();
  const event: OrderHistoryEntry = { actor: move.actor, fromStatus: row.status, toStatus: move.to, note: move.note ?? '', at: updatedAt };
  const [written] = await statement.execute({
    id: row.id,
    version: row.version,
    to: move.to,
    updatedAt: updatedAt.toISOString(),
    ...Object.fromEntries(setKeys.map((key) => [`set_${key}`, encoded(key, move.set![key])])),
    actor: event.actor,
    actorUserId: move.actorUserId ?? null,
    from: event.fromStatus,
    note: event.note,
    at: updatedAt.toISOString(),
    prices: JSON.stringify(move.itemPrices ?? []),
    ...(opts.mail ? Object.fromEntries(Object.entries(mailColumns(opts.mail)).map(([key, value]) => [`mail_${key}`, value])) : {}),
  });
  return { updated: written ? movedRow(row, move, written.version, updatedAt) : null, event };
}

/** A value as its column of orders is written (dates as ISO text…), as drizzle encodes the values it binds itself. */
function encoded(key: keyof NonNullable<Move['set']>, value: unknown): unknown {
  return value === null || value === undefined ? null : orders[key].mapToDriverValue(value as never);
}

interface MoveShape {
  setKeys: Array<keyof NonNullable<Move['set']>>;
  guarded: boolean;
  prices: boolean;
  mail: boolean;
}

/** The shapes of move statement met so far, each with its number (its statement's name). */
const moveShapes = new Map<string, number>();

/** The move statements prepared so far, by database (a transaction's are its own, and go with it) and shape. */
const preparedMoves = new WeakMap<Db, Map<string, ReturnType<typeof prepareMove>>>();

function prepareMove(executor: Db, outbox: MailOutbox, name: string, shape: MoveShape) {
  const p = (key: string) => sql.placeholder(key);
  const moved = executor.$with('moved').as(
    executor
      .update(orders)
      // Placeholders in SQL, not as values: the values are encoded for their columns by runMove.
      .set(
        withNewVersion({
          ...Object.fromEntries(shape.setKeys.map((key) => [key, sql`${p(`set_${key}`)}`])),
          status: sql`${p('to')}`,
          updatedAt: sql`${p('updatedAt')}`,
        }),
      )
      .where(shape.guarded ? and(eq(orders.id, p('id')), eq(orders.version, p('version'))) : eq(orders.id, p('id')))
      .returning({ id: orders.id, version: orders.version }),
  );
  const history = executor.$with('history', {}).as(
    sql`insert into ${orderEvents} (${bare(orderEvents.orderId)}, ${bare(orderEvents.actor)}, ${bare(orderEvents.actorUserId)}, ${bare(orderEvents.fromStatus)}, ${bare(orderEvents.toStatus)}, ${bare(orderEvents.note)}, ${bare(orderEvents.at)})
      select ${bare(orders.id)}, ${p('actor')}, ${p('actorUserId')}::int, ${p('from')}, ${p('to')}, ${p('note')}, ${p('at')}::timestamptz from ${sql.identifier('moved')}`,
  );
  // A confirmation's items priced as they are frozen, from a JSON list of {id, price}: the moved order's only.
  const priced = executor.$with('priced', {}).as(
    sql`update ${orderItems} set ${bare(orderItems.priceSaved)} = frozen.price
      from jsonb_to_recordset(${p('prices')}::jsonb) as frozen(id int, price int)
      where ${qualified(orderItems.id)} = frozen.id and ${qualified(orderItems.orderId)} in (select ${bare(orders.id)} from ${sql.identifier('moved')})`,
  );
  const mail = shape.mail
    ? outbox.queuedWith(executor, { to: p('mail_to'), subject: p('mail_subject'), text: p('mail_text'), html: p('mail_html'), links: p('mail_links') }, 'moved')
    : [];
  return executor
    .with(moved, history, ...(shape.prices ? [priced] : []), ...mail)
    .select()
    .from(moved)
    .prepare(name);
}

/**
 * The same move of many locked orders at once, in the caller's transaction (a batch run moves
 * hundreds to Processing): one update, one insert of their history rows, and each e-mail the table
 * asks for. Every order must be allowed the move, or nothing is applied (409).
 */
export async function applyMoveToMany(
  tx: Db,
  outbox: MailOutbox,
  links: MailLinks,
  rows: readonly OrderRow[],
  move: Omit<Move, 'set' | 'service'>,
): Promise<void> {
  if (!rows.length) return;
  const transitions = rows.map((row) => allowedMove(row, move.to, move.actor));
  // Invoices are raised one dispatch at a time (applyMove): no bulk move of many orders raises one.
  if (transitions.some((t) => t.raisesInvoice)) throw new Error(`A move to ${move.to} raises invoices: move each order with applyMove`);
  const ids = rows.map((row) => row.id);
  const updated = await tx
    .update(orders)
    .set(withNewVersion({ status: move.to }))
    .where(inArray(orders.id, ids))
    .returning();
  await tx.insert(orderEvents).values(
    rows.map((row) => ({
      orderId: row.id,
      actor: move.actor,
      actorUserId: move.actorUserId ?? null,
      fromStatus: row.status,
      toStatus: move.to,
      note: move.note ?? '',
    })),
  );
  const byId = new Map(updated.map((row) => [row.id, row]));
  for (const [i, row] of rows.entries()) {
    const now = byId.get(row.id)!;
    if (transitions[i].mailsCustomer && now.email) await outbox.queue(tx, orderMail(now, links, null, row.status as OrderStatus));
  }
}

/** A held order released to Pending: the move that takes its items out of their batch. */
const releasesFromBatch = (row: Pick<OrderRow, 'status'>, to: OrderStatus) => row.status === 'problem' && to === 'live';

/**
 * A held order released to Pending goes to the press again (its artwork may have been replaced):
 * its items leave the batch that had them, which keeps them in its record (batch_items).
 */
async function releaseFromBatch(tx: Db, row: OrderRow, to: OrderStatus): Promise<void> {
  if (releasesFromBatch(row, to)) await tx.update(orderItems).set({ batchId: null }).where(eq(orderItems.orderId, row.id));
}

/** The table's move of this order to `to` by `actor`, or the 409 that names the order's status. */
export function allowedMove(row: Pick<OrderRow, 'id' | 'status'>, to: OrderStatus, actor: OrderActor): OrderTransition {
  const transition = findTransition(row.status as OrderStatus, to, actor);
  if (!transition) {
    throw conflict(`Order ${row.id} is ${ORDER_STATUS_NAMES[row.status as OrderStatus] ?? row.status}: it cannot be moved to ${ORDER_STATUS_NAMES[to]}.`);
  }
  return transition;
}

/** The confirmation e-mail's sentence about the days: when it will be dispatched and delivered, or ready to collect. */
function confirmedDays(carrier: Carrier | null | undefined, dispatch: string, delivery: string | null): string {
  if (isCollection(carrier)) return `It will be ready to collect on ${formatDay(dispatch)}.`;
  return `We will dispatch it on ${formatDay(dispatch)}` + (delivery ? `; expected delivery ${formatDay(delivery)}.` : '.');
}

/** The customer's e-mail about the order's new status (live, problem, dispatched). */
export function orderMail(
  order: OrderRow,
  { appUrl, appName }: MailLinks,
  service?: TrackedService | null,
  from?: OrderStatus,
  invoice?: Pick<InvoiceRow, 'number'>,
): { to: string; subject: string; text: string } {
  const link = `${appUrl}/orders/${order.id}`;
  const carrier = service?.carrier;
  const ref = order.ref ? ` (your reference ${order.ref})` : '';
  const hello = `Hello ${order.firstname},\n\n`;
  const sign = `\n\n${appName}`;
  switch (order.status) {
    case 'live':
      if (from === 'problem') {
        return {
          to: order.email,
          subject: `Order ${order.id} is off hold and back in the queue`,
          text: `${hello}Order ${order.id}${ref} is no longer on hold: it is waiting for production again.\n\nFollow it here: ${link}${sign}`,
        };
      }
      return {
        to: order.email,
        subject: `Order ${order.id} confirmed — ${order.dispatchDue ? promisedDays(carrier, order.dispatchDue) : 'dispatch date to follow'}`,
        text:
          `${hello}Thank you: order ${order.id}${ref} is confirmed and waiting for production.\n\n` +
          (order.dispatchDue ? confirmedDays(carrier, order.dispatchDue, order.deliveryDue) + '\n' : '') +
          (order.total !== null ? `Total: ${formatPence(order.total)} including VAT (${formatPence(order.totalVat ?? 0)}).\n` : '') +
          `\nFollow it here: ${link}${sign}`,
      };
    case 'problem':
      return {
        to: order.email,
        subject: `Order ${order.id} is on hold — we need something from you`,
        text: `${hello}We have put order ${order.id}${ref} on hold:\n\n${order.problemText ?? ''}\n\nWhat to do next is on the order's page: ${link}${sign}`,
      };
    case 'dispatched': {
      if (isCollection(carrier)) {
        return {
          to: order.email,
          subject: `Order ${order.id} is ready to collect`,
          text:
            `${hello}Order ${order.id}${ref} is ready to collect from today.` +
            (order.trackingNumber ? `\nCollection reference: ${order.trackingNumber}` : '') +
            (invoice ? `\n\nYour invoice ${invoice.number} is ready to download: ${appUrl}/invoices` : '') +
            `\n\nDetails: ${link}${sign}`,
        };
      }
      const follow = trackingUrl(service, order.trackingNumber);
      return {
        to: order.email,
        subject: `Order ${order.id} is on its way`,
        text:
          `${hello}Order ${order.id}${ref} was dispatched today.` +
          (order.trackingNumber ? `\nTracking number: ${order.trackingNumber}` : '') +
          (follow ? `\nFollow the parcel: ${follow}` : '') +
          (invoice ? `\n\nYour invoice ${invoice.number} is ready to download: ${appUrl}/invoices` : '') +
          `\n\nDetails: ${link}${sign}`,
      };
    }
    default:
      return {
        to: order.email,
        subject: `Order ${order.id}: ${ORDER_STATUS_NAMES[order.status as OrderStatus]}`,
        text: `${hello}Order ${order.id}${ref} is now ${ORDER_STATUS_NAMES[order.status as OrderStatus]}.\n\n${link}${sign}`,
      };
  }
}
