import { inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS_NAMES, type OrderStatus } from '../../../shared/domain/orders/statuses';
import { findTransition, type OrderActor, type OrderTransition } from '../../../shared/domain/orders/transitions';
import type { TrackedService } from '../../../shared/domain/orders/tracking';
import type { Db } from '../../db/client';
import { bare, qualified } from '../../db/columns';
import { orderEvents, orderItems, orders, products, users, type FrozenChoices, type InvoiceRow, type OrderMailFacts, type OrderRow } from '../../db/schema';
import { conflict } from '../../lib/domain-errors';
import type { JobQueue } from '../../lib/jobs';
import type { InvoicesService } from '../invoices/service';
import type { WebhookEventsEmitter } from '../webhooks/emit';
import type { WebhookEventType } from '../../../shared/domain/webhooks/events';
import { ORDER_MAIL_MAX_ATTEMPTS, ORDER_MAIL_QUEUE } from './order-mail-job';
import { proofJobsFrom, proofStartSet } from '../proofs/start';
import type { OrderHistoryEntry } from './snapshot';
import { withNewVersion, type OrderColumns } from './order-version';

export type { MailLinks } from './order-mail';

/** One move of the transition table (shared/domain), for one order or many. */
export interface Move {
  to: OrderStatus;
  actor: OrderActor;
  actorUserId?: number | null;
  note?: string;
  /** Columns the move sets besides status, version and updated_at (frozen totals, problem text…). */
  set?: OrderColumns;
  /** The order's delivery service, for the tracking link in the dispatch e-mail and "ready to collect". */
  service?: TrackedService | null;
  /** Prices, and the names of the options and turnaround, frozen on the order's items by the same statement (a confirmation). */
  /** `proof_price`: the pence of `price` that is the item's proof (null without one). */
  itemPrices?: ReadonlyArray<{ id: number; price: number; choices?: FrozenChoices; proof_price?: number | null }>;
  /**
   * Optimistic, without a lock: each order moves only if it is still at the version it was read at,
   * and one that changed meanwhile is left as it is (not in the answer: read it again). Without it,
   * the orders must be locked in the caller's transaction.
   */
  ifUnchanged?: boolean;
}

/** What a move may set off besides itself: the job that e-mails the customer, and (on dispatch) the invoice. */
export interface MoveDeps {
  /** The database: a move on it is its own transaction; on anything else, a part of the caller's. */
  db: Db;
  /** The job queue: the order-mail job of a move that e-mails the customer is written by the move's statement. */
  jobs: Pick<JobQueue, 'enqueueFrom' | 'wake' | 'wakeSoon'>;
  /** Needed by the moves that raise an invoice (to Dispatched); other callers may leave it out. */
  invoices?: Pick<InvoicesService, 'raise'>;
  /**
   * Emits the webhook event of a move to Pending, Problem, Dispatched or Cancelled, in the move's
   * transaction. Every move the app makes passes it; without it (the demo seed) no event is made.
   */
  webhookEvents?: Pick<WebhookEventsEmitter, 'emitAll' | 'subscribed'>;
}

/** The webhook event a move to each status sends its customer's endpoints. */
const MOVE_EVENTS: Partial<Record<OrderStatus, WebhookEventType>> = {
  live: 'order.confirmed',
  problem: 'order.problem',
  dispatched: 'order.dispatched',
  cancelled: 'order.cancelled',
};

export interface Moved {
  /** The order after the move: the row read, with what the move set. */
  row: OrderRow;
  /** Its history row as written. */
  event: OrderHistoryEntry;
}

/**
 * The one way an order changes status. Each order must be allowed the move by the transition table
 * for this actor, or nothing is applied (409). One statement writes, for every order, the move, its
 * version and its history row, its items' frozen prices (a confirmation) and its items' release from
 * their batch (a hold released to Pending). When the table says the customer is e-mailed, the
 * history row carries what the e-mail reports (`order_events.mail`) and the same statement writes
 * the order-mail job that renders and queues it (order-mail-job.ts): the history row is the
 * e-mail's outbox. The queue is woken here, so no caller has to. A move to Dispatched raises each
 * order's invoice first, in the caller's transaction, and its e-mail names it.
 *
 * Answers the orders moved, in the order given (with `ifUnchanged`, those that had not changed).
 */
