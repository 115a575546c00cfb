import { Readable } from 'node:stream';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { royalMailTrackingNumber, trackingRuleOf } from '../../../shared/domain/orders/tracking';
import { moveOrders } from '../../modules/orders/transitions';
import { deliveryTypes, orderEvents, orders, products, stockMargins, users } from '../schema';
import { demoArtworkPdf } from './demo-artwork';
import { DEMO_ACCOUNTS } from './demo-accounts';

type Step = 'basket' | 'live' | 'printing' | 'problem' | 'dispatched' | 'cancelled';

interface DemoOrder {
  customer: string;
  ref: string;
  /** Product name, break index, sides, and whether its artwork has no bleed (a warning accepted). */
  items: Array<{ product: string; breakIndex: number; sides: 'single' | 'double'; noBleed?: boolean; options?: string[]; turnaround?: string }>;
  delivery: string;
  to: Step;
  /** Placed this many days ago, whole weeks so that its dates stay working days (its dispatch day passed: staff see it overdue). */
  daysAgo?: number;
}

const JANE = DEMO_ACCOUNTS[1].email;
const TOM = DEMO_ACCOUNTS[2].email;
const COLOURS: Array<[number, number, number, number]> = [
  [0.85, 0.2, 0, 0],
  [0, 0.75, 0.9, 0],
  [0.6, 0, 0.8, 0.1],
  [0, 0.1, 0.9, 0],
  [0.1, 0.9, 0.3, 0],
];

// prettier-ignore
const ORDERS: DemoOrder[] = [
  { customer: JANE, ref: 'INK-2041 spring menu', to: 'dispatched', delivery: 'TPN24', items: [{ product: 'A5 flyers', breakIndex: 3, sides: 'double' }] },
  { customer: JANE, ref: 'INK-2047 cards (M. Osei)', to: 'dispatched', delivery: 'CRL24', items: [{ product: 'Business cards 85×55mm', breakIndex: 2, sides: 'double' }] },
  { customer: JANE, ref: 'INK-2052 open day', to: 'printing', delivery: 'TPS48', items: [{ product: 'DL leaflets', breakIndex: 3, sides: 'double' }, { product: 'Postcards A6', breakIndex: 2, sides: 'single' }] },
  { customer: JANE, ref: 'INK-2055 gallery posters', to: 'problem', delivery: 'COURIER-NDAY', items: [{ product: 'A3 posters', breakIndex: 1, sides: 'single', noBleed: true }] },
  { customer: JANE, ref: 'INK-2058 cards (new starters)', to: 'live', delivery: 'CRL24', items: [{ product: 'Business cards 85×55mm', breakIndex: 1, sides: 'single' }] },
  { customer: JANE, ref: 'INK-2060 A6 vouchers', to: 'live', delivery: 'CRL48', items: [{ product: 'A6 flyers', breakIndex: 2, sides: 'double', noBleed: true }] },
  { customer: JANE, ref: 'INK-2039 wrong file', to: 'cancelled', delivery: 'CRL48', items: [{ product: 'A5 flyers', breakIndex: 1, sides: 'single' }] },
  { customer: JANE, ref: 'INK-2063 autumn menu', to: 'basket', delivery: 'TPN24', items: [{ product: 'A5 flyers', breakIndex: 2, sides: 'double' }, { product: 'Business cards 85×55mm', breakIndex: 0, sides: 'single', options: ['Matt, both sides', 'Rounded (4 mm radius)'], turnaround: 'Express' }] },
  { customer: TOM, ref: 'Café loyalty cards', to: 'dispatched', delivery: 'CRL24', items: [{ product: 'Business cards 85×55mm', breakIndex: 3, sides: 'double' }] },
  { customer: TOM, ref: 'Christmas menu', to: 'live', delivery: 'COLLECT', items: [{ product: 'A4 flyers', breakIndex: 1, sides: 'single' }] },
  { customer: TOM, ref: 'Table talkers', to: 'printing', delivery: 'CRL48', daysAgo: 7, items: [{ product: 'A6 flyers', breakIndex: 1, sides: 'double' }] },
];

const PROBLEM =
  'The poster artwork has no bleed: the background colour runs to the edge, so a white line may show after trimming. Please upload a version with 3 mm bleed on every side (303 × 426 mm), then press Resubmit.';

/**
 * Demo orders in every status for the demo customers (DESIGN §2 "Demo data"), made the way real
 * ones are: baskets with items and generated print-ready artwork, checked by the artwork job, then
 * confirmed and moved on by the transition table — so every screen has real orders on it.
 * Runs once, on a fresh demo database, after the app is built (the artwork job needs its engine).
 */
