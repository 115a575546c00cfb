import { parse } from 'csv-parse/sync';
import { eq, inArray, like, or } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../src/shared/api/accounts';
import type { Order } from '../../../src/shared/api/orders';
import type { StaffOrder } from '../../../src/shared/api/staff-orders';
import type { Batch, BatchSummary, RoyalMailOrder, RoyalMailPushResult } from '../../../src/shared/api/staff-production';
import type { StaffUser } from '../../../src/shared/api/staff-users';
import { mailOutbox, orders, settings, companies } from '../../../src/server/db/schema';
import { companyOfUser } from '../helpers/companies';
import { logoKey } from '../../../src/server/modules/users/service';
import type { TestApp } from '../helpers/app';
import { ApiClient, registerAs } from '../helpers/client';
import { pdfText } from '../helpers/pdf-text';
import { readZip } from '../helpers/zip';
import { startClickAndDropMock, type ClickAndDropMock } from '../royalmail/click-and-drop-mock';
import { addFinishes, confirmedOrder, ok, orderingApp, readyBasket, seedDelivery, type Catalogue } from './helpers';

/**
 * Blind dispatch (DESIGN §2 "Addresses, blind dispatch") on the real app and database: the account's
 * default and the order's own choice, the delivery note under the customer's name (in the batch ZIP
 * and for staff), Click & Drop's sender, and no e-mail to the customer's client.
 */
const API_KEY = 'rm-blind-test-key-5511';
let mock: ClickAndDropMock;
let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let shopperId: number;
let cat: Catalogue;
let del: Awaited<ReturnType<typeof seedDelivery>>;
let finishes: Awaited<ReturnType<typeof addFinishes>>;

const COMPANY = 'Inkwell Reseller Co';
const CLIENT = { firstname: 'Nell', lastname: 'Client', company_name: 'Endclient Bakery', email: 'nell@endclient.test', telephone: '0113 496 0123' };

beforeAll(async () => {
  mock = await startClickAndDropMock({ apiKey: API_KEY });
  ({ t, staff, cat, shopper, del } = await orderingApp({ royalMail: { apiUrl: mock.url, apiKey: API_KEY } }));
  finishes = await addFinishes(staff, cat.cards.id);
  const {
    id,
    role: _role,
    company_logo: _logo,
    created_at: _created,
    blind_dispatch: _blind,
    company_id: _c,
    company_role: _r,
    approval_limit: _a,
    ...profile
  } = ok<User>(await shopper.get('/api/user'));
  shopperId = id;
  ok(
    await shopper.patch('/api/user', {
      ...profile,
      company_name: COMPANY,
      telephone: '0161 496 0777',
      address1: '9 Reseller Road',
      town: 'Manchester',
      postcode: 'M1 1AA',
    }),
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
  await mock?.close();
});

const db = () => t.database.db;
/** Each test counts its own waiting orders. */
beforeEach(async () => {
  await db()
    .update(orders)
    .set({ status: 'cancelled' })
    .where(inArray(orders.status, ['live', 'printing']));
});

/** A confirmed order going to the end client, blind or not. */
async function clientOrder(blind: boolean, options: number[] = []): Promise<Order> {
  const { order, item } = await readyBasket(t, shopper, cat, del.first.id);
  if (options.length) ok(await shopper.patch(`/api/orders/${order.id}/items/${item.id}`, { option_ids: options }));
  const address = {
    ...ok<Order>(await shopper.get(`/api/orders/${order.id}`)).address,
    ...CLIENT,
    address1: '5 Crumb Lane',
    town: 'York',
    postcode: 'YO1 7HH',
  };
  ok(await shopper.patch(`/api/orders/${order.id}`, { ref: `CLIENT-${blind ? 'BLIND' : 'OWN'}-${order.id}`, address, blind_dispatch: blind }));
  return ok<Order>(await shopper.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `confirm-${order.id}` } }));
}

/** What of the printer must never be on a blind parcel: the app's name and every company detail in the settings. */
async function printerWords(): Promise<string[]> {
  const rows = await db()
    .select()
    .from(settings)
    .where(or(like(settings.name, 'COMPANY_%'), eq(settings.name, 'BANK_DETAILS')));
  const values = rows.flatMap((r) => r.value.split(/\n|,\s*|\s·\s/)).map((v) => v.trim());
  return [t.config.appName, 'Print Junction', 'printjunction', ...values.filter((v) => v.length >= 6 && v !== 'United Kingdom')];
}