export async function moveOrders(executor: Db, deps: MoveDeps, rows: readonly OrderRow[], move: Move): Promise<Moved[]> {
  if (!rows.length) return [];
  const webhookEvent = deps.webhookEvents && MOVE_EVENTS[move.to];
  if (webhookEvent && executor === deps.db) {
    // A move on its own makes its webhook event with it: in one transaction, when there is an endpoint to send it to.
    const userIds = rows.map((row) => row.userId);
    if (await deps.webhookEvents!.subscribed(executor, userIds, webhookEvent)) return deps.db.transaction((tx) => moveOrders(tx, deps, rows, move));
  }
  const transitions = rows.map((row) => allowedMove(row, move.to, move.actor));
  const updatedAt = new Date();
  const expected = rows.map((row) => movedRow(row, move, row.version + 1, updatedAt));
  const invoices = new Map<number, InvoiceRow>();
  // A sandbox order (placed with a test key) is never invoiced.
  if (transitions.some((t, i) => t.raisesInvoice && !rows[i].test)) {
    // The invoice is numbered from the order as it will be, and the dispatch e-mail names it.
    if (!deps.invoices) throw new Error(`A move to ${move.to} raises an invoice: pass the invoices service`);
    if (move.ifUnchanged) throw new Error(`A move to ${move.to} raises an invoice: lock the orders, in a transaction`);
    for (const row of expected) if (!row.test) invoices.set(row.id, await deps.invoices.raise(executor, row));
  }
  // What each order's e-mail will report, as it is now: null for a move that e-mails no one. A blind
  // order's delivery contact is the customer's own client, whom we never write to: its e-mails go to the account.
  const owners = await accountHoldersOf(
    executor,
    expected.filter((row, i) => transitions[i].mailsCustomer && row.blindDispatch),
  );
  const mails = expected.map((row, i) => {
    // A sandbox order's moves e-mail no one: its address may be a real end client's.
    if (!transitions[i].mailsCustomer || row.test) return null;
    const to = row.blindDispatch ? owners.get(row.userId) : { email: row.email, firstname: row.firstname };
    return to?.email ? mailFacts(row, to, move.service, invoices.get(row.id)) : null;
  });
  // Columns given as undefined are left as they are, as drizzle's own update leaves them.
  const setKeys = (Object.keys(move.set ?? {}) as Array<keyof OrderColumns>).filter((key) => move.set![key] !== undefined).sort();
  const shape: MoveShape = {
    setKeys,
    guarded: Boolean(move.ifUnchanged),
    prices: Boolean(move.itemPrices?.length),
    releases: move.to === 'live' && rows.some((row) => releasesFromBatch(row, move.to)),
    proofs: move.to === 'live' && rows.some((row) => row.status === 'basket'),
    dispatch: move.to === 'dispatched',
    mail: mails.some(Boolean),
    single: rows.length === 1,
  };
  const event = { actor: move.actor, toStatus: move.to, note: move.note ?? '', at: updatedAt };
  const written = await statementFor(executor, deps.jobs, shape).execute({
    ...(shape.single
      ? { id: rows[0].id, version: rows[0].version, from_status: rows[0].status, mail: mails[0] && JSON.stringify(mails[0]) }
      : { targets: JSON.stringify(rows.map((row, i) => ({ id: row.id, version: row.version, from_status: row.status, mail: mails[i] }))) }),
    to: move.to,
    updatedAt: updatedAt.toISOString(),
    ...Object.fromEntries(setKeys.map((key) => [`set_${key}`, encoded(key, move.set![key])])),
    actor: event.actor,
    actorUserId: move.actorUserId ?? null,
    note: event.note,
    prices: JSON.stringify(move.itemPrices ?? []),
  });
  // Its own statement has committed, and its e-mail's job is due now; in a transaction, once that commits.
  // So are a confirmation's proof jobs, if any of its items has a proof.
  if ((shape.mail || shape.proofs) && executor === deps.db) deps.jobs.wake();
  else if (shape.mail || shape.proofs) deps.jobs.wakeSoon();
  const versions = new Map(written.map((w) => [Number(w.id), Number(w.version)]));
  if (webhookEvent && executor !== deps.db) {
    const movedRows = rows.filter((row) => versions.has(row.id));
    await deps.webhookEvents!.emitAll(
      executor,
      movedRows.map((row) => ({ userId: row.userId, type: webhookEvent, orderId: row.id })),
    );
  }
  return rows.flatMap((row, i) =>
    versions.has(row.id) ? [{ row: { ...expected[i], version: versions.get(row.id)! }, event: { ...event, fromStatus: row.status } }] : [],
  );
}

