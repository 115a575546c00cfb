import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, quotes, companies } from '../../../src/server/db/schema';
import { companyOfUser } from '../helpers/companies';
import { logoKey } from '../../../src/server/modules/users/service';
import type { Order } from '../../../src/shared/api/orders';
import type { Quote, QuoteList } from '../../../src/shared/api/quotes';
import { ukToday } from '../../../src/shared/domain/orders/overdue';
import { formatPence } from '../../../src/shared/domain/pricing/format';
import { markedUpQuote, quoteValidUntil } from '../../../src/shared/domain/quotes/quotes';
import type { TestApp } from '../helpers/app';
import { putAsRead, setMargins } from '../helpers/catalogue';
import { ApiClient, registerAs } from '../helpers/client';
import { pdfText } from '../helpers/pdf-text';
import { artworkChecked, basketWithCard, CLEAN_CARD, ok, orderingApp, pdf, upload, type Catalogue } from '../orders/helpers';

/**
 * Saved quotes (DESIGN §2 "Quotes"): a basket saved at today's prices, ordered into a basket that
 * keeps those prices while the quote holds (and through confirmation) whatever the catalogue does
 * since, today's prices after it has run out (and the answer says so); a PDF for the customer or,
 * under their own name with their markup, for their client; another customer's quote is 404.
 */
let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let cat: Catalogue;
let deliveryTypeId: number;
let shopperId: number;

/** 100 cards at margin 100 % (the seeded catalogue): 5 sheets × (0.045 + 0.03) × 2 = £0.75. */
const CARD_PRICE = 75;
/** Up to 1 kg by Tracked 24. */
const DELIVERY = 395;

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, staff, cat } = app);
  deliveryTypeId = app.del.first.id;
  shopper = new ApiClient(t.app);
  await registerAs(shopper, { company_name: 'Inkwell Design Studio' });
  shopperId = ok<{ id: number }>(await shopper.get('/api/user')).id;
}, 60_000);
afterAll(() => t?.close());

/** A basket of 100 cards with delivery chosen, saved as a quote. */
async function savedQuote(client = shopper): Promise<Quote> {
  const { order } = await basketWithCard(client, cat);
  ok(await client.patch(`/api/orders/${order.id}`, { delivery_type_id: deliveryTypeId }));
  return ok<Quote>(await client.post(`/api/orders/${order.id}/quote`), 201);
}

const confirm = (client: ApiClient, id: number) =>
  client.request('POST', `/api/orders/${id}/confirm`, {}, { headers: { 'idempotency-key': `confirm-quote-${id}` } });

/** Puts the catalogue's price of the cards up (margin 100 % → 200 % at 100), and back afterwards. */
async function withDearerCards<T>(run: () => Promise<T>): Promise<T> {
  await setMargins(staff, cat.cards.id, cat.silk.id, [
    [100, 200],
    [250, 50],
  ]);
  try {
    return await run();
  } finally {
    await setMargins(staff, cat.cards.id, cat.silk.id, [
      [100, 100],
      [250, 50],
    ]);
  }
}
/** 100 cards at margin 200 %. */
const DEARER_PRICE = 113;

