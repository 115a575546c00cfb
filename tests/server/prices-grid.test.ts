import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PriceList } from '../../src/shared/api/prices';
import type { OrderableProduct } from '../../src/shared/api/prices';
import { linePrice, type OptionCosts } from '../../src/shared/domain/pricing';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';
import { allKeys, createProduct, createStock, ok, putAsRead, setMargins, staffClient, type ProductRec, type StockRec } from './helpers/catalogue';

/**
 * The price grid (DESIGN §2 "Options and turnarounds", §3): GET /api/prices and GET /api/products
 * carry each product's active option groups and turnarounds; the price list prices every break at
 * every turnaround, both sides, and says what each option adds — all by the shared engine, at the
 * customer's own terms, and never a cost or a margin.
 */

interface Rec {
  id: number;
}

let t: TestApp;
let staff: ApiClient;
let silk: StockRec;
let cards: ProductRec;
let saver: Rec;
let express: Rec;
let sameDay: Rec;
const matt: OptionCosts = { sheet_cost: '0.1600', setup_cost: 0 };
const gloss: OptionCosts = { sheet_cost: '0.1200', setup_cost: 2500 };
let mattId: number;
let glossId: number;
let laminationId: number;

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
  silk = await createStock(staff, { name: '350gsm Silk', sheet_cost: '0.0450', single_cost: '0.0300', double_cost: '0.0550' });
  cards = await createProduct(staff, { name: 'Grid cards', multiplier: 24, production_days: 2, stock_ids: [silk.id] });
  await setMargins(staff, cards.id, silk.id, [
    [250, 100],
    [1000, '62.5'],
  ]);
  const turnaround = async (fields: Record<string, unknown>) => ok<Rec>(await staff.post('/api/admin/turnarounds', { product_id: cards.id, ...fields }), 201);
  saver = await turnaround({ name: 'Saver', production_days: 4, price_percent: -10 });
  express = await turnaround({ name: 'Express', production_days: 1, price_percent: 35 });
  sameDay = await turnaround({ name: 'Same day', production_days: 0, price_percent: 100 });
  await turnaround({ name: 'Overnight (withdrawn)', production_days: 1, price_percent: 50, active: false });
  const group = async (name: string, required = false) =>
    ok<Rec>(await staff.post('/api/admin/option-groups', { product_id: cards.id, name, required }), 201).id;
  const option = async (groupId: number, fields: Record<string, unknown>) =>
    ok<Rec>(await staff.post('/api/admin/options', { option_group_id: groupId, ...fields }), 201).id;
  laminationId = await group('Lamination');
  mattId = await option(laminationId, { name: 'Matt lamination', ...matt, production_days: 1 });
  glossId = await option(laminationId, { name: 'Gloss lamination', ...gloss });
  await option(laminationId, { name: 'Soft touch (withdrawn)', sheet_cost: '0.3000', active: false });
  const drilling = await group('Drilling');
  await option(drilling, { name: 'Two holes (withdrawn)', setup_cost: 500, active: false });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const customer = async () => {
  const c = new ApiClient(t.app);
  await registerAs(c);
  return c;
};
const gridOf = async (c: ApiClient) => ok<PriceList>(await c.get('/api/prices'));
const price = (
  qty: number,
  margin: number | string,
  sides: 'single' | 'double',
  turnaround_percent = 0,
  options: OptionCosts[] = [],
  discount: string | number = 0,
) => linePrice({ stock: silk, multiplier: 24, qty, sides, margin, turnaround_percent, options, discount });

