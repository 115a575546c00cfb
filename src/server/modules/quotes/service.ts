import { and, eq, inArray } from 'drizzle-orm';
import type { Order } from '../../../shared/api/orders';
import type { Quote, QuoteItem, QuoteList, QuoteListQuery, QuoteSummary } from '../../../shared/api/quotes';
import { formatDate } from '../../../shared/domain/calendar/workingDays';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { groupThousands } from '../../../shared/domain/pricing/format';
import { markedUpQuote, quoteHolds, quoteNumber, quoteValidDays, quoteValidUntil } from '../../../shared/domain/quotes/quotes';
import type { Db } from '../../db/client';
import { ofCompany, placedBy, placedByOf } from '../../db/company-scope';
import type { PlacedBy } from '../../../shared/api/common';
import {
  countries,
  orderItems,
  quotes,
  settings as settingRows,
  users,
  type FrozenChoices,
  type QuoteItemRow,
  type QuoteRow,
  type UserRow,
} from '../../db/schema';
import { companyOfUser } from '../companies/billing';
import { conflict, unprocessable } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/files';
import { addressFields } from '../../lib/postal-address';
import { DELIVERY_ADDRESS_COLUMNS, insertOrder } from '../orders/queries';
import type { OrdersService } from '../orders/service';
import type { BasketAssessment } from '../orders/assessment';
import type { UnsavedItem } from '../orders/unsaved-basket';
import type { SettingsService } from '../settings/service';
import { logoKey } from '../users/service';
import { orderTotals } from '../../../shared/domain/orders/totals';
import { quotePdf, type QuotePdfContent } from './quote-pdf';
import { insertQuote, orderItemOfQuote, ownQuote, quotePage } from './queries';

export interface QuotesDeps {
  db: Db;
  orders: OrdersService;
  settings: SettingsService;
  files: FileStore;
  /** The printer's name where no COMPANY_NAME setting says it. */
  appName: string;
}

/** The columns a quote keeps of its basket's delivery contact and address, and a basket takes back from it. */
const ADDRESS_COLUMNS = DELIVERY_ADDRESS_COLUMNS;

const SELLER_SETTINGS = ['COMPANY_NAME', 'COMPANY_ADDRESS', 'COMPANY_VAT_NUMBER', 'COMPANY_PHONE', 'COMPANY_EMAIL'];

/** An item as a line of a quote says it: "Business cards on Silk 350 · single-sided · landscape · Lamination: Matt · Express". */
export function describeLine(item: Pick<QuoteItemRow, 'productName' | 'stockName' | 'sides' | 'orientation' | 'choices' | 'notes'>): string {
  const parts = [`${item.productName} on ${item.stockName}`, `${item.sides}-sided`, item.orientation];
  for (const o of item.choices.options) parts.push(`${o.group}: ${o.name}`);
  if (item.choices.turnaround) parts.push(item.choices.turnaround.name);
  return parts.join(' · ') + (item.notes ? `\n${item.notes}` : '');
}

const presentItem = (i: QuoteItemRow): QuoteItem => ({
  id: i.id,
  product_id: i.productId,
  product_name: i.productName,
  stock_id: i.stockId,
  stock_name: i.stockName,
  qty: i.qty,
  sides: i.sides as QuoteItem['sides'],
  orientation: i.orientation as QuoteItem['orientation'],
  notes: i.notes,
  option_ids: i.optionIds,
  turnaround_id: i.turnaroundId,
  options: i.choices.options,
  turnaround: i.choices.turnaround,
  price: i.price,
  proof_requested: i.proofRequested,
  proof_price: i.proofPrice,
});

function present(row: QuoteRow, items: QuoteItemRow[], today: string, names: Map<number, PlacedBy>): Quote {
  return {
    id: row.id,
    placed_by: placedBy(names, row.userId),
    number: quoteNumber(row.id),
    ref: row.ref,
    created_at: row.createdAt.toISOString(),
    valid_until: row.validUntil,
    expired: !quoteHolds(row.validUntil, today),
    items: items.map(presentItem),
    delivery_type_id: row.deliveryTypeId,
    delivery_type_name: row.deliveryTypeName,
    address: { ...addressFields(row), email: row.email },
    country_name: row.countryName,
    delivery_cost: row.deliveryCost,
    total_net: row.totalNet,
    total_vat: row.totalVat,
    total: row.total,
  };
}

