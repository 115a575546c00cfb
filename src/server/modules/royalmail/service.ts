import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { RoyalMailOrder, RoyalMailPushResult, TrackingImport } from '../../../shared/api/staff-production';
import { toCsv } from '../../../shared/domain/csv';
import { CLICK_AND_DROP_COLUMNS, packageSize, type RoyalMailShipment } from '../../../shared/domain/delivery/royalmail';
import { ORDER_STATUS_NAMES, type OrderStatus } from '../../../shared/domain/orders/statuses';
import type { Carrier } from '../../../shared/domain/delivery/delivery';
import { checkTracking } from '../../../shared/domain/orders/tracking';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { qualified } from '../../db/columns';
import { countries, deliveryTypes, orderItems, orders, products, users } from '../../db/schema';
import { customerNameOf } from '../companies/billing';
import { conflict, unprocessable, UpstreamFailed } from '../../lib/domain-errors';
import { fieldsOf, type ListSpec } from '../../lib/list-query';
import { withNewVersion } from '../orders/order-version';
import { ClickAndDropError, clickAndDropClient } from './click-and-drop';
import { readTrackingFile } from './tracking-file';

/** Processing orders going by Royal Mail: what the Royal Mail page lists and acts on. */
const waitingForRoyalMail = and(
  eq(orders.status, 'printing'),
  sql`${orders.deliveryTypeId} in (select ${deliveryTypes.id} from ${deliveryTypes} where ${deliveryTypes.carrier} = 'royalmail')`,
)!;

const hasLargeItem = sql<boolean>`exists (select 1 from ${orderItems} join ${products} on ${qualified(products.id)} = ${qualified(orderItems.productId)} where ${qualified(orderItems.orderId)} = ${qualified(orders.id)} and ${qualified(products.largeItem)})`;

const rowColumns = {
  id: orders.id,
  ref: orders.ref,
  firstname: orders.firstname,
  lastname: orders.lastname,
  companyName: orders.companyName,
  address1: orders.address1,
  address2: orders.address2,
  town: orders.town,
  county: orders.county,
  postcode: orders.postcode,
  email: orders.email,
  telephone: orders.telephone,
  weight: orders.weight,
  deliveryCost: orders.deliveryCost,
  totalNet: orders.totalNet,
  total: orders.total,
  dispatchDue: orders.dispatchDue,
  trackingNumber: orders.trackingNumber,
  royalmailOrderId: orders.royalmailOrderId,
  version: orders.version,
  countryCode: sql<string>`coalesce((select ${countries.code} from ${countries} where ${countries.id} = ${qualified(orders.countryId)}), '')`,
  serviceCode: sql<string>`(select ${deliveryTypes.code} from ${deliveryTypes} where ${deliveryTypes.id} = ${qualified(orders.deliveryTypeId)})`,
  serviceName: sql<string>`(select ${deliveryTypes.name} from ${deliveryTypes} where ${deliveryTypes.id} = ${qualified(orders.deliveryTypeId)})`,
  customer: customerNameOf(orders.userId),
  largeItem: hasLargeItem,
  blindDispatch: orders.blindDispatch,
  customerPhone: sql<string>`(select coalesce(nullif(${users.telephone}, ''), ${users.mobile}) from ${users} where ${users.id} = ${qualified(orders.userId)})`,
  customerEmail: sql<string>`(select ${users.email} from ${users} where ${users.id} = ${qualified(orders.userId)})`,
};
interface Row {
  id: number;
  ref: string;
  firstname: string;
  lastname: string;
  companyName: string;
  address1: string;
  address2: string;
  town: string;
  county: string;
  postcode: string;
  email: string;
  telephone: string;
  weight: number | null;
  deliveryCost: number | null;
  totalNet: number | null;
  total: number | null;
  dispatchDue: string | null;
  trackingNumber: string | null;
  royalmailOrderId: number | null;
  version: number;
  countryCode: string;
  serviceCode: string;
  serviceName: string;
  customer: string;
  largeItem: boolean;
  blindDispatch: boolean;
  customerPhone: string;
  customerEmail: string;
}

const present = (r: Row): RoyalMailOrder => ({
  id: r.id,
  ref: r.ref,
  customer: r.customer,
  recipient: [`${r.firstname} ${r.lastname}`.trim(), r.companyName].filter(Boolean).join(', '),
  postcode: r.postcode,
  country_code: r.countryCode,
  weight: r.weight ?? 0,
  package_size: packageSize(r.weight ?? 0, r.largeItem),
  service_code: r.serviceCode,
  service_name: r.serviceName,
  dispatch_due: r.dispatchDue,
  tracking_number: r.trackingNumber,
  royalmail_order_id: r.royalmailOrderId,
  blind_dispatch: r.blindDispatch,
  version: r.version,
});

/**
 * An order as Click & Drop takes it; money is what the customer paid, goods net of delivery. A blind
 * order is sent under the customer's company, and without its recipient's e-mail: Royal Mail would
 * e-mail the customer's client about a parcel, and nothing of ours may reach that client.
 */