/** The account holders of these orders (their e-mail and first name), by user id; none read when there are no orders. */
async function accountHoldersOf(executor: Db, rows: readonly OrderRow[]): Promise<Map<number, { email: string; firstname: string }>> {
  const ids = [...new Set(rows.map((row) => row.userId))];
  if (!ids.length) return new Map();
  const found = await executor.select({ id: users.id, email: users.email, firstname: users.firstname }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, { email: u.email, firstname: u.firstname }]));
}

/** What the customer's e-mail about the move reports, from the order as the move leaves it, to whom it is written. */
function mailFacts(
  row: OrderRow,
  to: { email: string; firstname: string },
  service: TrackedService | null | undefined,
  invoice: InvoiceRow | undefined,
): OrderMailFacts {
  return {
    to: to.email,
    firstname: to.firstname,
    ref: row.ref,
    dispatch_due: row.dispatchDue,
    delivery_due: row.deliveryDue,
    total: row.total,
    total_vat: row.totalVat,
    problem_text: row.problemText,
    tracking_number: row.trackingNumber,
    // The service's own facts only: a caller may pass its whole delivery type.
    service: service ? { carrier: service.carrier, code: service.code, ...(service.name ? { name: service.name } : {}) } : null,
    invoice_number: invoice?.number ?? null,
  };
}

/** The order as a move leaves it: the row read, with what the move set. */
const movedRow = (row: OrderRow, move: Move, version: number, updatedAt: Date): OrderRow => ({ ...row, ...move.set, status: move.to, version, updatedAt });

/** A value as its column of orders is written (dates as ISO text…), as drizzle encodes the values it binds itself. */
function encoded(key: keyof OrderColumns, value: unknown): unknown {
  return value === null || value === undefined ? null : orders[key].mapToDriverValue(value as never);
}

/** A held order released to Pending goes to the press again (its artwork may have been replaced): its items leave their batch. */
const releasesFromBatch = (row: Pick<OrderRow, 'status'>, to: OrderStatus) => row.status === 'problem' && to === 'live';

/** The table's move of this order to `to` by `actor`, or the 409 that names the order's status. */
export function allowedMove(row: Pick<OrderRow, 'id' | 'status'>, to: OrderStatus, actor: OrderActor): OrderTransition {
  const transition = findTransition(row.status as OrderStatus, to, actor);
  if (!transition) {
    throw conflict(`Order ${row.id} is ${ORDER_STATUS_NAMES[row.status as OrderStatus] ?? row.status}: it cannot be moved to ${ORDER_STATUS_NAMES[to]}.`);
  }
  return transition;
}

/** What a move statement's text depends on: the columns set, the guard, prices, a release from batches, an e-mail's job. */
interface MoveShape {
  setKeys: Array<keyof OrderColumns>;
  guarded: boolean;
  prices: boolean;
  releases: boolean;
  /** A confirmation (from the basket): its items with a proof start making it, and their proof jobs are written. */
  proofs: boolean;
  /** A move to Dispatched: it writes the products of each order's items on the order, for the staff reports. */
  dispatch: boolean;
  mail: boolean;
  /**
   * One order (a confirmation, a staff move): its id, version and status, and its e-mail's facts, are
   * bound as plain placeholders. A JSON set of many costs PostgreSQL about twice the CPU of a move.
   */
  single: boolean;
}