/** The lines of a quote from an assessment whose every item has a price. */
function quoteLines(a: BasketAssessment) {
  return a.items.map(({ facts: f, price, choices, hasProof, proofPrice }) => ({
    productId: f.productId,
    stockId: f.stockId,
    productName: f.productName,
    stockName: f.stockName,
    qty: f.qty,
    sides: f.sides,
    orientation: f.orientation,
    notes: f.notes,
    optionIds: f.optionIds,
    turnaroundId: f.turnaroundId,
    choices: {
      options: choices!.options.map((o) => ({ id: o.id, group: o.group_name, name: o.name })),
      turnaround: choices!.turnaround && {
        id: choices!.turnaround.id,
        name: choices!.turnaround.name,
        production_days: choices!.turnaround.production_days,
      },
    } satisfies FrozenChoices,
    price: price!,
    proofRequested: hasProof,
    proofPrice: proofPrice ?? 0,
  }));
}

/**
 * Saved quotes (DESIGN §2 "Quotes"): a basket saved with today's prices, listed, drawn as a PDF for
 * the customer or for their own client, and ordered into a new basket whose items keep the quoted
 * prices while the quote holds (the orders' assessment honours them). Every call is scoped to the
 * signed-in customer: another customer's quote is 404, as if it did not exist.
 */
