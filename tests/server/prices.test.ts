import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linePrice } from '../../src/shared/domain/pricing';
import { upsertAccount } from '../../src/server/modules/accounts/operations';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';
import { allKeys, countQueries, createProduct, createStock, ok, putAsRead, setMargins, staffClient, type ProductRec, type StockRec } from './helpers/catalogue';

let t: TestApp;
let staff: ApiClient;
let silk: StockRec;
let matt: StockRec;
let cards: ProductRec;
let flyers: ProductRec;

interface PriceList {
  products: Array<{
    id: number;
    name: string;
    discount: number;
    stocks: Array<{ id: number; name: string; breaks: Array<{ qty: number; single: number; double: number }> }>;
  }>;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
  silk = await createStock(staff, { name: '350gsm Silk', sheet_cost: '0.0450', single_cost: '0.0300', double_cost: '0.0550' });
  matt = await createStock(staff, { name: '400gsm Matt', sheet_cost: '0.0600', single_cost: '0.0300', double_cost: '0.0550' });
  cards = await createProduct(staff, { name: 'Business cards', multiplier: 24, stock_ids: [silk.id, matt.id] });
  flyers = await createProduct(staff, { name: 'A5 flyers', multiplier: 8, stock_ids: [silk.id] });
  await setMargins(staff, cards.id, silk.id, [
    [250, 100],
    [500, 80],
    [1000, '62.5'],
  ]);
  await setMargins(staff, cards.id, matt.id, [[250, 90]]);
  await setMargins(staff, flyers.id, silk.id, [
    [100, 120],
    [10000, 45],
  ]);
});
afterAll(() => t.close());

const customer = async () => {
  const c = new ApiClient(t.app);
  const body = await registerAs(c);
  return { client: c, email: body.email as string };
};