describe('saving a basket as a quote', () => {
  it('keeps its items, delivery and prices, numbered and valid for QUOTE_VALID_DAYS (30) from today', async () => {
    const quote = await savedQuote();
    expect(quote.number).toBe(`Q-${String(quote.id).padStart(6, '0')}`);
    expect(quote.valid_until).toBe(quoteValidUntil(ukToday(), 30));
    expect(quote.expired).toBe(false);
    expect(quote).toMatchObject({
      ref: 'PO-1',
      delivery_type_id: deliveryTypeId,
      delivery_type_name: 'Royal Mail Tracked 24',
      delivery_cost: DELIVERY,
      total_net: CARD_PRICE + DELIVERY,
      total_vat: 94,
      total: CARD_PRICE + DELIVERY + 94,
      country_name: 'United Kingdom',
      items: [
        { product_id: cat.cards.id, product_name: 'Cards', stock_name: 'Silk 350', qty: 100, sides: 'single', orientation: 'landscape', price: CARD_PRICE },
      ],
    });
    expect(ok<Quote>(await shopper.get(`/api/quotes/${quote.id}`))).toEqual(quote);

    const list = ok<QuoteList>(await shopper.get('/api/quotes'));
    expect(list.data[0]).toMatchObject({ id: quote.id, number: quote.number, total: quote.total, item_count: 1, items_summary: '100 × Cards', expired: false });
  });

  it('follows the QUOTE_VALID_DAYS setting', async () => {
    const settings = ok<Array<{ id: number; name: string }>>(await staff.get('/api/admin/settings?range=[0,99]'));
    const id = settings.find((s) => s.name === 'QUOTE_VALID_DAYS')!.id;
    const refused = await putAsRead(staff, `/api/admin/settings/${id}`, { value: '0', description: 'Quote days', public: false });
    expect(refused.statusCode).toBe(422);
    ok(await putAsRead(staff, `/api/admin/settings/${id}`, { value: '7', description: 'Quote days', public: false }));
    try {
      expect((await savedQuote()).valid_until).toBe(quoteValidUntil(ukToday(), 7));
    } finally {
      ok(await putAsRead(staff, `/api/admin/settings/${id}`, { value: '30', description: 'Quote days', public: false }));
    }
  });

  it('refuses a basket that cannot be priced whole, 422 with the reason, and saves nothing', async () => {
    const before = ok<QuoteList>(await shopper.get('/api/quotes')).total;
    const empty = ok<Order>(await shopper.post('/api/orders', {}), 201);
    const res = await shopper.post(`/api/orders/${empty.id}/quote`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.items).toMatch(/at least one item/);

    const { order, item } = await basketWithCard(shopper, cat);
    const noDelivery = await shopper.post(`/api/orders/${order.id}/quote`);
    expect(noDelivery.statusCode).toBe(422);
    expect(noDelivery.json().errors.delivery_type_id).toMatch(/Choose a delivery service/);

    ok(await shopper.patch(`/api/orders/${order.id}`, { delivery_type_id: deliveryTypeId }));
    // 100 is no longer a quantity offered: the item cannot be ordered as it is.
    await setMargins(staff, cat.cards.id, cat.silk.id, [[250, 50]]);
    try {
      const unorderable = await shopper.post(`/api/orders/${order.id}/quote`);
      expect(unorderable.statusCode).toBe(422);
      expect(unorderable.json().errors[`items.${item.id}`]).toMatch(/Item 1 \(Cards\): Choose one of the quantities offered/);
    } finally {
      await setMargins(staff, cat.cards.id, cat.silk.id, [
        [100, 100],
        [250, 50],
      ]);
    }
    expect(ok<QuoteList>(await shopper.get('/api/quotes')).total).toBe(before);
  });
});

