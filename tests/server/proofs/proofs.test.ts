import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, Order } from '../../../src/shared/api/orders';
import type { StaffProofVersion } from '../../../src/shared/api/proofs';
import { PROOF_REMINDER_FIRST_MS } from '../../../src/shared/domain/orders/proofs';
import { jobs, mailOutbox, orderEvents, orderItemProofs, orderItems, orders, products, webhookEndpoints, webhookEvents } from '../../../src/server/db/schema';
import { webhookPayloadSchema } from '../../../src/shared/api/webhooks';
import { verifyProofLinkToken } from '../../../src/server/modules/proofs/link-token';
import type { TestApp } from '../helpers/app';
import { createProduct, setMargins } from '../helpers/catalogue';
import { ApiClient, registerAs } from '../helpers/client';
import { pdfText } from '../helpers/pdf-text';
import { makePdf } from '../artwork/fixtures';
import { artworkChecked, basketWithCard, CLEAN_CARD, confirmedOrder, ok, orderingApp, pdf, upload, WRONG_SIZE, type Catalogue } from '../orders/helpers';

/**
 * Proofs made and sent (DESIGN §2 "Proofs and templates"): a confirmation starts the proof of every
 * item that has one, the proof job makes it from the checked artwork and tells the customer, staff
 * may send their own, new artwork after a change request makes the next version; templates per product.
 */
let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let other: ApiClient;
let cat: Catalogue;
let deliveryTypeId: number;
/** A product that needs no proof, on the same paper. */
let leafletsId: number;
/** A clean business card's artwork. */
let CARD_PDF: Uint8Array;

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, staff, shopper, cat } = app);
  deliveryTypeId = app.del.first.id;
  // The cards always get a proof (the staff field that sets it is the product form's).
  await db().update(products).set({ proofRequired: true }).where(eq(products.id, cat.cards.id));
  const leaflets = await createProduct(staff, { name: 'Leaflets', stock_ids: [cat.silk.id], trim_width_mm: 85, trim_height_mm: 55 });
  await setMargins(staff, leaflets.id, cat.silk.id, [[100, 50]]);
  leafletsId = leaflets.id;
  other = new ApiClient(t.app);
  await registerAs(other);
  CARD_PDF = await pdf(CLEAN_CARD);
}, 120_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const itemRow = async (id: number) => (await db().select().from(orderItems).where(eq(orderItems.id, id)))[0];
const orderVersion = async (id: number) => (await db().select({ v: orders.version }).from(orders).where(eq(orders.id, id)))[0].v;
const proofJobsOf = (itemId: number) =>
  db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, 'proof'), sql`(${jobs.payload}->>'itemId')::int = ${itemId}`));
const remindersOf = (itemId: number) =>
  db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, 'proof-reminder'), sql`(${jobs.payload}->>'itemId')::int = ${itemId}`))
    .orderBy(jobs.id);
