import { sql } from 'drizzle-orm';
import { CUSTOMER_ROUTE_ROLES, type Role } from '../../../shared/api/accounts';
import { isVisibleTo } from '../../../shared/domain/catalogue';
import { cutoffMinutes, DEFAULT_CUTOFF, productionStartDay, ukDateTime, type CivilDate } from '../../../shared/domain/calendar/workingDays';
import { checkItemChoice, formatUnitCost, parsePercent, startsToday, type ProductChoices, type Sides } from '../../../shared/domain/pricing';
import type { Db } from '../../db/client';
import { closedDays, settings, userPrices, userProducts, type UserRow } from '../../db/schema';
import { forbidden } from '../../lib/domain-errors';
import { SESSION_CACHE_TTL_MS } from '../accounts/sessions';
import { prepareAnswer, type PreparedAnswer } from './prepared-answer';
import { loadSnapshot, orderableJson, pricedJson, priceBreak, type ClockMoment, type Snapshot, type SnapshotProduct } from './snapshot';

export interface ItemChoice {
  product_id: number;
  stock_id: number;
  qty: number;
  sides: Sides;
  /** The finishing options chosen (none by default). */
  option_ids?: readonly number[];
  /** The turnaround chosen; the product's default when left out or null. */
  turnaround_id?: number | null;
}

/** An item's choices as a valid quote names them. */
export interface QuotedChoices {
  /** The chosen options in the product's group order. */
  options: Array<{ id: number; name: string; group_name: string; production_days: number }>;
  turnaround: { id: number; name: string; production_days: number; price_percent: number } | null;
  /** Working days from the start of production to dispatch: the turnaround's plus the longest option's extra. */
  production_days: number;
}

export type ItemQuoteField = 'product_id' | 'stock_id' | 'qty' | 'option_ids' | 'turnaround_id';

export type ItemQuote =
  | ({ price: number; product: SnapshotProduct; stock: { id: number; name: string; type: string } } & QuotedChoices)
  | { field: ItemQuoteField; message: string; errors: Partial<Record<ItemQuoteField, string>> };

/** Prices items for one customer at one catalogue version: an item's price, or why it cannot be ordered (a field and a message). */
export interface Quoter {
  product(id: number): SnapshotProduct | undefined;
  /** The item's price with its options and turnaround; `at` (default now) judges whether a Same-day turnaround is still offered. */
  quote(item: ItemChoice, at?: Date): ItemQuote;
}

/** A problem of one field, as a quote answers it. */
const refusal = (field: ItemQuoteField, message: string): ItemQuote => ({ field, message, errors: { [field]: message } });

/** What a product offers as the shared choice rules read it (its active options and turnarounds only), built once per snapshot product. */
const choicesOf = (() => {
  const built = new WeakMap<SnapshotProduct, ProductChoices>();
  return (product: SnapshotProduct): ProductChoices => {
    let choices = built.get(product);
    if (!choices) {
      choices = {
        name: product.name,
        option_groups: product.optionGroups.map((g) => ({
          id: g.id,
          name: g.name,
          required: g.required,
          options: g.options.map((o) => ({
            id: o.id,
            name: o.name,
            production_days: o.production_days,
            active: true,
            sheet_cost: formatUnitCost(o.costs.sheet),
            setup_cost: Number(o.costs.setup / 100n),
          })),
        })),
        turnarounds: product.turnarounds,
      };
      built.set(product, choices);
    }
    return choices;
  };
})();

/** Customers with role none may not order: 403, as the role guard sends them to /unauthorized. */
export function requireCustomerRole(user: UserRow): void {
  if (!CUSTOMER_ROUTE_ROLES.includes(user.role as Role)) throw forbidden();
}

/** What one request needs beyond the cached catalogue: its version, this customer's own terms, and the calendar turnarounds are offered by. */
interface CustomerTerms {
  version: number;
  /** product id → discount in hundredths of a percent */
  discounts: Map<number, bigint>;
  /** restricted products this customer may order */
  links: Set<number>;
  /** The terms as text: customers with the same terms get the same answer. */
  key: string;
  /** The closed days from today on, and the cut-off (UK time), as the orders are judged by (DESIGN §2 "Working days"). */
  closed: ReadonlySet<CivilDate>;
  closedKey: string;
  cutoff: string;
}

/** The CUTOFF_TIME setting when it is a time, else the default (as orders read it). */
function cutoffOf(value: string | null): string {
  const text = (value ?? '').trim();
  try {
    cutoffMinutes(text);
    return text;
  } catch {
    return DEFAULT_CUTOFF;
  }
}