const shipment = (r: Row): RoyalMailShipment => ({
  order_id: r.id,
  firstname: r.firstname,
  lastname: r.lastname,
  company_name: r.companyName,
  address1: r.address1,
  address2: r.address2,
  town: r.town,
  county: r.county,
  postcode: r.postcode,
  country_code: r.countryCode,
  email: r.blindDispatch ? '' : r.email,
  telephone: r.telephone,
  weight: r.weight ?? 0,
  package_size: packageSize(r.weight ?? 0, r.largeItem),
  service_code: r.serviceCode,
  subtotal: (r.totalNet ?? 0) - (r.deliveryCost ?? 0),
  shipping: r.deliveryCost ?? 0,
  total: r.total ?? 0,
  sender: r.blindDispatch ? { trading_name: r.customer, phone: r.customerPhone ?? '', email: r.customerEmail ?? '' } : null,
});

export interface RoyalMailDeps {
  db: Db;
  config: Pick<Config, 'royalMail'>;
}

/**
 * The Royal Mail page (DESIGN §2 "Dispatch: the Royal Mail page"): Processing orders going by Royal
 * Mail, exported as Click & Drop's order-import CSV or pushed to its API (tracking numbers stored
 * as they come back; an order is never pushed twice), and tracking numbers imported from a file —
 * every line checked first, nothing stored until staff confirm. Marking orders Dispatched is the
 * staff orders' own bulk move (one transition, one mail).
 */