/** The products of the order's items, each once and ascending (null without items): the order's `dispatched_products`. */
const dispatchedProducts = () =>
  sql`(select array_agg(distinct ${qualified(orderItems.productId)} order by ${qualified(orderItems.productId)}) from ${orderItems} where ${qualified(orderItems.orderId)} = ${qualified(orders.id)})`;

/** The shapes of move statement met so far, each with its number (its statement's name). */
const moveShapes = new Map<string, number>();

/** The move statements prepared so far, by database (a transaction's are its own, and go with it) and shape. */
const preparedMoves = new WeakMap<Db, Map<string, ReturnType<typeof prepareMove>>>();

/**
 * The statement of a move of this shape on this executor. Its text depends only on the shape, so it
 * is built with placeholders and prepared once per shape and database, under a name of that shape:
 * building a statement of this size costs more than running it.
 */
function statementFor(executor: Db, jobs: MoveDeps['jobs'], shape: MoveShape) {
  const key = `${shape.setKeys.join(',')}|${[shape.guarded, shape.prices, shape.releases, shape.proofs, shape.dispatch, shape.mail, shape.single].map(Number).join('')}`;
  // PostgreSQL keeps 63 characters of a statement's name: a shape is named by its number in this process.
  let number = moveShapes.get(key);
  if (number === undefined) moveShapes.set(key, (number = moveShapes.size + 1));
  const name = `order_move_${number}`;
  let statements = preparedMoves.get(executor);
  if (!statements) preparedMoves.set(executor, (statements = new Map()));
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = prepareMove(executor, jobs, name, shape)));
  return statement;
}

/**
 * One statement of CTEs: the orders read (`targets`: id, version read, status read, e-mail's facts)
 * moved (if `guarded`, only those still at the version read), their history rows, and — for the
 * orders moved only — their items' frozen prices, their items' release from a batch, and for each
 * history row with an e-mail to write, its order-mail job.
 */