describe('blind dispatch on an order', () => {
  it('is off for a new basket unless the account’s default is on; the basket and POST take their own', async () => {
    const plain = ok<Order>(await shopper.post('/api/orders', {}), 201);
    expect(plain.blind_dispatch).toBe(false);

    const profile = ok<User>(await shopper.get('/api/user'));
    expect(profile.blind_dispatch).toBe(false);
    const {
      id: _id,
      role: _role,
      company_logo: _logo,
      created_at: _created,
      blind_dispatch: _blind,
      company_id: _c,
      company_role: _r,
      approval_limit: _a,
      ...editable
    } = profile;
    const changed = ok<User>(await shopper.patch('/api/user', { ...editable, blind_dispatch: true }));
    expect(changed.blind_dispatch).toBe(true);
    // A profile saved without the field leaves the default as it is.
    expect(ok<User>(await shopper.patch('/api/user', editable)).blind_dispatch).toBe(true);
    try {
      const blind = ok<Order>(await shopper.post('/api/orders', {}), 201);
      expect(blind.blind_dispatch).toBe(true);
      const asked = ok<Order>(await shopper.post('/api/orders', { blind_dispatch: false }), 201);
      expect(asked.blind_dispatch).toBe(false);
      const patched = ok<Order>(await shopper.patch(`/api/orders/${asked.id}`, { blind_dispatch: true }));
      expect(patched.blind_dispatch).toBe(true);
      expect(ok<Order>(await shopper.get(`/api/orders/${asked.id}`)).blind_dispatch).toBe(true);
    } finally {
      ok(await shopper.patch('/api/user', { ...editable, blind_dispatch: false }));
    }
  });

  it('refuses anything but true or false, naming the field', async () => {
    const order = ok<Order>(await shopper.post('/api/orders', {}), 201);
    for (const value of ['yes', 1, null]) {
      const res = await shopper.patch(`/api/orders/${order.id}`, { blind_dispatch: value });
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json().errors.blind_dispatch).toBeTruthy();
    }
    const created = await shopper.post('/api/orders', { blind_dispatch: 'on' });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.blind_dispatch).toBeTruthy();
  });

  it('staff read and set the account’s default in the user’s details', async () => {
    const user = ok<StaffUser>(await staff.get(`/api/admin/users/${shopperId}`));
    expect(user.blind_dispatch).toBe(false);
    const saved = ok<StaffUser>(await staff.put(`/api/admin/users/${shopperId}`, { ...user, blind_dispatch: true }));
    expect(saved.blind_dispatch).toBe(true);
    const back = ok<StaffUser>(await staff.put(`/api/admin/users/${shopperId}`, { ...saved, blind_dispatch: false }));
    expect(back.blind_dispatch).toBe(false);
  });
});