/** One statement: the catalogue version, the customer's discounts and restricted-product links, the closed days and the cut-off. */
async function readTerms(db: Db, userId: number, today: CivilDate): Promise<CustomerTerms> {
  const result = await db.execute(sql`
    select
      coalesce((select version from catalogue_state where id = 1), 0)::int as version,
      coalesce((select json_agg(json_build_array(${userPrices.productId}, ${userPrices.discount}::text) order by ${userPrices.productId})::text
                  from ${userPrices} where ${userPrices.userId} = ${userId}), '[]') as discounts,
      coalesce((select json_agg(${userProducts.productId} order by ${userProducts.productId})::text
                  from ${userProducts} where ${userProducts.userId} = ${userId}), '[]') as links,
      coalesce((select json_agg(${closedDays.date}::text order by ${closedDays.date})::text
                  from ${closedDays} where ${closedDays.date} >= ${today}), '[]') as closed,
      (select ${settings.value} from ${settings} where ${settings.name} = 'CUTOFF_TIME') as cutoff`);
  const row = (result as unknown as { rows: Array<{ version: number | string; discounts: string; links: string; closed: string; cutoff: string | null }> })
    .rows[0];
  const discounts = new Map((JSON.parse(row.discounts) as Array<[number, string]>).map(([id, d]) => [id, parsePercent(d)]));
  return {
    version: Number(row.version),
    discounts,
    links: new Set(JSON.parse(row.links) as number[]),
    key: `${row.discounts}|${row.links}`,
    closed: new Set(JSON.parse(row.closed) as CivilDate[]),
    closedKey: row.closed,
    cutoff: cutoffOf(row.cutoff),
  };
}

/** Now, judged by the customer's calendar: the day production would start, whether that is today, and a key for both. */
function momentOf(terms: CustomerTerms, at: Date): ClockMoment {
  const moment = { at, closed: terms.closed, cutoff: terms.cutoff };
  const start = productionStartDay(at, terms.closed, terms.cutoff);
  return { ...moment, start, key: `${start}|${startsToday(moment) ? 'today' : 'later'}|${terms.cutoff}|${terms.closedKey}` };
}

/**
 * A customer's terms are kept as long as their session is (one second): a page that asks for the
 * price list and the products at once, or a customer who reloads, costs no query at all. Staff
 * changes made through this instance are seen at once (`forgetTerms`); others at most this late.
 */
const TERMS_TTL_MS = SESSION_CACHE_TTL_MS;
const TERMS_MAX = 10_000;

/** Finished answers kept per catalogue version and customer terms, up to this many bytes in all. */
const RESPONSE_CACHE_BYTES = 32 * 1024 * 1024;

