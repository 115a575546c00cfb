import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffOrder } from '../../../src/shared/api/staff-orders';
import type { Batch, BatchSummary, BatchWaiting } from '../../../src/shared/api/staff-production';
import type { Item, Order } from '../../../src/shared/api/orders';
import { batches, batchItems, orderEvents, orderItems, orders } from '../../../src/server/db/schema';
import { JOBS_CSV_COLUMNS } from '../../../src/server/modules/production/press-files';
import type { TestApp } from '../helpers/app';
import { createProduct, createStock, putAsRead, setMargins } from '../helpers/catalogue';
import type { ApiClient } from '../helpers/client';
import { readZip } from '../helpers/zip';
import {
  addFinishes,
  artworkChecked,
  CLEAN_CARD,
  confirmedOrder,
  NO_BLEED_CARD,
  ok,
  pdf,
  seedDelivery,
  upload,
  type Catalogue,
  orderingApp,
} from '../orders/helpers';
import { pdfText } from '../helpers/pdf-text';

let t: TestApp;
let staff: ApiClient;
let cat: Catalogue;
let del: Awaited<ReturnType<typeof seedDelivery>>;
let shopper: ApiClient;
let gloss: { id: number; name: string };
let flyers: { id: number };
let finishes: Awaited<ReturnType<typeof addFinishes>>;

beforeAll(async () => {
  ({ t, staff, cat, shopper, del } = await orderingApp());
  gloss = await createStock(staff, { name: 'Gloss 170', sheet_cost: '0.0300', single_cost: '0.0300', double_cost: '0.0550' });
  flyers = await createProduct(staff, { name: 'A6 Flyers', stock_ids: [gloss.id], weight: 2, trim_width_mm: 85, trim_height_mm: 55, production_days: 2 });
  await setMargins(staff, flyers.id, gloss.id, [[100, 100]]);
  finishes = await addFinishes(staff, cat.cards.id);
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
/** Leaves no order waiting from an earlier test: each test counts its own. */
beforeEach(async () => {
  await db()
    .update(orders)
    .set({ status: 'cancelled' })
    .where(inArray(orders.status, ['live', 'printing']));
});

const run = (body: object = {}) => staff.post('/api/admin/batches/run', body);
const readOrder = async (id: number) => ok<StaffOrder>(await staff.get(`/api/admin/orders/${id}`));
const zipFiles = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'files', 'batches'));
  } catch {
    return [];
  }
};

/** A Pending order with a second item on the gloss stock (artwork checked). */
async function orderOnTwoStocks(): Promise<{ order: Order; cardItem: number; flyerItem: number }> {
  const order = ok<Order>(await shopper.post('/api/orders', { ref: 'TWO-STOCKS' }), 201);
  const card = ok<Item>(
    await shopper.post(`/api/orders/${order.id}/items`, {
      product_id: cat.cards.id,
      stock_id: cat.silk.id,
      qty: 100,
      sides: 'single',
      orientation: 'landscape',
    }),
    201,
  );
  const flyer = ok<Item>(
    await shopper.post(`/api/orders/${order.id}/items`, { product_id: flyers.id, stock_id: gloss.id, qty: 100, sides: 'single', orientation: 'landscape' }),
    201,
  );
  for (const item of [card, flyer]) ok(await upload(shopper, order.id, item.id, await pdf(CLEAN_CARD)));
  await artworkChecked(t, shopper, order.id);
  ok(await shopper.patch(`/api/orders/${order.id}`, { delivery_type_id: del.first.id }));
  const confirmed = ok<Order>(
    await shopper.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `two-stocks-${order.id}` } }),
  );
  return { order: confirmed, cardItem: card.id, flyerItem: flyer.id };
}

async function runToEnd(body: object = {}): Promise<Batch> {
  const started = ok<BatchSummary>(await run(body), 201);
  expect(started.status).toBe('queued');
  await t.app.deps.jobs.drain();
  return ok<Batch>(await staff.get(`/api/admin/batches/${started.id}`));
}