function prepareMove(executor: Db, jobs: MoveDeps['jobs'], name: string, shape: MoveShape) {
  const p = (key: string) => sql.placeholder(key);
  const targets = shape.single
    ? sql`(select ${p('id')}::int as id, ${p('version')}::int as version, ${p('from_status')}::text as from_status, ${p('mail')}::jsonb as mail) as target`
    : sql`jsonb_to_recordset(${p('targets')}::jsonb) as target(id int, version int, from_status text, mail jsonb)`;
  const moved = executor.$with('moved').as(
    executor
      .update(orders)
      // Placeholders in SQL, not as values: the values are encoded for their columns by moveOrders.
      .set(
        withNewVersion({
          ...Object.fromEntries(shape.setKeys.map((key) => [key, sql`${p(`set_${key}`)}`])),
          ...(shape.dispatch ? { dispatchedProducts: dispatchedProducts() } : {}),
          status: sql`${p('to')}`,
          updatedAt: sql`${p('updatedAt')}`,
        }),
      )
      .where(
        shape.guarded
          ? sql`(${qualified(orders.id)}, ${qualified(orders.version)}) in (select target.id, target.version from ${targets})`
          : sql`${qualified(orders.id)} in (select target.id from ${targets})`,
      )
      .returning({ id: orders.id, version: orders.version }),
  );
  const history = executor.$with('history', {}).as(
    sql`insert into ${orderEvents} (${bare(orderEvents.orderId)}, ${bare(orderEvents.actor)}, ${bare(orderEvents.actorUserId)}, ${bare(orderEvents.fromStatus)}, ${bare(orderEvents.toStatus)}, ${bare(orderEvents.note)}, ${bare(orderEvents.at)}, ${bare(orderEvents.mail)})
      select target.id, ${p('actor')}, ${p('actorUserId')}::int, target.from_status, ${p('to')}, ${p('note')}, ${p('updatedAt')}::timestamptz, target.mail
      from ${targets} join ${sql.identifier('moved')} on ${sql.identifier('moved')}.${bare(orders.id)} = target.id order by target.id
      ${shape.mail ? sql`returning ${bare(orderEvents.id)}, ${bare(orderEvents.mail)}` : sql``}`,
  );
  const movedIds = sql`(select ${bare(orders.id)} from ${sql.identifier('moved')})`;
  // A confirmation's items priced as they are frozen, from a JSON list of {id, price}: the moved orders' only. The
  // same update starts the proofs of a confirmation's items (one statement may not update a row twice).
  const confirmed = sql`(select target.id from ${targets} where target.from_status = 'basket' and target.id in ${movedIds})`;
  const itemSets = [
    ...(shape.prices
      ? [
          sql`${bare(orderItems.priceSaved)} = frozen.price, ${bare(orderItems.choicesSaved)} = frozen.choices,
            ${bare(orderItems.proofPrice)} = frozen.proof_price`,
        ]
      : []),
    ...(shape.proofs ? [proofStartSet()] : []),
  ];
  const itemSources = [
    ...(shape.prices ? [sql`jsonb_to_recordset(${p('prices')}::jsonb) as frozen(id int, price int, choices jsonb, proof_price int)`] : []),
    ...(shape.proofs ? [sql`${products} as proof_product`] : []),
  ];
  const itemWhere = [
    ...(shape.prices ? [sql`${qualified(orderItems.id)} = frozen.id and ${qualified(orderItems.orderId)} in ${movedIds}`] : []),
    ...(shape.proofs ? [sql`proof_product.id = ${qualified(orderItems.productId)} and ${qualified(orderItems.orderId)} in ${confirmed}`] : []),
  ];
  const priced = executor.$with('priced', {}).as(
    sql`update ${orderItems} set ${sql.join(itemSets, sql`, `)} from ${sql.join(itemSources, sql`, `)} where ${sql.join(itemWhere, sql` and `)}
      ${shape.proofs ? sql`returning ${qualified(orderItems.id)}, ${qualified(orderItems.proofStatus)}, ${qualified(orderItems.proofVersion)}` : sql``}`,
  );
  // The proof job of each item of a confirmation that has a proof to make.
  const proofed = executor
    .$with('proofed', {})
    .as(sql`select id, proof_version from ${sql.identifier('priced')} where ${bare(orderItems.proofStatus)} = 'making'`);
  const proofJobs = executor.$with('proof_jobs', {}).as(proofJobsFrom(jobs, 'proofed'));
  // The items of the held orders released go to the press again; their batches keep them in their record (batch_items).
  const released = executor.$with('released', {}).as(
    sql`update ${orderItems} set ${bare(orderItems.batchId)} = null
      where ${qualified(orderItems.orderId)} in (select target.id from ${targets} where target.from_status = 'problem' and target.id in ${movedIds})`,
  );
  // One order-mail job for each history row with an e-mail to write: the job renders and queues it from the row.
  const mailed = executor
    .$with('mailed', {})
    .as(sql`select ${bare(orderEvents.id)} from ${sql.identifier('history')} where ${bare(orderEvents.mail)} is not null`);
  const mailJobs = executor.$with('order_mail_jobs', {}).as(
    jobs.enqueueFrom('mailed', ORDER_MAIL_QUEUE, sql`jsonb_build_object('event_id', ${sql.identifier('mailed')}.${bare(orderEvents.id)})`, {
      maxAttempts: ORDER_MAIL_MAX_ATTEMPTS,
    }),
  );
  return executor
    .with(
      moved,
      history,
      ...(shape.prices || shape.proofs ? [priced] : []),
      ...(shape.proofs ? [proofed, proofJobs] : []),
      ...(shape.releases ? [released] : []),
      ...(shape.mail ? [mailed, mailJobs] : []),
    )
    .select()
    .from(moved)
    .prepare(name);
}