describe('ordering a quote', () => {
  it('makes a basket at the quoted prices, which a later catalogue change does not alter, and confirmation keeps', async () => {
    const quote = await savedQuote();
    await withDearerCards(async () => {
      // The quote itself is as it was saved.
      expect(ok<Quote>(await shopper.get(`/api/quotes/${quote.id}`)).items[0].price).toBe(CARD_PRICE);
      // A new basket of the same cards is at today's dearer price…
      const { item: today } = await basketWithCard(shopper, cat);
      expect(today.price).toBe(DEARER_PRICE);
      // …the quote's basket at the quoted one.
      const basket = ok<Order>(await shopper.post(`/api/quotes/${quote.id}/order`), 201);
      expect(basket).toMatchObject({
        status: 'basket',
        ref: 'PO-1',
        delivery_type_id: deliveryTypeId,
        delivery_cost: DELIVERY,
        total_net: CARD_PRICE + DELIVERY,
      });
      expect(basket.items[0]).toMatchObject({
        qty: 100,
        price: CARD_PRICE,
        quote: { id: quote.id, number: quote.number, price: CARD_PRICE, valid_until: quote.valid_until, holds: true },
      });
      expect(basket.items[0].quote!.note).toMatch(new RegExp(`^Quoted price from ${quote.number}, valid until`));
      expect(basket.events[0].note).toBe(`Ordered from quote ${quote.number}`);

      ok(await upload(shopper, basket.id, basket.items[0].id, await pdf(CLEAN_CARD)));
      await artworkChecked(t, shopper, basket.id);
      const confirmed = ok<Order>(await confirm(shopper, basket.id));
      expect(confirmed).toMatchObject({ status: 'live', total_net: CARD_PRICE + DELIVERY });
      expect(confirmed.items[0]).toMatchObject({ price: CARD_PRICE, quote: { holds: true } });
      expect(ok<Order>(await shopper.get(`/api/orders/${basket.id}`)).items[0].price).toBe(CARD_PRICE);
    });
  });

  it('lets go of the quoted price when the item is changed', async () => {
    const quote = await savedQuote();
    const basket = ok<Order>(await shopper.post(`/api/quotes/${quote.id}/order`), 201);
    await withDearerCards(async () => {
      const changed = ok<{ price: number; quote: unknown }>(await shopper.patch(`/api/orders/${basket.id}/items/${basket.items[0].id}`, { sides: 'double' }));
      expect(changed.quote).toBeNull();
      const back = ok<{ price: number; quote: unknown }>(await shopper.patch(`/api/orders/${basket.id}/items/${basket.items[0].id}`, { sides: 'single' }));
      expect(back).toMatchObject({ price: DEARER_PRICE, quote: null });
    });
  });

  it('after the quote has expired: refused (422 beside valid_until, nothing made) unless asked at today’s prices, which the answer says', async () => {
    const quote = await savedQuote();
    // The quote's last day was yesterday.
    const yesterday = new Date(Date.now() - 86_400_000);
    await t.database.db
      .update(quotes)
      .set({ validUntil: ukToday(yesterday) })
      .where(eq(quotes.id, quote.id));
    expect(ok<Quote>(await shopper.get(`/api/quotes/${quote.id}`)).expired).toBe(true);
    const baskets = async () => ok<{ total: number }>(await shopper.get('/api/orders?status=basket')).total;
    const before = await baskets();
    const refused = await shopper.post(`/api/quotes/${quote.id}/order`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.valid_until).toMatch(new RegExp(`^Quote ${quote.number} expired on .+ today’s prices instead\\.$`));
    expect(await baskets()).toBe(before);
    await withDearerCards(async () => {
      const basket = ok<Order>(await shopper.post(`/api/quotes/${quote.id}/order?at_todays_prices=1`), 201);
      expect(basket.items[0]).toMatchObject({ price: DEARER_PRICE, quote: { holds: false, price: CARD_PRICE } });
      expect(basket.items[0].quote!.note).toMatch(new RegExp(`^Quote ${quote.number} expired on .+: today's price applies\\.$`));
      expect(basket.events[0].note).toMatch(/expired: at today's prices/);
    });
  });

  it('a quote that runs out while its basket waits: confirmed at the prices of the day of confirmation', async () => {
    const quote = await savedQuote();
    const basket = ok<Order>(await shopper.post(`/api/quotes/${quote.id}/order`), 201);
    ok(await upload(shopper, basket.id, basket.items[0].id, await pdf(CLEAN_CARD)));
    await artworkChecked(t, shopper, basket.id);
    await withDearerCards(async () => {
      expect(ok<Order>(await shopper.get(`/api/orders/${basket.id}`)).items[0].price).toBe(CARD_PRICE);
      // The day of confirmation is after the quote's last day.
      await t.database.db
        .update(orderItems)
        .set({ quotedUntil: ukToday(new Date(Date.now() - 86_400_000)) })
        .where(eq(orderItems.orderId, basket.id));
      const confirmed = ok<Order>(await confirm(shopper, basket.id));
      expect(confirmed.items[0]).toMatchObject({ price: DEARER_PRICE, quote: { holds: false } });
      expect(confirmed.total_net).toBe(DEARER_PRICE + DELIVERY);
    });
  });

  it('holds through its last day', async () => {
    const quote = await savedQuote();
    await t.database.db.update(quotes).set({ validUntil: ukToday() }).where(eq(quotes.id, quote.id));
    await withDearerCards(async () => {
      const basket = ok<Order>(await shopper.post(`/api/quotes/${quote.id}/order`), 201);
      expect(basket.items[0]).toMatchObject({ price: CARD_PRICE, quote: { holds: true } });
    });
  });
});

describe('another customer’s quote', () => {
  it('is 404 on every route, and their basket cannot be saved by anyone else', async () => {
    const quote = await savedQuote();
    const other = new ApiClient(t.app);
    await registerAs(other);
    for (const [method, url] of [
      ['GET', `/api/quotes/${quote.id}`],
      ['GET', `/api/quotes/${quote.id}/pdf`],
      ['GET', `/api/quotes/${quote.id}/pdf?for_client=1&markup=10`],
      ['POST', `/api/quotes/${quote.id}/order`],
    ] as const) {
      const res = await other.request(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('No such quote.');
    }
    expect(ok<QuoteList>(await other.get('/api/quotes')).total).toBe(0);
    const { order } = await basketWithCard(shopper, cat);
    expect((await other.post(`/api/orders/${order.id}/quote`)).statusCode).toBe(404);
  });
});

describe('the PDF', () => {
  let quote: Quote;
  beforeAll(async () => {
    quote = await savedQuote();
  });

  const pdfOf = async (query: string) => {
    const res = await shopper.get(`/api/quotes/${quote.id}/pdf${query}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="${quote.number}.pdf"`));
    return res.rawPayload;
  };

  it('for the customer: under the printer’s name, at the quoted prices', async () => {
    const body = await pdfOf('');
    const text = (await pdfText(body)).join('\n');
    expect(text).toContain('QUOTATION');
    expect(text).toContain(quote.number);
    expect(text).toContain('Print Junction Trade Ltd');
    expect(text).toContain(formatPence(CARD_PRICE));
    expect(text).toContain(formatPence(quote.total));
  });

  it('for their client: under their company, with no word of the printer’s (metadata included), every price marked up', async () => {
    const body = await pdfOf('?for_client=1&markup=15');
    const text = (await pdfText(body)).join('\n');
    const marked = markedUpQuote([CARD_PRICE], DELIVERY, '20', '15');
    // 75p × 1.15 = 86.25p → 86p; £3.95 × 1.15 = £4.5425 → £4.54; VAT on the marked-up net.
    expect(marked).toEqual({ lines: [86], delivery: 454, total_net: 540, total_vat: 108, total: 648 });
    expect(text).toContain('Inkwell Design Studio');
    for (const price of [marked.lines[0], marked.delivery, marked.total_net, marked.total_vat, marked.total]) expect(text).toContain(formatPence(price));
    expect(text).not.toContain(formatPence(quote.total));
    for (const words of [/print\s*junction/i, /printjunction/i, /PDFKit/i]) {
      expect(text).not.toMatch(words);
      expect(body.toString('latin1')).not.toMatch(words);
    }
    // The document's Author, Creator and Producer name the customer (the page content is compressed: only the info is plain).
    expect(body.toString('latin1').match(/\(Inkwell Design Studio\)/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('for their client: with their logo when they have one', async () => {
    const name = 'quote-test-logo.png';
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#225588' } })
      .png()
      .toBuffer();
    await t.app.deps.files.put(logoKey(name), png);
    await t.database.db.update(companies).set({ logo: name }).where(companyOfUser(shopperId));
    try {
      const body = await pdfOf('?for_client=1');
      expect(body.toString('latin1')).toMatch(/\/Subtype \/Image/);
      expect((await pdfText(body)).join('\n')).toContain('Inkwell Design Studio');
    } finally {
      await t.database.db.update(companies).set({ logo: null }).where(companyOfUser(shopperId));
    }
  });

  it('refuses a markup that is not 0–500 % with at most one decimal: 422 naming markup', async () => {
    for (const markup of ['501', '-1', 'abc', '12.25', '1e2', '', '500.1']) {
      const res = await shopper.get(`/api/quotes/${quote.id}/pdf?for_client=1&markup=${encodeURIComponent(markup)}`);
      expect(res.statusCode, markup).toBe(422);
      expect(res.json().errors.markup, markup).toMatch(/0 to 500/);
    }
    const withoutClient = await shopper.get(`/api/quotes/${quote.id}/pdf?markup=10`);
    expect(withoutClient.statusCode).toBe(422);
    expect(withoutClient.json().errors.markup).toMatch(/for_client=1/);
    for (const markup of ['0', '500', '12.5']) expect((await shopper.get(`/api/quotes/${quote.id}/pdf?for_client=1&markup=${markup}`)).statusCode).toBe(200);
  });
});