export function quotesService({ db, orders, settings, files, appName }: QuotesDeps) {
  async function get(user: UserRow, id: number): Promise<Quote> {
    const { row, items } = await ownQuote(db, user.id, id);
    return present(row, items, ukToday(), await placedByOf(db, [row.userId]));
  }

  return {
    get,

    async list(user: UserRow, query: QuoteListQuery): Promise<QuoteList> {
      const { rows, lines, total } = await quotePage(db, user.id, query.page, query.per_page);
      const today = ukToday();
      const names = await placedByOf(
        db,
        rows.map((r) => r.userId),
      );
      const data: QuoteSummary[] = rows.map((row) => {
        const own = lines.filter((l) => l.quoteId === row.id);
        return {
          id: row.id,
          placed_by: placedBy(names, row.userId),
          number: quoteNumber(row.id),
          ref: row.ref,
          created_at: row.createdAt.toISOString(),
          valid_until: row.validUntil,
          expired: !quoteHolds(row.validUntil, today),
          total: row.total,
          item_count: own.length,
          items_summary: own.map((l) => `${groupThousands(l.qty)} × ${l.productName}`).join(', '),
        };
      });
      return { data, total, page: query.page, per_page: query.per_page };
    },

    /**
     * Saves the customer's basket as a quote at today's prices, valid for QUOTE_VALID_DAYS from today
     * (UK). Its artwork does not matter; its items, address and delivery service do: a basket that
     * cannot be priced whole is 422 with the reason per field.
     */
    async save(user: UserRow, orderId: number): Promise<Quote> {
      const { snapshot, assessment: a, rules, countryNames } = await orders.atTodaysPrices(user, orderId);
      const { row: basket, facts } = snapshot;
      if (basket.status !== 'basket') throw conflict(`Order ${basket.id} is confirmed: only a basket can be saved as a quote.`);
      const errors: Record<string, string> = {};
      if (!facts.length) errors.items = 'Add at least one item before saving a quote.';
      a.items.forEach((item, i) => {
        if (item.unavailable) errors[`items.${item.facts.id}`] = `Item ${i + 1} (${item.facts.productName}): ${item.unavailable}`;
      });
      for (const field of ['address', 'delivery_type_id']) if (a.blockers[field]) errors[field] = a.blockers[field];
      if (Object.keys(errors).length || !a.totals || !a.chosen)
        throw unprocessable(errors, 'This basket cannot be saved as a quote yet: ' + Object.values(errors).join(' '));
      const days = quoteValidDays(await settings.value('QUOTE_VALID_DAYS', String(30)));
      const { totals, chosen } = a;
      const row = await db.transaction((tx) =>
        insertQuote(
          tx,
          {
            userId: user.id,
            ref: basket.ref,
            ...Object.fromEntries(ADDRESS_COLUMNS.map((k) => [k, basket[k]])),
            countryName: basket.countryId === null ? '' : (countryNames.get(basket.countryId) ?? ''),
            deliveryTypeId: chosen.type.id,
            deliveryTypeName: chosen.type.name,
            deliveryCost: chosen.price,
            totalNet: totals.total_net,
            totalVat: totals.total_vat,
            total: totals.total,
            vatRate: rules.vatRate,
            validUntil: quoteValidUntil(ukToday(rules.now), days),
          },
          quoteLines(a),
        ),
      );
      return get(user, row.id);
    },

    /**
     * A quote saved from items and a delivery country, with no basket (the trade API's POST /quotes):
     * priced by the same assessment as a basket, saved with the cheapest delivery service offered,
     * valid for QUOTE_VALID_DAYS. An item that cannot be ordered as named is 422 per field
     * (`items.0.qty`); a country we do not deliver to, or no service for the weight, is 422 on `country`.
     */
    async fromItems(user: UserRow, input: { items: UnsavedItem[]; country: string; postcode: string }): Promise<Quote> {
      const [country] = await db
        .select({ id: countries.id, name: countries.name })
        .from(countries)
        .where(and(eq(countries.code, input.country), eq(countries.active, true)));
      if (!country) throw unprocessable({ country: `We do not deliver to ${input.country}: use the ISO 3166-1 code of a country we deliver to (GB…).` });
      const { assessment: a, rules } = await orders.assessUnsaved(user, { items: input.items, countryId: country.id }, { strict: true });
      const cheapest = [...a.offers].sort((x, y) => x.price - y.price)[0];
      if (!cheapest) throw unprocessable({ country: `No delivery service takes an order of this weight to ${country.name}: contact us.` });
      const days = quoteValidDays(await settings.value('QUOTE_VALID_DAYS', String(30)));
      const prices = a.items.map((i) => i.price!);
      const totals = orderTotals(prices, cheapest.price, rules.vatRate);
      const row = await db.transaction((tx) =>
        insertQuote(
          tx,
          {
            userId: user.id,
            ref: '',
            postcode: input.postcode,
            countryId: country.id,
            countryName: country.name,
            deliveryTypeId: cheapest.type.id,
            deliveryTypeName: cheapest.type.name,
            deliveryCost: cheapest.price,
            totalNet: totals.total_net,
            totalVat: totals.total_vat,
            total: totals.total,
            vatRate: rules.vatRate,
            validUntil: quoteValidUntil(ukToday(rules.now), days),
          },
          quoteLines(a),
        ),
      );
      return get(user, row.id);
    },

    /**
     * The delivery services that take a saved quote's items to its country today, with their prices
     * and dates (delivery is charged at the day's rates; the items keep the quoted prices).
     */
    async deliveryOffers(user: UserRow, quote: Quote): Promise<{ offers: BasketAssessment['offers']; vatRate: string; country: string }> {
      const [row] = await db
        .select({ countryId: quotes.countryId, code: countries.code })
        .from(quotes)
        .leftJoin(countries, eq(countries.id, quotes.countryId))
        .where(and(eq(quotes.id, quote.id), ofCompany(quotes.companyId, user)));
      if (!row?.countryId) return { offers: [], vatRate: '0', country: '' };
      const { assessment, rules } = await orders.assessUnsaved(
        user,
        { items: quote.items.map((i) => ({ ...i, option_ids: i.option_ids, proof_requested: i.proof_requested })), countryId: row.countryId },
        { strict: false },
      );
      return { offers: assessment.offers, vatRate: rules.vatRate, country: row.code ?? '' };
    },

    /**
     * A new basket with the quote's items, address and delivery service. Each item carries the
     * quoted price and the quote's last day: the basket is priced at the quote while it holds and
     * at today's prices after (the item's `quote.note` says which). Artwork is uploaded in the basket.
     * An expired quote is ordered only with `atTodaysPrices`: nobody is surprised by a new price.
     */
    async order(user: UserRow, id: number, { atTodaysPrices = false }: { atTodaysPrices?: boolean } = {}): Promise<Order> {
      const { row: quote, items } = await ownQuote(db, user.id, id);
      const number = quoteNumber(quote.id);
      const holds = quoteHolds(quote.validUntil, ukToday());
      if (!holds && !atTodaysPrices) {
        throw unprocessable(
          { valid_until: `Quote ${number} expired on ${formatDate(quote.validUntil)}: its prices no longer hold. Order it at today’s prices instead.` },
          'This quote has expired.',
        );
      }
      const row = await db.transaction(async (tx) => {
        const created = await insertOrder(
          tx,
          { userId: user.id, ref: quote.ref, ...Object.fromEntries(ADDRESS_COLUMNS.map((k) => [k, quote[k]])), deliveryTypeId: quote.deliveryTypeId },
          holds ? `Ordered from quote ${number}` : `Ordered from quote ${number}, expired: at today's prices`,
        );
        if (items.length) await tx.insert(orderItems).values(items.map((i) => ({ orderId: created.id, ...orderItemOfQuote(quote, i) })));
        return created;
      });
      return orders.present(user, row);
    },

    /**
     * The quote as an A4 PDF: under the printer's name, or (`forClient`) under the customer's company
     * and logo with no word of the printer's anywhere, its prices marked up by `markup` percent.
     */
    async pdf(user: UserRow, id: number, opts: { forClient: boolean; markup: string | undefined }): Promise<{ body: Buffer; name: string }> {
      const { row, items } = await ownQuote(db, user.id, id);
      const quote = present(row, items, ukToday(), await placedByOf(db, [row.userId]));
      const prices = markedUpQuote(
        items.map((i) => i.price),
        row.deliveryCost,
        row.vatRate,
        opts.forClient ? (opts.markup ?? '0') : '0',
      );
      const content: QuotePdfContent = {
        number: quote.number,
        ref: row.ref,
        date: ukToday(row.createdAt),
        valid_until: row.validUntil,
        issuer: opts.forClient ? await customerIssuer(user) : await printerIssuer(),
        deliver_to: [
          [row.firstname, row.lastname].filter(Boolean).join(' '),
          row.companyName,
          row.address1,
          row.address2,
          row.town,
          row.county,
          row.postcode,
          row.countryName,
        ].filter(Boolean),
        lines: items.map((item, i) => ({ description: describeLine(item), qty: item.qty, price: prices.lines[i] })),
        delivery: { name: row.deliveryTypeName, price: prices.delivery },
        net: prices.total_net,
        vat: prices.total_vat,
        vat_rate: Number(row.vatRate),
        total: prices.total,
      };
      return { body: await quotePdf(content), name: `${quote.number}.pdf` };
    },
  };

  /** The printer as the settings name it (invoices' seller), with the app's name where COMPANY_NAME is unset. */
  async function printerIssuer(): Promise<QuotePdfContent['issuer']> {
    const rows = await db.select({ name: settingRows.name, value: settingRows.value }).from(settingRows).where(inArray(settingRows.name, SELLER_SETTINGS));
    const values = new Map(rows.map((r) => [r.name, r.value]));
    const name = values.get('COMPANY_NAME') || appName;
    return {
      kind: 'printer',
      name,
      lines: [
        ...(values.get('COMPANY_ADDRESS') ?? '').split(/,\s*|\n/),
        values.get('COMPANY_PHONE') ?? '',
        values.get('COMPANY_EMAIL') ?? '',
        values.get('COMPANY_VAT_NUMBER') ? `VAT number ${values.get('COMPANY_VAT_NUMBER')}` : '',
      ].filter(Boolean),
      logo: null,
    };
  }

  /** The customer as their own client sees them: their company (or name), address and contact, and their company's logo if it has one. */
  async function customerIssuer(user: UserRow): Promise<QuotePdfContent['issuer']> {
    const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
    const u = fresh ?? user;
    const company = await companyOfUser(db, u.id);
    const logo = company.logo ? await files.get(logoKey(company.logo)).catch(() => null) : null;
    return {
      kind: 'customer',
      name: company.name || `${u.firstname} ${u.lastname}`.trim(),
      lines: [u.address1, u.address2, u.town, u.county, u.postcode, u.telephone || u.mobile, u.email].filter(Boolean),
      logo,
    };
  }
}

export type QuotesService = ReturnType<typeof quotesService>;
