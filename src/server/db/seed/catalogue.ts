import { and, count, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { optionGroups, options, products, productsStock, stock, stockMargins, turnarounds, userPrices, userProducts, users } from '../schema';
import { bumpCatalogueVersion } from '../../modules/catalogue/catalogue-version';

/**
 * The demo catalogue: six papers and eight products with realistic SRA3 costs, items per sheet,
 * weights and quantity breaks, so /prices reads like a real trade price list. Costs are per SRA3
 * sheet (paper, plus a digital click per side); margins fall as runs grow.
 */

// prettier-ignore
const STOCKS = [
  { key: 'silk350',     name: '350gsm Silk',      type: 'Silk',     sheetCost: '0.0820', singleCost: '0.0450', doubleCost: '0.0650' },
  { key: 'matt400',     name: '400gsm Matt',      type: 'Matt',     sheetCost: '0.1050', singleCost: '0.0450', doubleCost: '0.0650' },
  { key: 'uncoated300', name: '300gsm Uncoated',  type: 'Uncoated', sheetCost: '0.0750', singleCost: '0.0450', doubleCost: '0.0650' },
  { key: 'gloss170',    name: '170gsm Gloss',     type: 'Gloss',    sheetCost: '0.0380', singleCost: '0.0400', doubleCost: '0.0600' },
  { key: 'gloss130',    name: '130gsm Gloss',     type: 'Gloss',    sheetCost: '0.0290', singleCost: '0.0400', doubleCost: '0.0600' },
  { key: 'uncoated130', name: '130gsm Uncoated',  type: 'Uncoated', sheetCost: '0.0310', singleCost: '0.0420', doubleCost: '0.0620' },
] as const;
type StockKey = (typeof STOCKS)[number]['key'];

interface DemoProduct {
  name: string;
  description: string;
  multiplier: number;
  weight: string;
  largeItem?: boolean;
  restricted?: boolean;
  /** Finished size in mm [width, height] (folded work: flat); production working days. */
  trim: [number, number];
  productionDays: number;
  stocks: StockKey[];
  /** [quantity, margin %] — the same breaks on each of its stocks. */
  breaks: Array<[number, string]>;
}

/** The product the demo's status banner names (its turnaround is the one most orders get). */
export const DEMO_BANNER_PRODUCT = 'Business cards 85×55mm';

// prettier-ignore
const PRODUCTS: DemoProduct[] = [
  { name: 'Business cards 85×55mm', trim: [85, 55], productionDays: 2, description: 'Standard UK business cards, trimmed to 85 × 55 mm.', multiplier: 24, weight: '1.700',
    stocks: ['silk350', 'matt400', 'uncoated300'],
    breaks: [[100, '1000'], [250, '700'], [500, '450'], [1000, '300'], [2000, '230'], [2500, '210'], [5000, '160'], [10000, '120']] },
  { name: 'A6 flyers', trim: [105, 148], productionDays: 2, description: '105 × 148 mm flyers.', multiplier: 8, weight: '2.700',
    stocks: ['gloss170', 'gloss130', 'silk350'],
    breaks: [[100, '900'], [250, '500'], [500, '320'], [1000, '240'], [2500, '170'], [5000, '140'], [10000, '120'], [20000, '100']] },
  { name: 'A5 flyers', trim: [148, 210], productionDays: 2, description: '148 × 210 mm flyers.', multiplier: 4, weight: '5.300',
    stocks: ['gloss130', 'gloss170', 'uncoated130'],
    breaks: [[100, '800'], [250, '400'], [500, '250'], [1000, '160'], [2500, '90'], [5000, '60'], [10000, '45'], [25000, '35']] },
  { name: 'A4 flyers', trim: [210, 297], productionDays: 2, description: '210 × 297 mm flyers and letterheads.', multiplier: 2, weight: '10.600',
    stocks: ['gloss130', 'gloss170', 'uncoated130'],
    breaks: [[50, '900'], [100, '600'], [250, '300'], [500, '180'], [1000, '120'], [2500, '80'], [5000, '60']] },
  { name: 'DL leaflets', trim: [99, 210], productionDays: 2, description: '99 × 210 mm, fits a DL envelope.', multiplier: 6, weight: '3.500',
    stocks: ['gloss130', 'gloss170', 'uncoated130'],
    breaks: [[100, '850'], [250, '450'], [500, '280'], [1000, '190'], [2500, '120'], [5000, '85'], [10000, '65']] },
  { name: 'Postcards A6', trim: [105, 148], productionDays: 3, description: '105 × 148 mm on heavy card.', multiplier: 8, weight: '5.400',
    stocks: ['silk350', 'matt400', 'uncoated300'],
    breaks: [[50, '1000'], [100, '700'], [250, '400'], [500, '260'], [1000, '190'], [2500, '140'], [5000, '110']] },
  { name: 'A3 posters', trim: [297, 420], productionDays: 3, description: '297 × 420 mm posters, sent flat.', multiplier: 1, weight: '21.200', largeItem: true,
    stocks: ['gloss170', 'gloss130'],
    breaks: [[10, '1000'], [25, '600'], [50, '400'], [100, '280'], [250, '200'], [500, '160'], [1000, '130']] },
  { name: 'Folded A4 leaflets (agency range)', trim: [210, 297], productionDays: 4, description: 'A4 folded to A5, four pages. On request for agency accounts.', multiplier: 2, weight: '10.600', restricted: true,
    stocks: ['gloss170', 'uncoated130'],
    breaks: [[100, '700'], [250, '380'], [500, '250'], [1000, '170'], [2500, '120'], [5000, '95']] },
];

/** [name, cost per SRA3 sheet (£), set-up (pence), extra working days]. */
type DemoOption = [string, string, number, number];
interface DemoGroup {
  name: string;
  required: boolean;
  options: DemoOption[];
}

const NO_LAMINATION: DemoOption = ['None', '0', 0, 0];
/** Both sides of a card: film on each side of the SRA3 sheet before it is cut. */
const CARD_LAMINATION: DemoGroup = {
  name: 'Lamination',
  required: true,
  options: [NO_LAMINATION, ['Matt, both sides', '0.0400', 0, 1], ['Gloss, both sides', '0.0400', 0, 1], ['Soft-touch, both sides', '0.1200', 0, 2]],
};
const CORNERS: DemoGroup = {
  name: 'Corners',
  required: true,
  options: [
    ['Square', '0', 0, 0],
    ['Rounded (4 mm radius)', '0.0250', 100, 1],
  ],
};
const FLYER_LAMINATION: DemoGroup = {
  name: 'Lamination',
  required: false,
  options: [
    ['Matt, front only', '0.0200', 0, 1],
    ['Gloss, front only', '0.0200', 0, 1],
  ],
};
const POSTER_LAMINATION: DemoGroup = {
  name: 'Lamination',
  required: false,
  options: [
    ['Gloss encapsulation', '0.2500', 0, 1],
    ['Matt encapsulation', '0.2500', 0, 1],
  ],
};
const FOLDING: DemoGroup = {
  name: 'Folding',
  required: true,
  options: [
    ['Half fold', '0', 0, 0],
    ['Roll fold', '0.0100', 100, 1],
    ['Z fold', '0.0100', 100, 1],
  ],
};

/** [name, production working days, price change %]; "Standard" is each product's default, at its own days. */
type DemoTurnaround = [string, number, number];
const CARD_SPEEDS: DemoTurnaround[] = [
  ['Saver', 5, -10],
  ['Standard', 2, 0],
  ['Express', 1, 35],
  ['Same day', 0, 80],
];
const FLYER_SPEEDS: DemoTurnaround[] = [
  ['Saver', 5, -10],
  ['Standard', 2, 0],
  ['Express', 1, 35],
];

/** Finishes and turnarounds of each demo product: what trade printers sell beside the paper. */
const CHOICES: Record<string, { groups: DemoGroup[]; speeds: DemoTurnaround[] }> = {
  'Business cards 85×55mm': { groups: [CARD_LAMINATION, CORNERS], speeds: CARD_SPEEDS },
  'A6 flyers': { groups: [FLYER_LAMINATION], speeds: FLYER_SPEEDS },
  'A5 flyers': { groups: [FLYER_LAMINATION], speeds: FLYER_SPEEDS },
  'A4 flyers': { groups: [FLYER_LAMINATION], speeds: FLYER_SPEEDS },
  'DL leaflets': { groups: [FLYER_LAMINATION], speeds: FLYER_SPEEDS },
  'Postcards A6': {
    groups: [CARD_LAMINATION, CORNERS],
    speeds: [
      ['Saver', 6, -10],
      ['Standard', 3, 0],
      ['Express', 1, 40],
    ],
  },
  'A3 posters': {
    groups: [POSTER_LAMINATION],
    speeds: [
      ['Standard', 3, 0],
      ['Express', 1, 40],
    ],
  },
  'Folded A4 leaflets (agency range)': {
    groups: [FOLDING],
    speeds: [
      ['Standard', 4, 0],
      ['Express', 2, 30],
    ],
  },
};

/** The demo trade customer's terms: the restricted range, and discounts on two products. */
const TRADE_CUSTOMER = 'jane@inkwell-design.test';
const TRADE_DISCOUNTS: Record<string, string> = { 'Business cards 85×55mm': '10', 'A5 flyers': '5' };

/** Seeds the demo catalogue on an empty catalogue (no stock yet); does nothing otherwise. */
export async function seedCatalogue(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(stock);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    const stockRows = await tx
      .insert(stock)
      .values(STOCKS.map(({ key: _key, ...s }, i) => ({ ...s, sortOrder: i + 1 })))
      .returning({ id: stock.id, name: stock.name });
    const stockId = new Map(STOCKS.map((s, i) => [s.key, stockRows[i].id]));

    const productRows = await tx
      .insert(products)
      .values(PRODUCTS.map(({ stocks: _s, breaks: _b, trim: [trimWidthMm, trimHeightMm], ...p }, i) => ({ ...p, trimWidthMm, trimHeightMm, sortOrder: i + 1 })))
      .returning({ id: products.id, name: products.name });
    await tx.insert(productsStock).values(PRODUCTS.flatMap((p, i) => p.stocks.map((key) => ({ productId: productRows[i].id, stockId: stockId.get(key)! }))));
    await tx
      .insert(stockMargins)
      .values(
        PRODUCTS.flatMap((p, i) =>
          p.stocks.flatMap((key) => p.breaks.map(([qty, margin]) => ({ productId: productRows[i].id, stockId: stockId.get(key)!, qty, margin }))),
        ),
      );
    await seedChoices(tx, productRows);
    await bumpCatalogueVersion(tx);

    const [jane] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${TRADE_CUSTOMER}`, isNull(users.deletedAt)));
    if (!jane) return;
    const productId = new Map(productRows.map((r) => [r.name, r.id]));
    const restricted = PRODUCTS.filter((p) => p.restricted).map((p) => productId.get(p.name)!);
    if (restricted.length) await tx.insert(userProducts).values(restricted.map((id) => ({ userId: jane.id, productId: id })));
    await tx
      .insert(userPrices)
      .values(Object.entries(TRADE_DISCOUNTS).map(([name, discount]) => ({ userId: jane.id, productId: productId.get(name)!, discount })));
  });
}

/** Each demo product's option groups with their options, and its turnarounds ("Standard" the default, at the product's days). */
async function seedChoices(tx: Db, productRows: Array<{ id: number; name: string }>): Promise<void> {
  const days = new Map(PRODUCTS.map((p) => [p.name, p.productionDays]));
  for (const product of productRows) {
    // Every product has a default turnaround: one without demo choices gets a plain Standard.
    const choices = CHOICES[product.name] ?? { groups: [], speeds: [['Standard', 0, 0]] };
    const speeds = choices.speeds.map(([name, productionDays, pricePercent]) => ({
      productId: product.id,
      name,
      productionDays: name === 'Standard' ? days.get(product.name)! : productionDays,
      pricePercent,
      isDefault: name === 'Standard',
    }));
    await tx.insert(turnarounds).values(speeds);
    for (const [g, group] of choices.groups.entries()) {
      const [row] = await tx
        .insert(optionGroups)
        .values({ productId: product.id, name: group.name, required: group.required, sort: g + 1 })
        .returning({ id: optionGroups.id });
      await tx.insert(options).values(
        group.options.map(([name, sheetCost, setupCost, productionDays], i) => ({
          optionGroupId: row.id,
          name,
          sheetCost,
          setupCost,
          productionDays,
          sort: i + 1,
        })),
      );
    }
  }
}

export const DEMO_CATALOGUE = {
  stocks: STOCKS.length,
  products: PRODUCTS.length,
  tradeCustomer: TRADE_CUSTOMER,
  restricted: PRODUCTS.filter((p) => p.restricted).map((p) => p.name),
};