export async function seedDemoOrders(deps: AppDeps): Promise<number> {
  const { db } = deps;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  if (n > 0) return 0;
  const people = new Map((await db.select().from(users)).map((u) => [u.email.toLowerCase(), u]));
  const admin = people.get(DEMO_ACCOUNTS[0].email);
  const productRows = await db.select().from(products);
  const typeRows = await db.select({ id: deliveryTypes.id, code: deliveryTypes.code, carrier: deliveryTypes.carrier }).from(deliveryTypes);

  const made: Array<{ id: number; plan: DemoOrder; user: NonNullable<ReturnType<typeof people.get>> }> = [];
  for (const [index, plan] of ORDERS.entries()) {
    const user = people.get(plan.customer);
    const type = typeRows.find((t) => t.code === plan.delivery);
    if (!user || !type) continue;
    const order = await deps.orders.create(user, { ref: plan.ref });
    const catalogue = await deps.prices.quoter(user);
    for (const [i, wanted] of plan.items.entries()) {
      const product = productRows.find((p) => p.name === wanted.product);
      if (!product) continue;
      const breaks = await db
        .select({ stockId: stockMargins.stockId, qty: stockMargins.qty })
        .from(stockMargins)
        .where(eq(stockMargins.productId, product.id))
        .orderBy(asc(stockMargins.stockId), asc(stockMargins.qty));
      const firstStock = breaks[0]?.stockId;
      const onStock = breaks.filter((b) => b.stockId === firstStock);
      const chosen = onStock[Math.min(wanted.breakIndex, onStock.length - 1)];
      if (!chosen) continue;
      const landscape = product.trimWidthMm > product.trimHeightMm;
      // The options named, else the first of each required group (as the items step starts); the turnaround named, else the default.
      const offered = catalogue.product(product.id);
      const option_ids = (offered?.optionGroups ?? []).flatMap((g) => {
        const named = g.options.find((o) => wanted.options?.includes(o.name));
        return named ? [named.id] : g.required && g.options[0] ? [g.options[0].id] : [];
      });
      const turnaround_id = offered?.turnarounds.find((t) => t.name === wanted.turnaround)?.id ?? null;
      const item = await deps.orders.addItem(user, order.id, {
        product_id: product.id,
        stock_id: chosen.stockId,
        qty: chosen.qty,
        sides: wanted.sides,
        orientation: landscape ? 'landscape' : 'portrait',
        notes: '',
        option_ids,
        turnaround_id,
      });
      const pdf = demoArtworkPdf({
        widthMm: product.trimWidthMm,
        heightMm: product.trimHeightMm,
        bleedMm: product.bleedMm,
        pages: wanted.sides === 'double' ? 2 : 1,
        colour: COLOURS[(index + i) % COLOURS.length],
        bleed: !wanted.noBleed,
      });
      // Uploaded as a customer's browser would send it.
      await deps.artwork.upload(user, order.id, item.id, {
        name: `${plan.ref.replace(/[^A-Za-z0-9 -]/g, '').trim() || 'artwork'} ${i + 1}.pdf`,
        stream: Readable.from(pdf),
      });
    }
    await deps.orders.update(user, order.id, { delivery_type_id: type.id });
    made.push({ id: order.id, plan, user });
  }

  // The previews and preflight reports, made by the artwork job as for any upload.
  await deps.jobs.drain();

  const confirm = async ({ id, plan, user }: (typeof made)[number]) => {
    const current = await deps.orders.get(user, id);
    for (const item of current.items)
      if (item.artwork?.preflight.status === 'warn') await deps.orders.updateItem(user, id, item.id, { warnings_accepted: true });
    await deps.orders.confirm(user, id, `demo-${id}`, {});
    if (plan.daysAgo) await backdate(deps, id, plan.daysAgo);
  };
  const move = (id: number, to: Step, set: Partial<typeof orders.$inferInsert> = {}, note = '') =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      await moveOrders(tx, { db, jobs: deps.jobs, invoices: deps.invoices, webhookEvents: deps.webhookEvents }, [row], {
        to,
        actor: 'staff',
        actorUserId: admin?.id ?? null,
        note,
        set,
      });
    });

  // The printed orders go to the press as they would: confirmed, then taken by a batch run (its
  // ZIP on disk), before the orders that are still to wait in Pending are confirmed.
  const printed = made.filter((m) => m.plan.to === 'printing' || m.plan.to === 'dispatched');
  for (const order of printed) await confirm(order);
  if (printed.length && admin) {
    await deps.batches.run({}, admin);
    await deps.jobs.drain();
  }
  for (const { id, plan } of printed) {
    if (plan.to !== 'dispatched') continue;
    // Tracked services' parcels carry a Royal Mail S10 number; untracked ones (Royal Mail 24/48), couriers and collections none.
    const type = typeRows.find((t) => t.code === plan.delivery)!;
    const tracking =
      type.carrier === 'royalmail' && trackingRuleOf({ carrier: 'royalmail', code: type.code }).takes === 'required'
        ? royalMailTrackingNumber('TT', 10_000_000 + id * 7919)
        : null;
    await move(id, 'dispatched', { trackingNumber: tracking, dispatchedAt: new Date() }, tracking ? `Royal Mail ${tracking}` : 'Dispatched');
  }

  for (const order of made) {
    const { id, plan, user } = order;
    if (plan.to === 'basket' || printed.includes(order)) continue;
    await confirm(order);
    if (plan.to === 'cancelled') await deps.orders.cancel(user, id);
    if (plan.to === 'problem') await move(id, 'problem', { problemText: PROBLEM }, 'Held: artwork without bleed');
  }
  return made.length;
}

/** Moves a just-confirmed order `days` back in time: placed, confirmed and due to go then. */
async function backdate(deps: AppDeps, id: number, days: number): Promise<void> {
  const { db } = deps;
  const shift = sql`(${days} || ' days')::interval`;
  await db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({
        createdAt: sql`${orders.createdAt} - ${shift}`,
        confirmedAt: sql`${orders.confirmedAt} - ${shift}`,
        dispatchDue: sql`${orders.dispatchDue} - ${shift}`,
        deliveryDue: sql`${orders.deliveryDue} - ${shift}`,
      })
      .where(eq(orders.id, id));
    await tx
      .update(orderEvents)
      .set({ at: sql`${orderEvents.at} - ${shift}` })
      .where(eq(orderEvents.orderId, id));
  });
}