describe('GET /api/prices', () => {
  it('lists every orderable product, stock and break with both prices by the shared engine', async () => {
    const { client } = await customer();
    const list = ok<PriceList>(await client.get('/api/prices'));
    const c = list.products.find((p) => p.id === cards.id)!;
    expect(c.discount).toBe(0);
    expect(c.stocks.map((s) => s.name)).toEqual(['350gsm Silk', '400gsm Matt']);
    expect(c.stocks[0].breaks).toEqual([
      { qty: 250, single: 165, double: 220 },
      {
        qty: 500,
        single: linePrice({ stock: silk, multiplier: 24, qty: 500, sides: 'single', margin: 80 }),
        double: linePrice({ stock: silk, multiplier: 24, qty: 500, sides: 'double', margin: 80 }),
      },
      {
        qty: 1000,
        single: linePrice({ stock: silk, multiplier: 24, qty: 1000, sides: 'single', margin: '62.5' }),
        double: linePrice({ stock: silk, multiplier: 24, qty: 1000, sides: 'double', margin: '62.5' }),
      },
    ]);
    const f = list.products.find((p) => p.id === flyers.id)!;
    // 10000 / 8 = 1250 sheets: £93.75 × 1.45 = 13593.75p → 13594p; £125.00 × 1.45 = 18125p.
    expect(f.stocks[0].breaks[1]).toEqual({ qty: 10000, single: 13594, double: 18125 });
  });

  it("applies the customer's own discount, and only theirs", async () => {
    const a = await customer();
    const b = await customer();
    const aId = ok<{ id: number }>(await a.client.get('/api/user')).id;
    ok(await staff.post('/api/admin/user-prices', { user_id: aId, product_id: cards.id, discount: 10 }), 201);
    const listA = ok<PriceList>(await a.client.get('/api/prices'));
    const listB = ok<PriceList>(await b.client.get('/api/prices'));
    const cardsA = listA.products.find((p) => p.id === cards.id)!;
    const cardsB = listB.products.find((p) => p.id === cards.id)!;
    expect(cardsA.discount).toBe(10);
    expect(cardsB.discount).toBe(0);
    // 165p × 0.9 = 148.5p → 149p; 220p × 0.9 = 198p
    expect(cardsA.stocks[0].breaks[0]).toEqual({ qty: 250, single: 149, double: 198 });
    expect(cardsB.stocks[0].breaks[0]).toEqual({ qty: 250, single: 165, double: 220 });
    // The discount is per product: flyers are unchanged for A.
    expect(listA.products.find((p) => p.id === flyers.id)).toEqual(listB.products.find((p) => p.id === flyers.id));
  });

  it('shows a restricted product only to the customers linked to it', async () => {
    const special = await createProduct(staff, { name: 'Folded A4 (agency only)', multiplier: 4, restricted: true, stock_ids: [silk.id] });
    await setMargins(staff, special.id, silk.id, [[50, 100]]);
    const linked = await customer();
    const other = await customer();
    const linkedId = ok<{ id: number }>(await linked.client.get('/api/user')).id;
    ok(await putAsRead(staff, `/api/admin/user-products/${linkedId}`, { product_ids: [special.id] }));
    const ids = async (c: ApiClient, path: string) => {
      const body = ok<PriceList | PriceList['products']>(await c.get(path));
      return (Array.isArray(body) ? body : body.products).map((p) => p.id);
    };
    expect(await ids(linked.client, '/api/prices')).toContain(special.id);
    expect(await ids(linked.client, '/api/products')).toContain(special.id);
    expect(await ids(other.client, '/api/prices')).not.toContain(special.id);
    expect(await ids(other.client, '/api/products')).not.toContain(special.id);
    // Staff see it in the admin list, but as customers only when linked too.
    expect(await ids(staff, '/api/prices')).not.toContain(special.id);
  });

  it('leaves out inactive products and stocks and pairs with no margin rows', async () => {
    const lonely = await createStock(staff, { name: 'No margins yet' });
    const draft = await createProduct(staff, { name: 'Draft product', stock_ids: [silk.id, lonely.id] });
    await setMargins(staff, draft.id, silk.id, [[100, 50]]);
    const hidden = await createStock(staff, { name: 'Retired paper' });
    ok(await putAsRead(staff, `/api/admin/products/${flyers.id}`, { stock_ids: [silk.id, hidden.id] }));
    await setMargins(staff, flyers.id, hidden.id, [[100, 50]]);
    ok(await putAsRead(staff, `/api/admin/stock/${hidden.id}`, { active: false }));
    const noPairs = await createProduct(staff, { name: 'Nothing to order', stock_ids: [lonely.id] });
    const off = await createProduct(staff, { name: 'Switched off', stock_ids: [silk.id], active: false });
    await setMargins(staff, off.id, silk.id, [[100, 50]]);

    const { client } = await customer();
    const list = ok<PriceList>(await client.get('/api/prices'));
    const draftRow = list.products.find((p) => p.id === draft.id)!;
    expect(draftRow.stocks.map((s) => s.id)).toEqual([silk.id]);
    expect(list.products.find((p) => p.id === flyers.id)!.stocks.map((s) => s.id)).toEqual([silk.id]);
    expect(list.products.map((p) => p.id)).not.toContain(noPairs.id);
    expect(list.products.map((p) => p.id)).not.toContain(off.id);
    const orderable = ok<Array<{ id: number; stocks: Array<{ id: number }> }>>(await client.get('/api/products'));
    expect(orderable.find((p) => p.id === draft.id)!.stocks.map((s) => s.id)).toEqual([silk.id]);
    expect(orderable.map((p) => p.id)).not.toContain(noPairs.id);
  });

  it("lists products and stocks in the printer's order", async () => {
    ok(await staff.post('/api/admin/products/reorder', { ids: [flyers.id, cards.id] }));
    ok(await staff.post('/api/admin/stock/reorder', { ids: [matt.id, silk.id] }));
    const { client } = await customer();
    const list = ok<PriceList>(await client.get('/api/prices'));
    expect(list.products.slice(0, 2).map((p) => p.id)).toEqual([flyers.id, cards.id]);
    expect(list.products.find((p) => p.id === cards.id)!.stocks.map((s) => s.id)).toEqual([matt.id, silk.id]);
    ok(await staff.post('/api/admin/products/reorder', { ids: [cards.id, flyers.id] }));
    ok(await staff.post('/api/admin/stock/reorder', { ids: [silk.id, matt.id] }));
  });

  it('answers 401 to visitors and 403 to accounts with role none', async () => {
    expect((await new ApiClient(t.app).get('/api/prices')).statusCode).toBe(401);
    expect((await new ApiClient(t.app).get('/api/products')).statusCode).toBe(401);
    const { client, email } = await customer();
    await upsertAccount(t.database.db, { email, role: 'none' }); // ends its sessions
    await client.login(email, 'correct horse battery');
    expect((await client.get('/api/prices')).statusCode).toBe(403);
    expect((await client.get('/api/products')).statusCode).toBe(403);
  });

  it("never sends a cost, a margin or anyone else's discount to a customer", async () => {
    const { client } = await customer();
    for (const path of ['/api/prices', '/api/products']) {
      const res = await client.get(path);
      expect(res.statusCode).toBe(200);
      const keys = allKeys(res.json());
      for (const key of keys) expect(key).not.toMatch(/cost|margin|multiplier|sheet/i);
      expect(keys.has('user_id')).toBe(false);
      expect(res.body).not.toMatch(/cost|margin/i);
      expect(res.headers['cache-control']).toContain('private');
    }
  });

  it('uses the same few queries for a small and a larger catalogue (no query per product or stock)', async () => {
    const { client } = await customer();
    const measure = async () => {
      await createStock(staff); // a catalogue change: the next request reads the catalogue again
      const cold = await countQueries(t, () => client.get('/api/prices'));
      const warm = await countQueries(t, () => client.get('/api/prices'));
      return { cold: cold.queries, warm: warm.queries, products: warm.result.json().products.length as number };
    };
    const small = await measure();
    for (let i = 0; i < 5; i++) {
      const s = await createStock(staff);
      const p = await createProduct(staff, { stock_ids: [s.id, silk.id] });
      await setMargins(staff, p.id, s.id, [
        [100, 50],
        [200, 40],
      ]);
      await setMargins(staff, p.id, silk.id, [[100, 50]]);
    }
    const large = await measure();
    expect(large.products).toBe(small.products + 5);
    // The customer's terms and the catalogue version: one statement, then kept for a second (a
    // staff change forgets them); the catalogue itself: three more when it changed.
    expect(small).toMatchObject({ cold: 4, warm: 0 });
    expect(large).toMatchObject({ cold: 4, warm: 0 });
    expect((await countQueries(t, () => client.get('/api/products'))).queries).toBe(0);
  });

  it('shows a catalogue change at the next request (the cache follows the version)', async () => {
    const { client } = await customer();
    const p = await createProduct(staff, { name: 'Changing product', multiplier: 1, stock_ids: [silk.id] });
    await setMargins(staff, p.id, silk.id, [[10, 100]]);
    const price = async () => ok<PriceList>(await client.get('/api/prices')).products.find((x) => x.id === p.id)?.stocks[0].breaks[0];
    // 10 sheets × £0.075 = 75p, ×2 = 150p
    expect(await price()).toEqual({ qty: 10, single: 150, double: 200 });
    ok(await putAsRead(staff, `/api/admin/stock/${silk.id}`, { sheet_cost: '0.0950' })); // 10 × £0.125 × 2
    expect(await price()).toEqual({ qty: 10, single: 250, double: 300 });
    await setMargins(staff, p.id, silk.id, [[10, 0]]);
    expect(await price()).toEqual({ qty: 10, single: 125, double: 150 });
    ok(await putAsRead(staff, `/api/admin/products/${p.id}`, { active: false }));
    expect(await price()).toBeUndefined();
    ok(await putAsRead(staff, `/api/admin/stock/${silk.id}`, { sheet_cost: '0.0450' }));
  });
});

describe('GET /api/products', () => {
  it('answers products with their options, turnarounds, stocks and quantity breaks: what ordering needs', async () => {
    const { client } = await customer();
    const list = ok<Array<Record<string, unknown>>>(await client.get('/api/products'));
    const c = list.find((p) => p.id === cards.id)!;
    expect(c).toEqual({
      id: cards.id,
      name: 'Business cards',
      description: '',
      weight: 1.6,
      large_item: false,
      proof_required: false,
      // A new product's one turnaround, Standard at its own days and 0 %; no finishing options yet.
      option_groups: [],
      turnarounds: [
        { id: expect.any(Number), name: 'Standard', production_days: 2, price_percent: 0, is_default: true, offered: true, dispatch_date: expect.any(String) },
      ],
      stocks: [
        { id: silk.id, name: '350gsm Silk', type: 'Silk', quantities: [250, 500, 1000] },
        { id: matt.id, name: '400gsm Matt', type: 'Silk', quantities: [250] },
      ],
    });
  });
});