describe('GET /api/prices: the price grid', () => {
  it('carries the active options and turnarounds, and prices every break at every turnaround by the shared engine', async () => {
    const c = await customer();
    const list = await gridOf(c);
    const p = list.products.find((x) => x.id === cards.id)!;
    // Withdrawn options are left out, and a group with none left on offer with them.
    expect(p.option_groups).toEqual([
      {
        id: laminationId,
        name: 'Lamination',
        required: false,
        options: [
          { id: mattId, name: 'Matt lamination', production_days: 1, setup_charge: false },
          { id: glossId, name: 'Gloss lamination', production_days: 0, setup_charge: true },
        ],
      },
    ]);
    // Slowest first, the withdrawn one left out.
    expect(p.turnarounds.map((x) => [x.name, x.production_days, x.price_percent, x.is_default])).toEqual([
      ['Saver', 4, -10, false],
      ['Standard', 2, 0, true],
      ['Express', 1, 35, false],
      ['Same day', 0, 100, false],
    ]);

    const s = p.stocks[0];
    // At the default turnaround (0 %) and with no option, every price is the price list's as it always was.
    expect(s.breaks).toEqual([
      { qty: 250, single: 165, double: 220 },
      { qty: 1000, single: price(1000, '62.5', 'single'), double: price(1000, '62.5', 'double') },
    ]);
    expect(s.turnarounds).toEqual([
      { id: saver.id, single: [price(250, 100, 'single', -10), price(1000, '62.5', 'single', -10)], double: [198, price(1000, '62.5', 'double', -10)] },
      { id: express.id, single: [price(250, 100, 'single', 35), price(1000, '62.5', 'single', 35)], double: [297, price(1000, '62.5', 'double', 35)] },
      { id: sameDay.id, single: [330, price(1000, '62.5', 'single', 100)], double: [440, price(1000, '62.5', 'double', 100)] },
    ]);
    // 250 cards: 11 sheets × £0.16 = £1.76 of matt, ×2 = 352p more; gloss 11 × £0.12 + £25.00 set-up = £26.32, ×2 = 5264p more.
    expect(s.options).toEqual([
      { id: mattId, adds: [352, price(1000, '62.5', 'single', 0, [matt]) - price(1000, '62.5', 'single')] },
      { id: glossId, adds: [5264, price(1000, '62.5', 'single', 0, [gloss]) - price(1000, '62.5', 'single')] },
    ]);
  });

  it("prices the grid at the customer's own discount, one rounding per price", async () => {
    const c = await customer();
    const userId = ok<{ id: number }>(await c.get('/api/user')).id;
    ok(await staff.post('/api/admin/user-prices', { user_id: userId, product_id: cards.id, discount: '12.5' }), 201);
    const s = (await gridOf(c)).products.find((x) => x.id === cards.id)!.stocks[0];
    expect(s.breaks[0]).toEqual({ qty: 250, single: price(250, 100, 'single', 0, [], '12.5'), double: price(250, 100, 'double', 0, [], '12.5') });
    // Express on 250 cards, double-sided: 11 × £0.10 × 2 × 1.35 × 0.875 = 259.875p → 260p, not 220p × 0.875 rounded, then × 1.35 rounded.
    expect(s.turnarounds.find((x) => x.id === express.id)!.double[0]).toBe(260);
    expect(s.options[0].adds[0]).toBe(price(250, 100, 'single', 0, [matt], '12.5') - s.breaks[0].single);
  });

  it('quotes a product whose default turnaround costs more at that default, in the list and in the basket alike', async () => {
    const rush = await createProduct(staff, { name: 'Rush flyers', multiplier: 8, production_days: 3, stock_ids: [silk.id] });
    await setMargins(staff, rush.id, silk.id, [[100, 50]]);
    ok(await staff.post('/api/admin/turnarounds', { product_id: rush.id, name: 'Rush', production_days: 1, price_percent: 20, is_default: true }), 201);
    const c = await customer();
    const s = (await gridOf(c)).products.find((x) => x.id === rush.id)!.stocks[0];
    const atTwenty = linePrice({ stock: silk, multiplier: 8, qty: 100, sides: 'single', margin: 50, turnaround_percent: 20 });
    expect(s.breaks).toEqual([
      { qty: 100, single: atTwenty, double: linePrice({ stock: silk, multiplier: 8, qty: 100, sides: 'double', margin: 50, turnaround_percent: 20 }) },
    ]);
    // The old Standard is now one of the others, at 0 %.
    expect(s.turnarounds).toEqual([
      { id: expect.any(Number), single: [linePrice({ stock: silk, multiplier: 8, qty: 100, sides: 'single', margin: 50 })], double: [expect.any(Number)] },
    ]);
    const order = ok<{ id: number }>(await c.post('/api/orders', { ref: 'Rush' }), 201);
    const item = ok<{ price: number }>(
      await c.post(`/api/orders/${order.id}/items`, { product_id: rush.id, stock_id: silk.id, qty: 100, sides: 'single', orientation: 'portrait' }),
      201,
    );
    expect(item.price).toBe(atTwenty);
  });

  it('shows a change to an option or a turnaround at the next request', async () => {
    const c = await customer();
    const before = (await gridOf(c)).products.find((x) => x.id === cards.id)!;
    expect(before.turnarounds.map((x) => x.name)).toContain('Express');
    ok(await putAsRead(staff, `/api/admin/turnarounds/${express.id}`, { price_percent: 40 }));
    ok(await putAsRead(staff, `/api/admin/options/${glossId}`, { active: false }));
    const after = (await gridOf(c)).products.find((x) => x.id === cards.id)!;
    expect(after.turnarounds.find((x) => x.id === express.id)!.price_percent).toBe(40);
    expect(after.stocks[0].turnarounds.find((x) => x.id === express.id)!.single[0]).toBe(price(250, 100, 'single', 40));
    expect(after.option_groups[0].options.map((o) => o.id)).toEqual([mattId]);
    expect(after.stocks[0].options.map((o) => o.id)).toEqual([mattId]);
    ok(await putAsRead(staff, `/api/admin/turnarounds/${express.id}`, { price_percent: 35 }));
    ok(await putAsRead(staff, `/api/admin/options/${glossId}`, { active: true }));
  });

  it('never sends a cost, a set-up cost or a margin, with options and turnarounds on offer', async () => {
    const c = await customer();
    for (const path of ['/api/prices', '/api/products']) {
      const res = await c.get(path);
      expect(res.statusCode).toBe(200);
      for (const key of allKeys(res.json())) expect(key).not.toMatch(/cost|margin|multiplier|sheet/i);
      expect(res.body).not.toMatch(/cost|margin/i);
    }
  });
});