const proofMails = (subject: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.subject} like ${`%${subject}%`}`);

/** multipart/form-data with a file part and text fields, in the order given. */
function form(parts: Array<{ name: string; value: string } | { name: string; filename: string; content: Buffer | Uint8Array }>) {
  const boundary = `----pjt${Math.random().toString(16).slice(2)}`;
  const chunks = parts.map((part) =>
    'filename' in part
      ? Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          Buffer.from(part.content),
          Buffer.from('\r\n'),
        ])
      : Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
  );
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A document-information entry (Title, Author…) of a pdfkit PDF: an indirect string, in UTF-16 when it is not plain ASCII. */
function pdfInfo(bytes: Buffer, key: string): string | null {
  const text = bytes.toString('latin1');
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(text)?.[1];
  const raw = ref && new RegExp(`\\n${ref} 0 obj\\n\\(([\\s\\S]*?)\\)\\nendobj`).exec(text)?.[1];
  if (!raw) return null;
  const value = Buffer.from(raw.replace(/\\([()\\])/g, '$1'), 'latin1');
  return value[0] === 0xfe && value[1] === 0xff ? value.subarray(2).swap16().toString('utf16le') : value.toString('latin1');
}

const uploadProof = (orderId: number, itemId: number, parts: Parameters<typeof form>[0]) => {
  const { payload, headers } = form(parts);
  return staff.request('POST', `/api/admin/orders/${orderId}/items/${itemId}/proof`, payload, { headers });
};

/** A confirmed order of cards, its proof made by the job (drained). */
async function orderWithProof(): Promise<{ order: Order; item: Item }> {
  const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
  await t.app.deps.jobs.drain();
  const now = ok<Order>(await shopper.get(`/api/orders/${order.id}`));
  return { order: now, item: now.items[0] };
}

describe('the proof made after confirmation', () => {
  it('makes version 1 of an item whose product requires a proof: the PDF, its row, history, e-mail, first reminder', async () => {
    const confirmed = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    const itemId = confirmed.items[0].id;
    expect(confirmed.items[0]).toMatchObject({ proof_requested: true, proof: { status: 'making', version: 1 } });
    // The confirmation's own statement starts it: making version 1, with its job.
    const started = await itemRow(itemId);
    expect(started).toMatchObject({ proofRequested: true, proofStatus: 'making', proofVersion: 1 });
    expect((await proofJobsOf(itemId)).map((j) => j.payload)).toEqual([{ itemId, version: 1 }]);
    const versionBefore = await orderVersion(confirmed.id);

    await t.app.deps.jobs.drain();
    const order = ok<Order>(await shopper.get(`/api/orders/${confirmed.id}`));
    expect(order.items[0].proof).toMatchObject({ status: 'ready', version: 1 });
    expect(await orderVersion(confirmed.id)).toBe(versionBefore + 1);
    const ready = await itemRow(itemId);
    const [row] = await db().select().from(orderItemProofs).where(eq(orderItemProofs.orderItemId, itemId));
    expect(row).toMatchObject({ version: 1, source: 'generated', createdByUserId: null, decision: null });
    expect(row.fileKey).toMatch(/^proofs\//);

    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, confirmed.id)).orderBy(orderEvents.id);
    expect(events.at(-1)).toMatchObject({ actor: 'system', fromStatus: 'live', toStatus: 'live', note: 'Proof v1 of item 1 ready' });
    expect(order.events.at(-1)?.note).toBe('Proof v1 of item 1 ready');

    // The e-mail goes to the account holder, with a signed link to the proof page.
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.orderEventId, events.at(-1)!.id));
    const me = ok<{ email: string; id: number }>(await shopper.get('/api/user'));
    expect(mail.toAddress).toBe(me.email);
    expect(mail.subject).toBe(`Your proof is ready: order ${confirmed.id} (version 1)`);
    expect(mail.text).toContain('we print exactly what you approve');
    const token = /http:\/\/localhost:3000\/proof\/([A-Za-z0-9_.-]+)/.exec(mail.text)?.[1];
    expect(verifyProofLinkToken(t.app.deps.appKey, token!)).toMatchObject({ ok: true, link: { userId: me.id, orderId: confirmed.id, itemId, version: 1 } });
    expect(verifyProofLinkToken('another key, another app, 32 characters', token!)).toEqual({ ok: false, why: 'invalid' });

    // The first reminder, a day after it was ready (its handler is the approval side's).
    const [reminder] = await remindersOf(itemId);
    expect(reminder.payload).toEqual({ itemId, version: 1 });
    expect(reminder.runAt.getTime()).toBe(ready.proofStatusAt!.getTime() + PROOF_REMINDER_FIRST_MS);

    // The PDF: one page per artwork page, the lines' key, the job's details, the sentence that matters.
    const res = await shopper.get(`/api/orders/${confirmed.id}/items/${itemId}/proof`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`inline; filename="order-${confirmed.id}-item-${itemId}-proof-v1.pdf"`);
    const pages = await pdfText(res.rawPayload);
    expect(pages).toHaveLength(1);
    const text = pages[0].replace(/\s+/g, ' ');
    for (const words of [
      'PROOF',
      `Order ${confirmed.id}`,
      'version 1',
      'Page 1 of 1: Front',
      'Cards',
      'Silk 350',
      'Single-sided',
      'Landscape',
      '85 × 55 mm',
      '3 mm (page 91 × 61 mm)',
      '79 × 49 mm',
      'Trim: where it is cut',
      'Artwork checks',
      'PASS',
      'Check this proof carefully: we print exactly what you approve.',
    ])
      expect(text).toContain(words);
    expect(pdfInfo(res.rawPayload, 'Title')).toBe(`Proof v1: order ${confirmed.id}, item 1 (Cards)`);
  });

  it('shows both sides of a double-sided item, a page each', async () => {
    const { order: basket, item } = await basketWithCard(shopper, cat, { sides: 'double' });
    ok(await upload(shopper, basket.id, item.id, await makePdf([CLEAN_CARD, CLEAN_CARD])));
    await artworkChecked(t, shopper, basket.id);
    ok(await shopper.patch(`/api/orders/${basket.id}`, { delivery_type_id: deliveryTypeId }));
    ok(await shopper.request('POST', `/api/orders/${basket.id}/confirm`, {}, { headers: { 'idempotency-key': `double-${basket.id}` } }));
    await t.app.deps.jobs.drain();
    const pages = await pdfText((await shopper.get(`/api/orders/${basket.id}/items/${item.id}/proof`)).rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Page 1 of 2: Front');
    expect(pages[1]).toContain('Page 2 of 2: Back');
    expect(pages[1].replace(/\s+/g, ' ')).toContain('Double-sided (front and back)');
  });

  it('gives no proof to an item that needs none', async () => {
    const { order: basket, item } = await basketWithCard(shopper, cat);
    const leaflet = ok<Item>(
      await shopper.post(`/api/orders/${basket.id}/items`, {
        product_id: leafletsId,
        stock_id: cat.silk.id,
        qty: 100,
        sides: 'single',
        orientation: 'landscape',
      }),
      201,
    );
    for (const id of [item.id, leaflet.id]) ok(await upload(shopper, basket.id, id, await pdf(CLEAN_CARD)));
    await artworkChecked(t, shopper, basket.id);
    ok(await shopper.patch(`/api/orders/${basket.id}`, { delivery_type_id: deliveryTypeId }));
    ok(await shopper.request('POST', `/api/orders/${basket.id}/confirm`, {}, { headers: { 'idempotency-key': `mixed-${basket.id}` } }));
    expect(await itemRow(leaflet.id)).toMatchObject({ proofRequested: false, proofStatus: null, proofVersion: null });
    expect(await proofJobsOf(leaflet.id)).toEqual([]);
    await t.app.deps.jobs.drain();
    expect((await shopper.get(`/api/orders/${basket.id}/items/${leaflet.id}/proof`)).statusCode).toBe(404);
    expect((await itemRow(item.id)).proofStatus).toBe('ready');
  });

  it("answers 404 for another customer's proof, and before one is ready", async () => {
    const { order, item } = await orderWithProof();
    expect((await other.get(`/api/orders/${order.id}/items/${item.id}/proof`)).statusCode).toBe(404);
    expect((await shopper.get(`/api/orders/${order.id}/items/${item.id}/proof?version=5`)).statusCode).toBe(404);
    expect((await shopper.get(`/api/orders/${order.id}/items/${item.id + 999}/proof`)).statusCode).toBe(404);
    const { order: basket, item: unconfirmed } = await basketWithCard(shopper, cat);
    expect((await shopper.get(`/api/orders/${basket.id}/items/${unconfirmed.id}/proof`)).statusCode).toBe(404);
  });

  it('a job for a version the item is no longer making does nothing', async () => {
    const { order, item } = await orderWithProof();
    const before = await orderVersion(order.id);
    await t.app.deps.jobs.enqueue(db(), 'proof', { itemId: item.id, version: 1 });
    await t.app.deps.jobs.enqueue(db(), 'proof', { itemId: item.id, version: 2 });
    await t.app.deps.jobs.drain();
    expect(await orderVersion(order.id)).toBe(before);
    expect(await db().select().from(orderItemProofs).where(eq(orderItemProofs.orderItemId, item.id))).toHaveLength(1);
  });

  it("sends order.proof_ready, naming the item, to the customer's subscribed endpoints", async () => {
    const hooked = new ApiClient(t.app);
    await registerAs(hooked);
    const me = ok<{ id: number }>(await hooked.get('/api/user'));
    await db()
      .insert(webhookEndpoints)
      .values({ userId: me.id, url: 'https://hooks.example.test/pjt', events: ['order.proof_ready'], mode: 'live', secret: `whsec_${'A'.repeat(32)}` });
    const order = await confirmedOrder(t, hooked, cat, deliveryTypeId);
    await t.app.deps.jobs.drain();
    const sent = await db()
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.orderId, order.id), eq(webhookEvents.type, 'order.proof_ready')));
    expect(sent).toHaveLength(1);
    const body = JSON.parse(sent[0].body);
    expect(webhookPayloadSchema.safeParse(body).success).toBe(true);
    expect(body.data).toMatchObject({ id: order.id, item_id: order.items[0].id });
  });

  it('tells staff when a proof cannot be made, and leaves the item making it', async () => {
    const { order, item } = await orderWithProof();
    // The artwork is gone from the store: the engine cannot open it, and this job has one attempt.
    const gone = `artwork/${randomUUID()}.pdf`;
    await db().update(orderItems).set({ proofStatus: 'making', proofVersion: 2, artworkKey: gone }).where(eq(orderItems.id, item.id));
    await t.app.deps.jobs.enqueue(db(), 'proof', { itemId: item.id, version: 2 }, { maxAttempts: 1 });
    await t.app.deps.jobs.drain();
    expect(await itemRow(item.id)).toMatchObject({ proofStatus: 'making', proofVersion: 2 });
    const [told] = await proofMails(`Proof not made: order ${order.id}, item ${item.id} (version 2)`);
    expect(told.toAddress).toBe('studio@printjunction.test');
    expect(told.text).toContain(`/admin/orders/${order.id}/show`);
  });
});

describe("staff's own proof", () => {
  it('makes the next version ready and tells the customer again', async () => {
    const { order, item } = await orderWithProof();
    const hard = await makePdf([{ ...CLEAN_CARD, text: 'HARD PROOF FROM THE RIP' }]);
    const res = await uploadProof(order.id, item.id, [
      { name: 'version', value: '1' },
      { name: 'file', filename: 'rip.pdf', content: hard },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ version: 2 });
    const now = ok<Order>(await shopper.get(`/api/orders/${order.id}`));
    expect(now.items[0].proof).toMatchObject({ status: 'ready', version: 2 });
    const staffView = ok<{ events: Array<{ note: string; actor: string; actor_name: string | null }> }>(await staff.get(`/api/admin/orders/${order.id}`));
    expect(staffView.events.at(-1)).toMatchObject({ actor: 'staff', note: expect.stringMatching(/^Proof v2 of item 1 ready \(uploaded by .+\)$/) });
    expect(staffView.events.at(-1)?.actor_name).toBeTruthy();
    expect(await proofMails(`Your proof is ready: order ${order.id} (version 2)`)).toHaveLength(1);
    expect((await remindersOf(item.id)).map((j) => j.payload)).toEqual([
      { itemId: item.id, version: 1 },
      { itemId: item.id, version: 2 },
    ]);
    // The current version is theirs; the first is still there.
    expect((await pdfText((await shopper.get(`/api/orders/${order.id}/items/${item.id}/proof`)).rawPayload))[0]).toContain('HARD PROOF FROM THE RIP');
    expect((await pdfText((await staff.get(`/api/admin/orders/${order.id}/items/${item.id}/proof?version=1`)).rawPayload))[0]).toContain('PROOF');
    const versions = ok<StaffProofVersion[]>(await staff.get(`/api/admin/orders/${order.id}/items/${item.id}/proofs`));
    expect(versions.map((v) => [v.version, v.source, v.decision])).toEqual([
      [2, 'staff', null],
      [1, 'generated', null],
    ]);
    expect(versions[0].created_by).toBeTruthy();
    expect(versions[1].created_by).toBeNull();
    expect(versions[0].size).toBe(hard.length);
  });

  it('takes the file before its version as well as after it', async () => {
    const { order, item } = await orderWithProof();
    const res = await uploadProof(order.id, item.id, [
      { name: 'file', filename: 'rip.pdf', content: await pdf(CLEAN_CARD) },
      { name: 'version', value: '1' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses what is not a PDF, a PDF the engine cannot open, no version, a stale version', async () => {
    const { order, item } = await orderWithProof();
    const url = `/api/admin/orders/${order.id}/items/${item.id}/proofs`;
    const notPdf = await uploadProof(order.id, item.id, [
      { name: 'version', value: '1' },
      { name: 'file', filename: 'proof.png', content: Buffer.from('\x89PNG\r\n\x1a\n not a pdf') },
    ]);
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().errors.file).toMatch(/not a PDF/);
    const broken = await uploadProof(order.id, item.id, [
      { name: 'version', value: '1' },
      { name: 'file', filename: 'proof.pdf', content: Buffer.from('%PDF-1.7\nthis is no document at all\n%%EOF\n') },
    ]);
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors.file).toMatch(/not a PDF \(or it is too damaged to open\)/);
    const noVersion = await uploadProof(order.id, item.id, [{ name: 'file', filename: 'proof.pdf', content: await pdf(CLEAN_CARD) }]);
    expect(noVersion.statusCode).toBe(422);
    expect(noVersion.json().errors.version).toBeTruthy();
    const noFile = await uploadProof(order.id, item.id, [{ name: 'version', value: '1' }]);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.file).toBe('Choose the proof PDF.');
    const stale = await uploadProof(order.id, item.id, [
      { name: 'version', value: '7' },
      { name: 'file', filename: 'proof.pdf', content: await pdf(CLEAN_CARD) },
    ]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/out of date/);
    // None of them made a version, or left a file behind.
    expect(ok<StaffProofVersion[]>(await staff.get(url))).toHaveLength(1);
    expect((await t.app.deps.files.list('proofs/')).filter((k) => !k.endsWith('.part')).length).toBe(
      (await db().select({ n: count() }).from(orderItemProofs))[0].n,
    );
  });

  it('refuses an approved proof, an order that is not Pending, an item without a proof; 404 for no such item', async () => {
    const { order, item } = await orderWithProof();
    const send = (orderId: number, itemId: number, version = '1') =>
      uploadProof(orderId, itemId, [
        { name: 'version', value: version },
        { name: 'file', filename: 'proof.pdf', content: Buffer.from(CARD_PDF) },
      ]);
    await db().update(orderItems).set({ proofStatus: 'approved' }).where(eq(orderItems.id, item.id));
    const approved = await send(order.id, item.id);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toMatch(/already approved/);
    await db().update(orderItems).set({ proofStatus: 'ready' }).where(eq(orderItems.id, item.id));
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
    expect((await send(order.id, item.id)).statusCode).toBe(409);

    const { order: basket, item: unconfirmed } = await basketWithCard(shopper, cat);
    const none = await send(basket.id, unconfirmed.id);
    expect(none.statusCode).toBe(409);
    const live = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    await db().update(orderItems).set({ proofRequested: false, proofStatus: null, proofVersion: null }).where(eq(orderItems.orderId, live.id));
    const withoutProof = await send(live.id, live.items[0].id);
    expect(withoutProof.statusCode).toBe(409);
    expect(withoutProof.json().message).toMatch(/has no proof/);
    expect((await send(order.id, unconfirmed.id)).statusCode).toBe(404);
  });

  it('is staff only', async () => {
    const { order, item } = await orderWithProof();
    expect((await shopper.get(`/api/admin/orders/${order.id}/items/${item.id}/proofs`)).statusCode).toBe(403);
    expect((await staff.get(`/api/admin/orders/${order.id}/items/${item.id + 999}/proofs`)).statusCode).toBe(404);
  });
});

describe('the next version after a change request', () => {
  /** New artwork on the item as the customer's upload after a change request puts it (that route is the approval side's), and its check. */
  async function newArtwork(itemId: number, content: Uint8Array) {
    const key = `artwork/${randomUUID()}.pdf`;
    await t.app.deps.files.put(key, Buffer.from(content));
    await db()
      .update(orderItems)
      .set({ artworkKey: key, artworkName: 'new.pdf', preflightStatus: 'pending', preflight: null, previewKey: null })
      .where(eq(orderItems.id, itemId));
    await t.app.deps.jobs.enqueue(db(), 'artwork', { itemId, key });
    await t.app.deps.jobs.drain();
  }

  it('new artwork that passes its check makes version N+1; one that fails leaves the change request', async () => {
    const { order, item } = await orderWithProof();
    await db().update(orderItems).set({ proofStatus: 'changes_requested', proofComment: 'Bigger logo' }).where(eq(orderItems.id, item.id));
    await newArtwork(item.id, await pdf(CLEAN_CARD));
    expect(await itemRow(item.id)).toMatchObject({ proofStatus: 'ready', proofVersion: 2, proofComment: null });
    const versions = ok<StaffProofVersion[]>(await staff.get(`/api/admin/orders/${order.id}/items/${item.id}/proofs`));
    expect(versions.map((v) => [v.version, v.source])).toEqual([
      [2, 'generated'],
      [1, 'generated'],
    ]);
    expect(await proofMails(`Your proof is ready: order ${order.id} (version 2)`)).toHaveLength(1);

    await db().update(orderItems).set({ proofStatus: 'changes_requested' }).where(eq(orderItems.id, item.id));
    await newArtwork(item.id, await pdf(WRONG_SIZE));
    expect(await itemRow(item.id)).toMatchObject({ preflightStatus: 'fail', proofStatus: 'changes_requested', proofVersion: 2 });
    expect(await proofJobsOf(item.id)).toHaveLength(2);
  });
});

describe('artwork templates', () => {
  const mediaBox = (pdfBytes: Buffer) => /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdfBytes.toString('latin1'))!.slice(1).map(Number);

  it('draws the page at trim + 2 × bleed, turned as asked, with the sizes written on it', async () => {
    const landscape = await shopper.get(`/api/products/${cat.cards.id}/template.pdf?orientation=landscape`);
    expect(landscape.statusCode).toBe(200);
    expect(landscape.headers['content-type']).toBe('application/pdf');
    expect(landscape.headers['content-disposition']).toContain('attachment; filename="template-cards-landscape.pdf"');
    const [w, h] = mediaBox(landscape.rawPayload);
    expect(w).toBeCloseTo(257.95, 1);
    expect(h).toBeCloseTo(172.91, 1);
    const text = (await pdfText(landscape.rawPayload))[0].replace(/\s+/g, ' ');
    for (const words of ['Cards', 'Trim 85 × 55 mm', 'Bleed 3 mm (page 91 × 61 mm)', 'Safe area 79 × 49 mm', 'BLEED', 'TRIM', 'SAFE AREA'])
      expect(text).toContain(words);
    expect(pdfInfo(landscape.rawPayload, 'Title')).toBe('Artwork template: Cards (landscape)');

    const portrait = await shopper.get(`/api/products/${cat.cards.id}/template.pdf`);
    const [pw, ph] = mediaBox(portrait.rawPayload);
    expect(pw).toBeCloseTo(172.91, 1);
    expect(ph).toBeCloseTo(257.95, 1);
  });

  it('answers 304 while the product is unchanged, and a new template after it changes', async () => {
    const first = await shopper.get(`/api/products/${cat.cards.id}/template.pdf?orientation=portrait`);
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await shopper.request('GET', `/api/products/${cat.cards.id}/template.pdf?orientation=portrait`, undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const other = await shopper.get(`/api/products/${cat.cards.id}/template.pdf?orientation=landscape`);
    expect(other.headers.etag).not.toBe(etag);
    await db()
      .update(products)
      .set({ bleedMm: 2, version: sql`${products.version} + 1` })
      .where(eq(products.id, leafletsId));
    const leaflet = await shopper.get(`/api/products/${leafletsId}/template.pdf`);
    expect((await pdfText(leaflet.rawPayload))[0].replace(/\s+/g, ' ')).toContain('Bleed 2 mm (page 59 × 89 mm)');
  });

  it('answers 404 for a product the customer may not see, 401 to a visitor, 422 for a bad orientation', async () => {
    const restricted = await createProduct(staff, { name: 'Agency folders', stock_ids: [cat.silk.id], restricted: true });
    await setMargins(staff, restricted.id, cat.silk.id, [[100, 50]]);
    expect((await shopper.get(`/api/products/${restricted.id}/template.pdf`)).statusCode).toBe(404);
    expect((await shopper.get(`/api/products/999999/template.pdf`)).statusCode).toBe(404);
    expect((await new ApiClient(t.app).get(`/api/products/${cat.cards.id}/template.pdf`)).statusCode).toBe(401);
    const bad = await shopper.get(`/api/products/${cat.cards.id}/template.pdf?orientation=sideways`);
    expect(bad.statusCode).toBe(422);
  });
});
