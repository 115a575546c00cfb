import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products as productsTable } from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed';
import { DEMO_CATALOGUE } from '../../src/server/db/seed/catalogue';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';
import { ok } from './helpers/catalogue';

interface PriceList {
  products: Array<{
    id: number;
    name: string;
    discount: number;
    stocks: Array<{ name: string; breaks: Array<{ qty: number; single: number; double: number }> }>;
  }>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
});
afterAll(() => t.close());

async function pricesOf(email: string, password: string): Promise<PriceList> {
  const client = new ApiClient(t.app);
  await client.login(email, password);
  return ok<PriceList>(await client.get('/api/prices'));
}

describe('the demo catalogue', () => {
  it('reads like a trade price list: ~8 products on ~6 papers, 6–12 breaks each, prices rising with quantity', async () => {
    const list = await pricesOf('tom@cornercafe.test', 'PJT-customer-demo');
    expect(DEMO_CATALOGUE.stocks).toBeGreaterThanOrEqual(6);
    expect(list.products).toHaveLength(DEMO_CATALOGUE.products - DEMO_CATALOGUE.restricted.length);
    expect(list.products[0].name).toMatch(/Business cards/);
    for (const p of list.products) {
      expect(p.stocks.length).toBeGreaterThanOrEqual(2);
      for (const s of p.stocks) {
        expect(s.breaks.length).toBeGreaterThanOrEqual(6);
        expect(s.breaks.length).toBeLessThanOrEqual(12);
        s.breaks.forEach((b, i) => {
          expect(b.double).toBeGreaterThan(b.single);
          if (i > 0) {
            const prev = s.breaks[i - 1];
            expect(b.single, `${p.name} on ${s.name}: ${b.qty} must cost more than ${prev.qty}`).toBeGreaterThan(prev.single);
            // and less per item
            expect(b.single / b.qty).toBeLessThan(prev.single / prev.qty);
          }
        });
      }
    }
  });

  it('gives the demo trade customer the restricted range and her discounts; others neither', async () => {
    const jane = await pricesOf('jane@inkwell-design.test', 'PJT-trade-demo');
    const tom = await pricesOf('tom@cornercafe.test', 'PJT-customer-demo');
    const restricted = DEMO_CATALOGUE.restricted[0];
    expect(jane.products.map((p) => p.name)).toContain(restricted);
    expect(tom.products.map((p) => p.name)).not.toContain(restricted);
    const janeCards = jane.products.find((p) => /Business cards/.test(p.name))!;
    const tomCards = tom.products.find((p) => /Business cards/.test(p.name))!;
    expect(janeCards.discount).toBe(10);
    expect(tomCards.discount).toBe(0);
    expect(janeCards.stocks[0].breaks[0].single).toBeLessThan(tomCards.stocks[0].breaks[0].single);
  });
});

describe('the demo finishes and turnarounds', () => {
  it('gives every product a default Standard turnaround at its own days, and the cards real finishes and a Same day', async () => {
    const staff = new ApiClient(t.app);
    await staff.login('admin@printjunction.test', 'PJT-admin-demo');
    const all = ok<Array<{ id: number; name: string; production_days: number }>>(await staff.get('/api/admin/products?range=[0,99]'));
    expect(all).toHaveLength(DEMO_CATALOGUE.products);
    const byProduct = (resource: string, id: number) => staff.get(`/api/admin/${resource}?filter=${encodeURIComponent(JSON.stringify({ product_id: id }))}`);
    for (const product of all) {
      const speeds = ok<Array<{ name: string; production_days: number; price_percent: number; is_default: boolean }>>(
        await byProduct('turnarounds', product.id),
      );
      expect(speeds.filter((s) => s.is_default)).toEqual([
        expect.objectContaining({ name: 'Standard', production_days: product.production_days, price_percent: 0 }),
      ]);
      expect(speeds.length, product.name).toBeGreaterThanOrEqual(2);
      expect(ok<unknown[]>(await byProduct('option-groups', product.id)).length, product.name).toBeGreaterThanOrEqual(1);
    }
    const cards = all.find((p) => p.name === 'Business cards 85×55mm')!;
    const speeds = ok<Array<{ name: string; production_days: number; price_percent: number }>>(await byProduct('turnarounds', cards.id));
    expect(speeds.map((s) => [s.name, s.production_days, s.price_percent])).toEqual([
      ['Saver', 5, -10],
      ['Standard', 2, 0],
      ['Express', 1, 35],
      ['Same day', 0, 80],
    ]);
    const groups = ok<Array<{ name: string; required: boolean }>>(await byProduct('option-groups', cards.id));
    expect(groups.map((g) => [g.name, g.required])).toEqual([
      ['Lamination', true],
      ['Corners', true],
    ]);
    const options = ok<Array<{ name: string }>>(await byProduct('options', cards.id));
    expect(options.map((o) => o.name)).toEqual(
      expect.arrayContaining(['None', 'Matt, both sides', 'Gloss, both sides', 'Soft-touch, both sides', 'Square', 'Rounded (4 mm radius)']),
    );
  });
});

describe('the demo banner', () => {
  it('promises what the demo’s quotes say: its cut-off and the business cards’ production days', async () => {
    const client = new ApiClient(t.app);
    const banner = ok<{ value: string }>(await client.get('/api/settings/STATUS_TEXT')).value;
    const cutoff = ok<{ value: string }>(await client.get('/api/settings/CUTOFF_TIME')).value;
    await client.login('tom@cornercafe.test', 'PJT-customer-demo');
    const products = ok<Array<{ name: string; production_days?: number }>>(await client.get('/api/products'));
    const cards = products.find((p) => /^Business cards/.test(p.name));
    const [days] = await t.database.db.select({ days: productsTable.productionDays }).from(productsTable).where(eq(productsTable.name, cards!.name));
    expect(days.days).toBeGreaterThan(0);
    expect(banner).toBe(`Order by ${cutoff} for dispatch in ${days.days} working days on business cards.`);
    expect(banner).not.toMatch(/same (working )?day/);
  });
});