describe('Same day: offered only before the cut-off on a working day', () => {
  const sameDayAt = async (iso: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
    const c = await customer();
    const list = await gridOf(c);
    const products = ok<OrderableProduct[]>(await c.get('/api/products'));
    const turnarounds = list.products.find((x) => x.id === cards.id)!.turnarounds;
    const orderable = products.find((x) => x.id === cards.id)!.turnarounds;
    expect(orderable).toEqual(turnarounds); // the same turnarounds, offered alike, on both answers
    const byName = Object.fromEntries(turnarounds.map((x) => [x.name, { offered: x.offered, dispatch: x.dispatch_date }]));
    return { start: list.production_start, cutoff: list.cutoff, byName };
  };

  it('on a Wednesday at 11:59 UK time Same day is offered, dispatched today; at 12:00 it is not, and every date moves a day', async () => {
    // 2 December 2026 is a Wednesday in winter: UK time is UTC.
    const before = await sameDayAt('2026-12-02T11:59:00Z');
    expect(before.start).toBe('2026-12-02');
    expect(before.cutoff).toBe('12:00');
    expect(before.byName).toEqual({
      Saver: { offered: true, dispatch: '2026-12-08' },
      Standard: { offered: true, dispatch: '2026-12-04' },
      Express: { offered: true, dispatch: '2026-12-03' },
      'Same day': { offered: true, dispatch: '2026-12-02' },
    });
    const after = await sameDayAt('2026-12-02T12:00:00Z');
    expect(after.start).toBe('2026-12-03');
    expect(after.byName).toEqual({
      Saver: { offered: true, dispatch: '2026-12-09' },
      Standard: { offered: true, dispatch: '2026-12-07' },
      Express: { offered: true, dispatch: '2026-12-04' },
      'Same day': { offered: false, dispatch: '2026-12-03' },
    });
  });

  it('is not offered on a Saturday morning, nor on a closed day; the cut-off follows the CUTOFF_TIME setting', async () => {
    const saturday = await sameDayAt('2026-12-05T09:00:00Z');
    expect(saturday.start).toBe('2026-12-07');
    expect(saturday.byName['Same day']).toEqual({ offered: false, dispatch: '2026-12-07' });
    vi.useRealTimers();

    ok(await staff.post('/api/admin/closed-days', { date: '2026-12-09', name: 'Stocktake' }), 201);
    const closed = await sameDayAt('2026-12-09T09:00:00Z');
    expect(closed.start).toBe('2026-12-10');
    expect(closed.byName['Same day'].offered).toBe(false);
    vi.useRealTimers();

    const setting = ok<Array<{ id: number; name: string }>>(
      await staff.get(`/api/admin/settings?filter=${encodeURIComponent(JSON.stringify({ q: 'CUTOFF_TIME' }))}`),
    ).find((s) => s.name === 'CUTOFF_TIME')!;
    ok(await putAsRead(staff, `/api/admin/settings/${setting.id}`, { value: '14:30' }));
    const later = await sameDayAt('2026-12-02T14:00:00Z');
    expect(later.cutoff).toBe('14:30');
    expect(later.byName['Same day']).toEqual({ offered: true, dispatch: '2026-12-02' });
    vi.useRealTimers();
    ok(await putAsRead(staff, `/api/admin/settings/${setting.id}`, { value: '12:00' }));
  });
});