export function royalMailService({ db, config }: RoyalMailDeps) {
  const { apiUrl, apiKey } = config.royalMail;
  const client = apiKey ? clickAndDropClient({ apiUrl, apiKey }) : null;

  const list: ListSpec<RoyalMailOrder, Row> = {
    table: orders,
    select: rowColumns,
    present: (rows) => rows.map(present),
    fields: fieldsOf(orders, { id: 'int', dispatch_due: 'date' }),
    searchText: sql`${orders.searchText}`,
    sortable: ['id', 'dispatch_due'],
    defaultSort: ['dispatch_due', 'ASC'],
    scope: waitingForRoyalMail,
    id: orders.id,
  };

  /** The listed orders among `ids`, in the order given; any other id is a 422 that names it. */
  async function selected(ids: readonly number[]): Promise<Row[]> {
    const unique = [...new Set(ids)];
    const rows: Row[] = await db
      .select(rowColumns)
      .from(orders)
      .where(and(waitingForRoyalMail, inArray(orders.id, unique)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = unique.filter((id) => !byId.has(id));
    if (missing.length) {
      throw unprocessable({
        ids: `Not waiting for Royal Mail (not Processing, or another carrier): order${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
      });
    }
    return unique.map((id) => byId.get(id)!);
  }

  return {
    list,
    pushEnabled: client !== null,

    async findOne(id: number): Promise<RoyalMailOrder | null> {
      const [row] = await db
        .select(rowColumns)
        .from(orders)
        .where(and(waitingForRoyalMail, eq(orders.id, id)));
      return row ? present(row) : null;
    },

    async waitingCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(waitingForRoyalMail);
      return row?.n ?? 0;
    },

    /**
     * Click & Drop's order-import CSV of the selected orders: RFC 4180, CRLF, UTF-8 with no
     * byte-order mark (a machine import; its columns say how formulas are kept out).
     */
    async exportCsv(ids: readonly number[]): Promise<string> {
      const rows = await selected(ids);
      return toCsv([CLICK_AND_DROP_COLUMNS.map(([name]) => name), ...rows.map((r) => CLICK_AND_DROP_COLUMNS.map(([, value]) => value(shipment(r))))]);
    },

    /**
     * Pushes the selected orders to Click & Drop and stores, per order, its Click & Drop number and
     * tracking number. An order already there is not sent again; an order Royal Mail refused is left
     * as it was, with the reason.
     */
    async push(ids: readonly number[]): Promise<RoyalMailPushResult[]> {
      if (!client) throw conflict('Click & Drop is not set up: set ROYALMAIL_API_KEY (Click & Drop → Settings → Integrations) and restart.');
      const rows = await selected(ids);
      const results = new Map<number, RoyalMailPushResult>();
      for (const r of rows) {
        if (r.royalmailOrderId !== null)
          results.set(r.id, {
            id: r.id,
            ok: false,
            royalmail_order_id: r.royalmailOrderId,
            message: `Already in Click & Drop as order ${r.royalmailOrderId}: not sent again`,
          });
      }
      const toSend = rows.filter((r) => r.royalmailOrderId === null);
      if (toSend.length) {
        let outcomes;
        try {
          outcomes = await client.createOrders(toSend.map(shipment));
        } catch (error) {
          if (error instanceof ClickAndDropError) throw new UpstreamFailed(error.message);
          throw error;
        }
        for (const outcome of outcomes) {
          if (!outcome.ok) {
            results.set(outcome.order_id, { id: outcome.order_id, ok: false, message: outcome.message });
            continue;
          }
          // Royal Mail's numbers are stored as they come: the order stays Processing until staff mark it Dispatched.
          const row = rows.find((r) => r.id === outcome.order_id);
          const tracking = outcome.tracking_number
            ? checkTracking({ carrier: 'royalmail', code: row?.serviceCode ?? '', name: row?.serviceName }, outcome.tracking_number)
            : { value: null };
          const trackingNumber = 'value' in tracking ? tracking.value : null;
          await db
            .update(orders)
            .set(withNewVersion({ royalmailOrderId: outcome.order_identifier, ...(trackingNumber ? { trackingNumber } : {}) }))
            .where(eq(orders.id, outcome.order_id));
          results.set(outcome.order_id, { id: outcome.order_id, ok: true, royalmail_order_id: outcome.order_identifier, tracking_number: trackingNumber });
        }
      }
      return rows.map((r) => results.get(r.id) ?? { id: r.id, ok: false, message: 'Click & Drop did not answer for this order' });
    },

    /**
     * A tracking file checked line by line: each good line names one Processing or Dispatched order by
     * its number or its reference, with a tracking number its carrier accepts. With `apply`, the good
     * lines are stored, all in one transaction; without it nothing is.
     */
    async importTracking(text: string, apply: boolean): Promise<TrackingImport> {
      const { lines, error } = readTrackingFile(text);
      if (error) throw unprocessable({ file: error });
      const numbers = lines
        .map((l) => l.order)
        .filter((o) => /^\d{1,9}$/.test(o))
        .map(Number);
      const refs = [...new Set(lines.map((l) => l.order.toLowerCase()).filter(Boolean))];
      const byNumber = numbers.length ? inArray(orders.id, numbers) : undefined;
      const byReference = refs.length ? and(ne(orders.ref, ''), inArray(sql`lower(${orders.ref})`, refs)) : undefined;
      const candidates =
        byNumber || byReference
          ? await db
              .select({
                id: orders.id,
                ref: orders.ref,
                status: orders.status,
                trackingNumber: orders.trackingNumber,
                carrier: deliveryTypes.carrier,
                code: deliveryTypes.code,
                service: deliveryTypes.name,
              })
              .from(orders)
              .leftJoin(deliveryTypes, eq(deliveryTypes.id, orders.deliveryTypeId))
              .where(and(ne(orders.status, 'basket'), or(byNumber, byReference)))
          : [];
      const byId = new Map(candidates.map((c) => [c.id, c]));
      const byRef = new Map<string, typeof candidates>();
      for (const c of candidates) if (c.ref) byRef.set(c.ref.toLowerCase(), [...(byRef.get(c.ref.toLowerCase()) ?? []), c]);

      const good: TrackingImport['good'] = [];
      const errors: TrackingImport['errors'] = [];
      const seen = new Map<number, number>();
      for (const line of lines) {
        const fail = (message: string) => errors.push({ row: line.row, message });
        if (!line.order) {
          fail('No order number or reference');
          continue;
        }
        let order = /^\d{1,9}$/.test(line.order) ? byId.get(Number(line.order)) : undefined;
        if (!order) {
          const matches = (byRef.get(line.order.toLowerCase()) ?? []).filter((c) => c.status === 'printing');
          if (matches.length > 1) {
            fail(`The reference "${line.order}" is on ${matches.length} Processing orders (${matches.map((m) => m.id).join(', ')}): use the order number`);
            continue;
          }
          order = matches[0] ?? byRef.get(line.order.toLowerCase())?.[0];
        }
        if (!order) {
          fail(`No order ${/^\d+$/.test(line.order) ? line.order : `with the reference "${line.order}"`}`);
          continue;
        }
        if (order.status !== 'printing' && order.status !== 'dispatched') {
          fail(`Order ${order.id} is ${ORDER_STATUS_NAMES[order.status as OrderStatus]}: only Processing and Dispatched orders take a tracking number`);
          continue;
        }
        const tracking = checkTracking(
          order.carrier === null ? null : { carrier: order.carrier as Carrier, code: order.code ?? '', name: order.service ?? undefined },
          line.tracking,
        );
        if ('message' in tracking || tracking.value === null) {
          fail('message' in tracking ? tracking.message : 'No tracking number');
          continue;
        }
        const earlier = seen.get(order.id);
        if (earlier !== undefined) {
          fail(`Order ${order.id} is on line ${earlier} already`);
          continue;
        }
        seen.set(order.id, line.row);
        good.push({
          row: line.row,
          order_id: order.id,
          tracking_number: tracking.value,
          replaces: order.trackingNumber && order.trackingNumber !== tracking.value ? order.trackingNumber : null,
        });
      }

      if (apply && good.length) {
        await db.transaction(async (tx) => {
          for (const g of good) {
            await tx
              .update(orders)
              .set(withNewVersion({ trackingNumber: g.tracking_number }))
              .where(and(eq(orders.id, g.order_id), inArray(orders.status, ['printing', 'dispatched'])));
          }
        });
      }
      return { rows: lines.length, good, errors, applied: apply && good.length > 0 };
    },
  };
}

export type RoyalMailService = ReturnType<typeof royalMailService>;