describe('the delivery note', () => {
  it('goes in the batch ZIP beside a blind order’s artwork, under the customer’s name, with no word of the printer’s nor a price', async () => {
    const blind = await clientOrder(true, [finishes.matt]);
    const own = await clientOrder(false);
    const started = ok<BatchSummary>(await staff.post('/api/admin/batches/run', {}), 201);
    await t.app.deps.jobs.drain();
    const batch = ok<Batch>(await staff.get(`/api/admin/batches/${started.id}`));
    expect(batch.status).toBe('done');
    const zip = await readZip((await staff.get(`/api/admin/batches/${batch.id}/zip`)).rawPayload);
    const names = [...zip.keys()];
    expect(names).toContain(`${blind.id}-delivery-note.pdf`);
    expect(names).not.toContain(`${own.id}-delivery-note.pdf`);
    expect(names.filter((n) => n.endsWith('-delivery-note.pdf'))).toHaveLength(1);
    // Beside its artwork: just before the order's first file.
    const at = names.indexOf(`${blind.id}-delivery-note.pdf`);
    expect(names[at + 1]).toMatch(new RegExp(`^${blind.id}-\\d+-cards-`));

    const note = zip.get(`${blind.id}-delivery-note.pdf`)!;
    const text = (await pdfText(note)).join('\n');
    for (const words of [
      'DELIVERY NOTE',
      COMPANY,
      '9 Reseller Road',
      blind.ref,
      'Nell Client',
      'Endclient Bakery',
      '5 Crumb Lane',
      'YO1 7HH',
      'Cards',
      'Silk 350',
      'Single-sided',
      'Lamination: Matt gloss',
    ])
      expect(text).toContain(words);
    expect(text).not.toMatch(/£|\bVAT\b|\d+\.\d\d\b/);
    const raw = note.toString('latin1');
    const printer = await printerWords();
    expect(printer).toEqual(expect.arrayContaining(['Print Junction Trade Ltd', 'hello@printjunction.test', '0113 496 0000']));
    for (const words of printer) {
      expect(text.toLowerCase(), words).not.toContain(words.toLowerCase());
      expect(raw.toLowerCase(), words).not.toContain(words.toLowerCase());
    }
    // Title, Author, Creator and Producer are the customer's (the page content is compressed: only the info is plain).
    expect(raw.match(new RegExp(`\\(${COMPANY}\\)`, 'g'))?.length).toBeGreaterThanOrEqual(3);
    expect(raw).not.toMatch(/PDFKit/);
  });

  it('staff print it for a blind order (with the customer’s logo); 409 for an order not sent blind, 404 for none, 403 for a customer', async () => {
    const blind = await clientOrder(true);
    const own = await clientOrder(false);
    const name = 'blind-note-logo.png';
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#663399' } })
      .png()
      .toBuffer();
    await t.app.deps.files.put(logoKey(name), png);
    await db().update(companies).set({ logo: name }).where(companyOfUser(shopperId));
    try {
      const res = await staff.get(`/api/admin/orders/${blind.id}/delivery-note.pdf`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="${blind.id}-delivery-note.pdf"`));
      expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
      expect((await pdfText(res.rawPayload)).join('\n')).toContain(COMPANY);
    } finally {
      await db().update(companies).set({ logo: null }).where(companyOfUser(shopperId));
    }
    // Staff see it on the order.
    expect(ok<StaffOrder>(await staff.get(`/api/admin/orders/${blind.id}`)).blind_dispatch).toBe(true);
    expect(ok<StaffOrder>(await staff.get(`/api/admin/orders/${own.id}`)).blind_dispatch).toBe(false);
    const notBlind = await staff.get(`/api/admin/orders/${own.id}/delivery-note.pdf`);
    expect(notBlind.statusCode).toBe(409);
    expect(notBlind.json().message).toMatch(/not sent blind/);
    expect((await staff.get('/api/admin/orders/999999/delivery-note.pdf')).statusCode).toBe(404);
    const basket = ok<Order>(await shopper.post('/api/orders', { blind_dispatch: true }), 201);
    expect((await staff.get(`/api/admin/orders/${basket.id}/delivery-note.pdf`)).statusCode).toBe(404);
    expect((await shopper.get(`/api/admin/orders/${blind.id}/delivery-note.pdf`)).statusCode).toBe(403);
  });
});

describe('e-mail of a blind order', () => {
  it('goes to the account, never to the customer’s client at the delivery address', async () => {
    const blind = await clientOrder(true);
    const own = await clientOrder(false);
    await t.app.deps.jobs.drain();
    const me = ok<User>(await shopper.get('/api/user'));
    const mails = await db().select().from(mailOutbox);
    const about = (id: number) => mails.filter((m) => m.subject.startsWith(`Order ${id} `));
    expect(about(blind.id).length).toBeGreaterThan(0);
    expect(about(blind.id).every((m) => m.toAddress === me.email)).toBe(true);
    expect(about(blind.id)[0].text).toMatch(new RegExp(`^Hello ${me.firstname},`));
    // An order going the usual way still writes to its delivery contact.
    expect(about(own.id).map((m) => m.toAddress)).toContain(CLIENT.email);
    // A move later (held by staff) writes to the account too.
    const { version } = ok<StaffOrder>(await staff.get(`/api/admin/orders/${blind.id}`));
    ok(await staff.post(`/api/admin/orders/${blind.id}/status`, { status: 'problem', version, problem_text: 'The bleed is short.' }));
    await t.app.deps.jobs.drain();
    const all = await db().select().from(mailOutbox);
    expect(all.filter((m) => m.toAddress === CLIENT.email).every((m) => !m.subject.startsWith(`Order ${blind.id} `))).toBe(true);
    expect(all.filter((m) => m.subject.startsWith(`Order ${blind.id} is on hold`)).map((m) => m.toAddress)).toEqual([me.email]);
  });
});

describe('Royal Mail for a blind order', () => {
  async function processing(blind: boolean): Promise<Order> {
    const order = await clientOrder(blind);
    const { version } = ok<StaffOrder>(await staff.get(`/api/admin/orders/${order.id}`));
    ok(await staff.post(`/api/admin/orders/${order.id}/status`, { status: 'printing', version }));
    return order;
  }

  it('the page marks it; the CSV names the customer’s company as sender and leaves out the client’s e-mail', async () => {
    const blind = await processing(true);
    const own = await processing(false);
    const listed = ok<RoyalMailOrder[]>(await staff.get('/api/admin/royalmail'));
    expect(listed.find((o) => o.id === blind.id)?.blind_dispatch).toBe(true);
    expect(listed.find((o) => o.id === own.id)?.blind_dispatch).toBe(false);
    const res = await staff.post('/api/admin/royalmail/export', { ids: [blind.id, own.id] });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parse(res.body) as string[][];
    const byOrder = new Map(rows.map((r) => [r[0], Object.fromEntries(header.map((name, i) => [name, r[i]]))]));
    const me = ok<User>(await shopper.get('/api/user'));
    expect(byOrder.get(String(blind.id))).toMatchObject({
      'Company name': CLIENT.company_name,
      Email: '',
      Phone: CLIENT.telephone,
      'Sender trading name': COMPANY,
      'Sender phone': '0161 496 0777',
      'Sender email': me.email,
    });
    expect(byOrder.get(String(own.id))).toMatchObject({ Email: CLIENT.email, 'Sender trading name': '', 'Sender phone': '', 'Sender email': '' });
  });

  it('the push names the customer’s company as sender (as Royal Mail’s contract has it) and sends no recipient e-mail', async () => {
    const blind = await processing(true);
    const own = await processing(false);
    const before = mock.requests.length;
    const results = ok<RoyalMailPushResult[]>(await staff.post('/api/admin/royalmail/push', { ids: [blind.id, own.id] }));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(mock.invalid).toEqual([]);
    expect(mock.requests.length).toBe(before + 1);
    const items = (mock.requests.at(-1)!.body as { items: Array<Record<string, unknown>> }).items;
    const sent = new Map(items.map((i) => [i.orderReference as string, i]));
    const me = ok<User>(await shopper.get('/api/user'));
    expect(sent.get(String(blind.id))!.sender).toEqual({ tradingName: COMPANY, phoneNumber: '0161 496 0777', emailAddress: me.email });
    expect(sent.get(String(blind.id))!.recipient).not.toHaveProperty('emailAddress');
    expect(sent.get(String(own.id))).not.toHaveProperty('sender');
    expect((sent.get(String(own.id))!.recipient as Record<string, unknown>).emailAddress).toBe(CLIENT.email);
  });
});

describe('another customer', () => {
  it('cannot set blind dispatch on someone else’s basket (404)', async () => {
    const other = new ApiClient(t.app);
    await registerAs(other);
    const basket = ok<Order>(await shopper.post('/api/orders', {}), 201);
    expect((await other.patch(`/api/orders/${basket.id}`, { blind_dispatch: true })).statusCode).toBe(404);
  });
});

describe('a reorder', () => {
  it('of a blind order is blind, of another is not', async () => {
    const blind = await clientOrder(true);
    const again = ok<Order>(await shopper.post(`/api/orders/${blind.id}/reorder`, {}), 201);
    expect(again.blind_dispatch).toBe(true);
    const own = await confirmedOrder(t, shopper, cat, del.first.id);
    expect(ok<Order>(await shopper.post(`/api/orders/${own.id}/reorder`, {}), 201).blind_dispatch).toBe(false);
  });
});