describe('a batch run', () => {
  it('says when there is nothing to batch, and creates nothing', async () => {
    const before = await db().select().from(batches);
    const res = await run();
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/Nothing to batch/);
    expect(ok<BatchWaiting>(await staff.get('/api/admin/batches/waiting'))).toMatchObject({ items: 0, orders: 0, stocks: [], running: null });
    expect(await db().select().from(batches)).toHaveLength(before.length);
  });

  it('writes a ZIP of every waiting item with jobs.csv and a job sheet, and moves the orders to Processing', async () => {
    const a = await confirmedOrder(t, shopper, cat, del.first.id);
    const b = await orderOnTwoStocks();
    const waiting = ok<BatchWaiting>(await staff.get('/api/admin/batches/waiting'));
    expect(waiting).toMatchObject({ items: 3, orders: 2, running: null });
    expect(waiting.stocks).toEqual([
      expect.objectContaining({ stock_id: cat.silk.id, items: 2, orders: 2 }),
      expect.objectContaining({ stock_id: gloss.id, items: 1, orders: 1 }),
    ]);

    const batch = await runToEnd();
    expect(batch).toMatchObject({
      status: 'done',
      item_count: 3,
      order_count: 2,
      files_done: 3,
      files_total: 3,
      stock_id: null,
      created_by_name: expect.stringMatching(/\S/),
    });
    expect(batch.zip_size).toBeGreaterThan(0);
    const items = [
      ...a.items.map((i) => ({ order: a.id, item: i.id, product: 'cards', stock: 'silk-350' })),
      { order: b.order.id, item: b.cardItem, product: 'cards', stock: 'silk-350' },
      { order: b.order.id, item: b.flyerItem, product: 'a6-flyers', stock: 'gloss-170' },
    ];
    const expectedNames = items.map((i) => `${i.order}-${i.item}-${i.product}-${i.stock}-100-single.pdf`);
    expect(batch.items.map((i) => i.file_name).sort()).toEqual([...expectedNames].sort());

    const res = await staff.get(`/api/admin/batches/${batch.id}/zip`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="batch-${batch.id}.zip"; filename*=UTF-8''batch-${batch.id}.zip`);
    const entries = await readZip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['job-sheet.pdf', 'jobs.csv', ...expectedNames].sort());
    // Each artwork is the customer's file, byte for byte.
    const [row] = await db().select().from(orderItems).where(eq(orderItems.id, b.flyerItem));
    const original = await t.app.deps.files.get(row.artworkKey!);
    expect(entries.get(`${b.order.id}-${b.flyerItem}-a6-flyers-gloss-170-100-single.pdf`)!.equals(original!)).toBe(true);
    expect(entries.get('job-sheet.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');

    const csv = parse(entries.get('jobs.csv')!, { bom: true }) as string[][];
    expect(csv[0]).toEqual([...JOBS_CSV_COLUMNS]);
    expect(
      csv
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([...expectedNames].sort());
    const flyerLine = csv.find((r) => r[2] === String(b.flyerItem))!;
    // 100 flyers at 24 to a sheet: 5 sheets. No notes, no warnings.
    expect(flyerLine).toEqual([
      `${b.order.id}-${b.flyerItem}-a6-flyers-gloss-170-100-single.pdf`,
      String(b.order.id),
      String(b.flyerItem),
      'A6 Flyers',
      'Gloss 170',
      '100',
      '5',
      'single',
      'landscape',
      '85 × 55 mm',
      expect.any(String),
      b.order.dispatch_due,
      '',
      '',
      '', // no finishes
      'Standard', // the product's default turnaround
    ]);

    for (const id of [a.id, b.order.id]) {
      const order = await readOrder(id);
      expect(order.status).toBe('printing');
      expect(order.events.at(-1)).toMatchObject({ from: 'live', to: 'printing', actor: 'system', actor_name: 'System', note: `In batch ${batch.id}` });
    }
    // The browser's way: a signed link, valid for a minute, that needs no session.
    const link = ok<{ url: string }>(await staff.post(`/api/admin/batches/${batch.id}/download`));
    expect(link.url).toMatch(new RegExp(`^/api/downloads/batches/${batch.id}\\?expires=\\d+&signature=`));
    const followed = await t.app.inject({ method: 'GET', url: link.url });
    expect(followed.statusCode).toBe(200);
    expect(followed.rawPayload.equals(res.rawPayload)).toBe(true);
    const forged = link.url.replace(`/batches/${batch.id}?`, `/batches/${batch.id + 1}?`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const expired = link.url.replace(/expires=\d+/, 'expires=1000');
    expect((await t.app.inject({ method: 'GET', url: expired })).json().message).toMatch(/expired/);
    expect((await shopper.post(`/api/admin/batches/${batch.id}/download`)).statusCode).toBe(403);

    // Everything went: the next run has nothing.
    expect((await run()).statusCode).toBe(422);
    const listed = await staff.get('/api/admin/batches?sort=["id","DESC"]&range=[0,9]');
    expect(listed.json()[0]).toMatchObject({ id: batch.id, status: 'done', item_count: 3 });
  });

  it('tells the press what the customer said: notes, accepted warnings and sheets to print, in jobs.csv, on the job sheet and the batch page', async () => {
    const order = ok<Order>(await shopper.post('/api/orders', { ref: 'NOTES' }), 201);
    const noted = ok<Item>(
      await shopper.post(`/api/orders/${order.id}/items`, {
        product_id: cat.cards.id,
        stock_id: cat.silk.id,
        qty: 250,
        sides: 'single',
        orientation: 'landscape',
        notes: 'please match colours to INK-2041',
      }),
      201,
    );
    const hostile = ok<Item>(
      await shopper.post(`/api/orders/${order.id}/items`, {
        product_id: cat.cards.id,
        stock_id: cat.silk.id,
        qty: 100,
        sides: 'single',
        orientation: 'landscape',
        notes: '=HYPERLINK("http://evil.test","x")',
      }),
      201,
    );
    ok(await upload(shopper, order.id, noted.id, await pdf(NO_BLEED_CARD)));
    ok(await upload(shopper, order.id, hostile.id, await pdf(CLEAN_CARD)));
    const checked = await artworkChecked(t, shopper, order.id);
    const warnings = checked.items
      .find((i) => i.id === noted.id)!
      .artwork!.preflight.checks.filter((c) => c.status === 'warn')
      .map((c) => c.message);
    expect(warnings.length).toBeGreaterThan(0);
    ok(await shopper.patch(`/api/orders/${order.id}/items/${noted.id}`, { warnings_accepted: true }));
    ok(await shopper.patch(`/api/orders/${order.id}`, { delivery_type_id: del.first.id }));
    ok(await shopper.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `notes-order-${order.id}` } }));

    const batch = await runToEnd();
    // 250 cards at 24 to a sheet: ⌈250 ÷ 24⌉ = 11 sheets; 100: 5.
    expect(batch.items.find((i) => i.id === noted.id)).toMatchObject({
      notes: 'please match colours to INK-2041',
      accepted_warnings: warnings,
      sheets: 11,
      stock: 'Silk 350',
      qty: 250,
    });
    expect(batch.items.find((i) => i.id === hostile.id)).toMatchObject({ notes: '=HYPERLINK("http://evil.test","x")', accepted_warnings: [], sheets: 5 });

    const entries = await readZip((await staff.get(`/api/admin/batches/${batch.id}/zip`)).rawPayload);
    const [head, ...lines] = parse(entries.get('jobs.csv')!, { bom: true }) as string[][];
    const column = (line: string[], name: (typeof JOBS_CSV_COLUMNS)[number]) => line[head.indexOf(name)];
    const notedLine = lines.find((l) => column(l, 'Item') === String(noted.id))!;
    expect(column(notedLine, 'Notes')).toBe('please match colours to INK-2041');
    expect(column(notedLine, 'Accepted warnings')).toBe(warnings.join('\n'));
    expect(column(notedLine, 'Sheets')).toBe('11');
    expect(column(notedLine, 'Stock')).toBe('Silk 350');
    const hostileLine = lines.find((l) => column(l, 'Item') === String(hostile.id))!;
    // A spreadsheet shows the customer's formula as text.
    expect(column(hostileLine, 'Notes')).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(column(hostileLine, 'Accepted warnings')).toBe('');

    const sheet = (await pdfText(entries.get('job-sheet.pdf')!)).join('\n').replace(/\s+/g, ' ');
    expect(sheet).toContain('please match colours to INK-2041');
    expect(sheet).toContain('Accepted warning:');
    expect(sheet).toContain(warnings[0].replace(/\s+/g, ' ').slice(0, 60));
    expect(sheet).toContain(`${order.id}-${noted.id} Cards Silk 350 single 250 11`);
    expect(sheet).toContain(`${order.id}-${hostile.id} Cards Silk 350 single 100 5`);
    expect(sheet).toMatch(/16 sheets to print/);
  });

  it('names each item’s finishes and turnaround as they were confirmed: in jobs.csv, on the job sheet and the batch page', async () => {
    const order = ok<Order>(await shopper.post('/api/orders', { ref: 'FINISHES' }), 201);
    const card = (fields: Record<string, unknown>) =>
      shopper.post(`/api/orders/${order.id}/items`, {
        product_id: cat.cards.id,
        stock_id: cat.silk.id,
        qty: 100,
        sides: 'single',
        orientation: 'landscape',
        ...fields,
      });
    const finished = ok<Item>(await card({ option_ids: [finishes.matt, finishes.rounded], turnaround_id: finishes.express }), 201);
    const plain = ok<Item>(await card({}), 201);
    const older = ok<Item>(await card({}), 201);
    for (const item of [finished, plain, older]) ok(await upload(shopper, order.id, item.id, await pdf(CLEAN_CARD)));
    await artworkChecked(t, shopper, order.id);
    ok(await shopper.patch(`/api/orders/${order.id}`, { delivery_type_id: del.first.id }));
    ok(await shopper.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `finishes-${order.id}` } }));
    // An item confirmed before finishes and turnarounds were recorded has none frozen.
    await db().update(orderItems).set({ choicesSaved: null }).where(eq(orderItems.id, older.id));
    // Renamed in the catalogue since: the press is still told what the customer confirmed.
    ok(await putAsRead(staff, `/api/admin/options/${finishes.matt}`, { name: 'Matt film' }));

    const batch = await runToEnd();
    const byId = (id: number) => batch.items.find((i) => i.id === id);
    expect(byId(finished.id)).toMatchObject({
      options: [
        { group: 'Lamination', name: 'Matt gloss' },
        { group: 'Corners', name: 'Rounded' },
      ],
      turnaround: { name: 'Express', production_days: 1 },
    });
    expect(byId(plain.id)).toMatchObject({ options: [], turnaround: { name: 'Standard' } });
    expect(byId(older.id)).toMatchObject({ options: [], turnaround: null });

    const entries = await readZip((await staff.get(`/api/admin/batches/${batch.id}/zip`)).rawPayload);
    const [head, ...lines] = parse(entries.get('jobs.csv')!, { bom: true }) as string[][];
    const choicesOf = (id: number) => {
      const line = lines.find((l) => l[head.indexOf('Item')] === String(id))!;
      return [line[head.indexOf('Options')], line[head.indexOf('Turnaround')]];
    };
    expect(choicesOf(finished.id)).toEqual(['Lamination: Matt gloss; Corners: Rounded', 'Express']);
    expect(choicesOf(plain.id)).toEqual(['', 'Standard']);
    expect(choicesOf(older.id)).toEqual(['', '']);

    const sheet = (await pdfText(entries.get('job-sheet.pdf')!)).join('\n').replace(/\s+/g, ' ');
    expect(sheet).toContain(`${order.id}-${finished.id} Cards Silk 350 single 100 5`);
    expect(sheet).toContain('Finishes: Lamination: Matt gloss; Corners: Rounded · Turnaround: Express');
    expect(sheet).toContain('Turnaround: Standard');
    // One line of finishes, two turnarounds: the older item is named by nothing, and nothing says "undefined".
    expect(sheet.match(/Finishes:/g)).toHaveLength(1);
    expect(sheet.match(/Turnaround:/g)).toHaveLength(2);
    expect(sheet).not.toMatch(/undefined|null|Matt film/);
  });

  it('on one stock takes only its items; the order goes to Processing and its other item waits for the next run', async () => {
    const b = await orderOnTwoStocks();
    const glossRun = await runToEnd({ stock_id: gloss.id });
    expect(glossRun.items.map((i) => i.id)).toEqual([b.flyerItem]);
    expect(glossRun).toMatchObject({ stock_id: gloss.id, stock_name: 'Gloss 170' });
    expect((await readOrder(b.order.id)).status).toBe('printing');
    // Nothing on gloss any more; the card still waits.
    expect((await run({ stock_id: gloss.id })).json().message).toMatch(/Nothing to batch.*on this stock/);
    expect(ok<BatchWaiting>(await staff.get('/api/admin/batches/waiting')).stocks).toEqual([
      expect.objectContaining({ stock_id: cat.silk.id, items: 1, orders: 1 }),
    ]);
    const silkRun = await runToEnd({ stock_id: cat.silk.id });
    expect(silkRun.items.map((i) => i.id)).toEqual([b.cardItem]);
    const order = await readOrder(b.order.id);
    expect(order.status).toBe('printing');
    expect(order.events.filter((e) => e.to === 'printing')).toHaveLength(1);
  });

  it('refuses an unknown stock beside the field, and a second run while one is being made', async () => {
    const unknown = await run({ stock_id: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ stock_id: 'No such stock' });
    await confirmedOrder(t, shopper, cat, del.first.id);
    const first = ok<BatchSummary>(await run(), 201);
    const second = await run();
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain(`Batch ${first.id} is being made`);
    const early = await staff.get(`/api/admin/batches/${first.id}/zip`);
    expect(early.statusCode).toBe(409);
    await t.app.deps.jobs.drain();
    expect(ok<Batch>(await staff.get(`/api/admin/batches/${first.id}`)).status).toBe('done');
  });

  it('a failure after the ZIP is written leaves no ZIP and no moved order', async () => {
    const order = await confirmedOrder(t, shopper, cat, del.first.id);
    const zipsBefore = zipFiles();
    // A fault inside the run's transaction, after the ZIP is complete: the database refuses the batch's items.
    await db().execute(
      sql`create or replace function refuse_batch_items() returns trigger language plpgsql as $$ begin raise exception 'disk quota exceeded'; end $$`,
    );
    await db().execute(sql`create trigger refuse_batch_items before insert on batch_items for each row execute function refuse_batch_items()`);
    try {
      const batch = await runToEnd();
      expect(batch.status).toBe('failed');
      expect(batch.error).toMatch(/could not be made.*Nothing was moved/);
      expect(batch.items).toEqual([]);
    } finally {
      await db().execute(sql`drop trigger refuse_batch_items on batch_items`);
    }
    expect(zipFiles()).toEqual(zipsBefore);
    const after = await readOrder(order.id);
    expect(after.status).toBe('live');
    expect(after.events.some((e) => e.to === 'printing')).toBe(false);
    expect(await db().select().from(orderItems).where(eq(orderItems.orderId, order.id))).toEqual([expect.objectContaining({ batchId: null })]);
    // The failed run does not block the next, which takes the order.
    const again = await runToEnd();
    expect(again).toMatchObject({ status: 'done', item_count: 1 });
  });
});

describe('a batch and a customer cancelling one of its orders', () => {
  it('a cancel while the ZIP is written wins: the run is made again without that order', async () => {
    const kept = await confirmedOrder(t, shopper, cat, del.first.id);
    const cancelled = await confirmedOrder(t, shopper, cat, del.first.id);
    const files = t.app.deps.files;
    const stream = files.stream.bind(files);
    let cancelledDuringZip = false;
    files.stream = async (key) => {
      if (!cancelledDuringZip) {
        cancelledDuringZip = true;
        ok(await shopper.post(`/api/orders/${cancelled.id}/cancel`));
      }
      return stream(key);
    };
    let batch: Batch;
    try {
      batch = await runToEnd();
    } finally {
      files.stream = stream;
    }
    expect(cancelledDuringZip).toBe(true);
    expect(batch).toMatchObject({ status: 'done', item_count: 1, order_count: 1 });
    expect(batch.items.map((i) => i.order_id)).toEqual([kept.id]);
    const entries = await readZip((await staff.get(`/api/admin/batches/${batch.id}/zip`)).rawPayload);
    expect([...entries.keys()].filter((n) => n.startsWith(`${cancelled.id}-`))).toEqual([]);
    expect((await readOrder(cancelled.id)).status).toBe('cancelled');
    expect((await readOrder(kept.id)).status).toBe('printing');
    // Only the finished ZIP is kept.
    expect(zipFiles().filter((f) => f.startsWith(`batch-${batch.id}-`))).toHaveLength(1);
  });

  it('a cancel after the run committed is refused: the order is in Processing', async () => {
    const order = await confirmedOrder(t, shopper, cat, del.first.id);
    await runToEnd();
    const res = await shopper.post(`/api/orders/${order.id}/cancel`);
    expect(res.statusCode).toBe(409);
    expect((await readOrder(order.id)).status).toBe('printing');
  });

  it('run and cancel at the same moment: one wins, and the batch, the ZIP and the order agree', async () => {
    const order = await confirmedOrder(t, shopper, cat, del.first.id);
    const other = await confirmedOrder(t, shopper, cat, del.first.id);
    const started = ok<BatchSummary>(await run(), 201);
    const [cancel] = await Promise.all([shopper.post(`/api/orders/${order.id}/cancel`), t.app.deps.jobs.drain()]);
    await t.app.deps.jobs.drain();
    const batch = ok<Batch>(await staff.get(`/api/admin/batches/${started.id}`));
    const names = [...(await readZip((await staff.get(`/api/admin/batches/${batch.id}/zip`)).rawPayload)).keys()];
    const inBatch = batch.items.some((i) => i.order_id === order.id);
    const status = (await readOrder(order.id)).status;
    if (cancel.statusCode === 200) {
      expect(status).toBe('cancelled');
      expect(inBatch).toBe(false);
      expect(names.some((n) => n.startsWith(`${order.id}-`))).toBe(false);
    } else {
      expect(cancel.statusCode).toBe(409);
      expect(status).toBe('printing');
      expect(inBatch).toBe(true);
      expect(names.some((n) => n.startsWith(`${order.id}-`))).toBe(true);
    }
    expect(batch.items.some((i) => i.order_id === other.id)).toBe(true);
    const rows = await db().select().from(batchItems).where(eq(batchItems.batchId, batch.id));
    expect(rows).toHaveLength(batch.item_count);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.toStatus === 'printing' || e.toStatus === 'cancelled')).toHaveLength(1);
  });
});

describe('an order held after printing and released', () => {
  it('goes to the press again; the first batch keeps its record', async () => {
    const order = await confirmedOrder(t, shopper, cat, del.first.id);
    const first = await runToEnd();
    let now = await readOrder(order.id);
    ok(
      await staff.post(`/api/admin/orders/${order.id}/status`, {
        status: 'problem',
        problem_text: 'The proof shows a typo: upload a corrected file.',
        version: now.version,
      }),
    );
    now = await readOrder(order.id);
    ok(await staff.post(`/api/admin/orders/${order.id}/status`, { status: 'live', version: now.version }));
    const second = await runToEnd();
    expect(second.items.map((i) => i.order_id)).toEqual([order.id]);
    expect(ok<Batch>(await staff.get(`/api/admin/batches/${first.id}`)).items.map((i) => i.order_id)).toEqual([order.id]);
    expect((await readOrder(order.id)).status).toBe('printing');
  });
});