/** A small byte-bounded cache of finished answers; the oldest go first. Compressed forms are small and not counted. */
function responseCache() {
  const entries = new Map<string, PreparedAnswer>();
  let bytes = 0;
  return {
    get: (key: string) => entries.get(key),
    set(key: string, answer: PreparedAnswer): PreparedAnswer {
      if (answer.body.length > RESPONSE_CACHE_BYTES / 4) return answer; // too big to be worth keeping
      entries.set(key, answer);
      bytes += answer.body.length;
      for (const [oldest, value] of entries) {
        if (bytes <= RESPONSE_CACHE_BYTES) break;
        entries.delete(oldest);
        bytes -= value.body.length;
      }
      return answer;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

/**
 * The customer's price list and orderable catalogue. The catalogue is cached per version (one
 * cache per service instance, i.e. per app); the version and the customer's terms are read in one
 * query and kept for a second, and the catalogue again (three queries) only when the version moved.
 * Finished answers are kept too, per version and terms (most customers share the same ones), with
 * their ETag and, once asked for, their brotli and gzip bytes.
 */
export function pricesService(db: Db) {
  let cached: Snapshot | null = null;
  let loading: { version: number; promise: Promise<Snapshot> } | null = null;
  const answers = responseCache();

  async function snapshotAt(version: number): Promise<Snapshot> {
    if (cached?.version === version) return cached;
    if (loading?.version !== version) {
      // The version was read before these queries start, so the data is at least that version.
      const promise = loadSnapshot(db, version).then(
        (snapshot) => {
          if (!cached || cached.version <= version) {
            cached = snapshot;
            answers.clear();
          }
          return snapshot;
        },
        (err: unknown) => {
          loading = null;
          throw err;
        },
      );
      loading = { version, promise };
    }
    return loading.promise;
  }

  const terms = new Map<number, { value: CustomerTerms; until: number }>();
  // Bumped by forgetTerms: a read that started before a change must not be kept after it.
  let termsGeneration = 0;

  async function termsOf(userId: number): Promise<CustomerTerms> {
    const now = Date.now();
    const hit = terms.get(userId);
    if (hit && hit.until > now) return hit.value;
    const generation = termsGeneration;
    const value = await readTerms(db, userId, ukDateTime(new Date(now)).date);
    if (generation === termsGeneration) {
      terms.delete(userId);
      if (terms.size >= TERMS_MAX) terms.delete(terms.keys().next().value!);
      terms.set(userId, { value, until: now + TERMS_TTL_MS });
    }
    return value;
  }

  /** The finished answer for this customer: from the cache, or built from the snapshot's per-product JSON. */
  async function answer(user: UserRow, kind: 'prices' | 'products'): Promise<PreparedAnswer> {
    requireCustomerRole(user);
    const customer = await termsOf(user.id);
    const moment = momentOf(customer, new Date());
    const key = `${kind}|${customer.version}|${customer.key}|${moment.key}`;
    const hit = answers.get(key);
    if (hit) return hit;
    const snapshot = await snapshotAt(customer.version);
    const visible = snapshot.products.filter((p) => isVisibleTo(p, customer.links));
    const json =
      kind === 'prices'
        ? `{"production_start":"${moment.start}","cutoff":${JSON.stringify(customer.cutoff)},"products":[${visible
            .map((p) => pricedJson(p, customer.discounts.get(p.id) ?? 0n, moment))
            .join(',')}]}`
        : `[${visible.map((p) => orderableJson(p, moment)).join(',')}]`;
    const prepared = prepareAnswer(Buffer.from(json, 'utf8'));
    return snapshot === cached ? answers.set(key, prepared) : prepared;
  }

  /** What this customer may order, priced by the shared engine at today's catalogue and their terms. */
  async function quoter(user: UserRow): Promise<Quoter> {
    requireCustomerRole(user);
    const customer = await termsOf(user.id);
    const snapshot = await snapshotAt(customer.version);
    const visible = new Map(snapshot.products.filter((p) => isVisibleTo(p, customer.links)).map((p) => [p.id, p]));
    return {
      product: (id) => visible.get(id),
      quote({ product_id, stock_id, qty, sides, option_ids, turnaround_id }, at = new Date()) {
        const product = visible.get(product_id);
        if (!product) return refusal('product_id', 'This product is not available to order.');
        const onStock = product.stocks.find((s) => s.id === stock_id);
        if (!onStock) return refusal('stock_id', `${product.name} is not available on that paper.`);
        const found = onStock.breaks.find((b) => b.costs.qty === qty);
        if (!found) {
          const offered = onStock.breaks.map((b) => b.costs.qty.toLocaleString('en-GB')).join(', ');
          return refusal('qty', `Choose one of the quantities offered on this paper: ${offered}.`);
        }
        const discount = customer.discounts.get(product.id) ?? 0n;
        const stockFacts = { id: onStock.id, name: onStock.name, type: onStock.type };
        // A product without turnarounds (against the rules) is quoted as before they existed: 0 %, its own days.
        if (!product.turnarounds.length && !option_ids?.length && (turnaround_id === undefined || turnaround_id === null)) {
          const prices = priceBreak(found, discount, 0n);
          return { price: prices[sides], product, stock: stockFacts, options: [], turnaround: null, production_days: product.productionDays };
        }
        const checked = checkItemChoice(choicesOf(product), { option_ids, turnaround_id }, { at, closed: customer.closed, cutoff: customer.cutoff });
        if (!checked.ok) {
          const field = checked.errors.option_ids ? 'option_ids' : 'turnaround_id';
          return { field, message: Object.values(checked.errors).join(' '), errors: checked.errors };
        }
        const byId = new Map(product.optionGroups.flatMap((g) => g.options.map((o) => [o.id, o] as const)));
        const turnaround = product.turnarounds.find((t) => t.id === checked.turnaround.id)!;
        const prices = priceBreak(
          found,
          discount,
          turnaround.percent,
          checked.options.map((o) => byId.get(o.id)!),
        );
        return {
          price: prices[sides],
          product,
          stock: stockFacts,
          options: checked.options.map((o) => ({ id: o.id, name: o.name, group_name: o.group_name, production_days: o.production_days })),
          turnaround: { id: turnaround.id, name: turnaround.name, production_days: turnaround.production_days, price_percent: turnaround.price_percent },
          production_days: checked.production_days,
        };
      },
    };
  }

  return {
    quoter,

    /**
     * GET /api/prices, finished: every orderable product with its options and turnarounds, and per
     * stock and break both sides' prices at each turnaround and what each option adds, after the
     * customer's discount.
     */
    priceList: (user: UserRow) => answer(user, 'prices'),

    /** GET /api/products, finished: products, their options, turnarounds, stocks and quantity breaks. */
    orderable: (user: UserRow) => answer(user, 'products'),

    /**
     * Forgets kept terms (one customer's, or everyone's): called after a staff change to the
     * catalogue or to a customer's agreements, so that this instance shows it at the next request.
     */
    forgetTerms(userId?: number): void {
      termsGeneration++;
      if (userId === undefined) terms.clear();
      else terms.delete(userId);
    },
  };
}

export type PricesService = ReturnType<typeof pricesService>;
