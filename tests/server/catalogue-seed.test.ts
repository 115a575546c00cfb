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
