import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, users } from '../../../src/server/db/schema';
import { registeredRoutes } from '../../../src/server/lib/zod';
import { forgetUserSessions } from '../../../src/server/modules/accounts/sessions';
import { approvalLinkToken } from '../../../src/server/modules/orders/approval-link';
import type { Order, OrderList } from '../../../src/shared/api/orders';
import type { TestApp } from '../helpers/app';
import { ApiClient, registerAs } from '../helpers/client';
import { basketWithCard, clientAddress, confirmedOrder, multipart, ok, orderingApp, pdf, readyBasket, CLEAN_CARD, type Catalogue } from '../orders/helpers';

/**
 * Who of a company may call what (DESIGN §2 "Companies"), as a table over every customer route read
 * from the app itself: the owner, a buyer and a viewer of company A, and a member of company B, each
 * call A's objects. Members see the company's things (a colleague's basket aside: it is its maker's
 * until confirmed); a viewer is refused (403) every change; B never learns A's objects exist (404).
 * A new customer route fails "every customer route has a row" until it is given one.
 */

type Role = 'owner' | 'buyer' | 'viewer' | 'other';
const ROLES: Role[] = ['other', 'viewer', 'buyer', 'owner'];

/** What a role's call must answer. */
type Expect =
  /** Got past access: anything but 401, 403 or a 404 saying the company's object is not there. */
  | 'seen'
  /** 403: the role may not. */
  | 'refused'
  /** 404: not among the objects the caller sees. */
  | 'missing';

const NOT_THERE = /^No such (order|item|ticket|invoice|quote|address|file|member|invitation|approval link)\b/;

function judged(res: LightMyRequestResponse): Expect | `other ${number}` {
  if (res.statusCode === 403) return 'refused';
  if (res.statusCode === 404) {
    const message = (() => {
      try {
        return String(res.json().message ?? '');
      } catch {
        return '';
      }
    })();
    return NOT_THERE.test(message) ? 'missing' : 'seen';
  }
  if (res.statusCode === 401) return `other ${res.statusCode}`;
  return 'seen';
}

interface Call {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  multipart?: { field: string; content: Buffer | Uint8Array };
}

interface Row {
  /** The call, made afresh for each role (a row may make its own object to change). */
  call: (role: Role) => Promise<Call> | Call;
  expect: Record<Role, Expect>;
}

/** Reads of what every member sees; another company's member is told it is not there. */
const companyRead: Row['expect'] = { owner: 'seen', buyer: 'seen', viewer: 'seen', other: 'missing' };
/** Changes to the company's confirmed orders and shared things: owners and buyers order, viewers may not. */
const companyWrite: Row['expect'] = { owner: 'seen', buyer: 'seen', viewer: 'refused', other: 'missing' };
/** Changes to the owner's basket: it is the owner's alone until confirmed. */
const basketWrite: Row['expect'] = { owner: 'seen', buyer: 'missing', viewer: 'refused', other: 'missing' };
/** The caller's own: lists of their company, their account, the catalogue. */
const anyMember: Row['expect'] = { owner: 'seen', buyer: 'seen', viewer: 'seen', other: 'seen' };
/** Something new for the caller's company: anyone who orders. */
const newThing: Row['expect'] = { owner: 'seen', buyer: 'seen', viewer: 'refused', other: 'seen' };

/** Routes anyone may call, or that answer to something other than a session (route-security.test.ts judges them). */
const NOT_A_MEMBERS_ROUTE = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/register',
  'POST /api/register',
  'POST /api/login',
  'POST /api/password/email',
  'GET /api/password/reset/:token',
  'POST /api/password/reset',
  'GET /api/settings/:name',
  'GET /api/countries',
  'GET /api/oauth/providers',
  'POST /api/oauth/handoff',
  'POST /api/oauth/:provider',
  'GET /api/oauth/:provider/callback',
  'GET /api/files/logos/:name',
  'GET /api/downloads/batches/:id',
  'GET /api/downloads/orders-xlsx/:id',
  'POST /api/payments/stripe/webhook',
  'GET /api/openapi.json',
  'GET /api/v1/openapi.json',
  'GET /api/invitations/:token',
  'POST /api/invitations/:token/accept',
]);

/**
 * The company's API keys and webhooks are its billing, an owner's alone (`ownersOnly`): their
 * refusals are the billing's tests; here only that another company never reaches them.
 */
const BILLING = new Set([
  'GET /api/account/webhooks',
  'POST /api/account/webhooks',
  'PATCH /api/account/webhooks/:id',
  'DELETE /api/account/webhooks/:id',
  'POST /api/account/webhooks/:id/rotate',
  'GET /api/account/webhooks/:id/deliveries',
  'POST /api/account/webhooks/:id/deliveries/:deliveryId/resend',
  'POST /api/account/webhooks/:id/test',
  'GET /api/account/api-keys',
  'POST /api/account/api-keys',
  'DELETE /api/account/api-keys/:id',
]);

let t: TestApp;
let cat: Catalogue;
const clients = {} as Record<Role, ApiClient>;
const ids = {} as Record<Role, number>;
let order: Order;
let basket: Order;
let basketItemId: number;
let quoteBasket: Order;
let quoteId: number;
let invoiceId: number;
let ticketId: number;
let ticketFileId: number;
let addressId: number;
let gbId: number;
let deliveryId: number;

const address = () => ({ ...clientAddress(gbId), is_default: false });
const newAddress = async () =>
  ok<{ id: number }>(await clients.owner.post('/api/addresses', { ...address(), postcode: `LS${Math.floor(Math.random() * 90 + 10)} 1AA` }), 201).id;

beforeAll(async () => {
  const app = await orderingApp();
  t = app.t;
  cat = app.cat;
  gbId = app.gbId;
  deliveryId = app.del.first.id;
  clients.owner = app.shopper;
  for (const role of ['buyer', 'viewer', 'other'] as const) {
    clients[role] = new ApiClient(t.app);
    await registerAs(clients[role]);
  }
  for (const role of ROLES) ids[role] = ok<{ id: number }>(await clients[role].get('/api/user')).id;
  // The buyer and the viewer join the owner's company (as an accepted invitation leaves them).
  const [{ companyId }] = await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, ids.owner));
  await t.database.db.update(users).set({ companyId, companyRole: 'buyer' }).where(eq(users.id, ids.buyer));
  await t.database.db.update(users).set({ companyId, companyRole: 'viewer' }).where(eq(users.id, ids.viewer));
  // Their sessions were cached with their own companies: the next request reads them afresh.
  forgetUserSessions(ids.buyer);
  forgetUserSessions(ids.viewer);

  order = await confirmedOrder(t, clients.owner, cat, deliveryId);
  const made = await basketWithCard(clients.owner, cat);
  basket = made.order;
  basketItemId = made.item.id;
  quoteBasket = (await readyBasket(t, clients.owner, cat, deliveryId)).order;
  ok(await clients.owner.patch(`/api/orders/${quoteBasket.id}`, { address: clientAddress(gbId) }));
  quoteId = ok<{ id: number }>(await clients.owner.post(`/api/orders/${quoteBasket.id}/quote`), 201).id;
  const key = `invoices/company-scope-${Date.now()}.pdf`;
  await t.app.deps.files.put(key, Buffer.from(await pdf(CLEAN_CARD)));
  [{ id: invoiceId }] = await t.database.db
    .insert(invoices)
    .values({ number: `UP-${Date.now()}`, userId: ids.owner, source: 'uploaded', date: '2026-01-05', dueDate: '2026-02-04', total: 1200, fileKey: key })
    .returning({ id: invoices.id });
  ticketId = ok<{ id: number }>(await clients.owner.post('/api/tickets', { reason: 'Delivery', details: 'The box was crushed.', order_id: order.id }), 201).id;
  const { payload, headers } = multipart('files', 'photo.pdf', await pdf(CLEAN_CARD));
  const withFile = ok<{ thread: Array<{ files: Array<{ id: number }> }> }>(
    await clients.owner.request('POST', `/api/tickets/${ticketId}/files`, payload, { headers }),
  );
  ticketFileId = withFile.thread.flatMap((m) => m.files)[0].id;
  addressId = await newAddress();
}, 180_000);
afterAll(() => t?.close());

const item = () => order.items[0].id;

/** An open invitation of the owner's company (made once; the owner's call, the last, withdraws it). */
let invitation: number | undefined;
async function invitationId(): Promise<number> {
  if (invitation === undefined) {
    ok(await clients.owner.post('/api/company/members', { email: 'withdrawn@example.com', role: 'viewer' }), 201);
    const { invitations } = ok<{ invitations: Array<{ id: number; email: string }> }>(await clients.owner.get('/api/company/members'));
    invitation = invitations.find((i) => i.email === 'withdrawn@example.com')!.id;
  }
  return invitation;
}

/** One row per customer route. */
const TABLE: Record<string, Row> = {
  // ——— the member's own account and the catalogue: never refused to a viewer ———
  'GET /api/user': { call: () => ({ path: '/api/user' }), expect: anyMember },
  // ——— the caller's own company: every member reads it, its owners change it ———
  'GET /api/company': { call: () => ({ path: '/api/company' }), expect: anyMember },
  // ——— its members: every member sees them, its owners manage them ———
  'GET /api/company/members': { call: () => ({ path: '/api/company/members' }), expect: anyMember },
  'POST /api/company/members': {
    call: (role) => ({ path: '/api/company/members', body: { email: `invitee-${role}@example.com`, role: 'buyer' } }),
    expect: { owner: 'seen', buyer: 'refused', viewer: 'refused', other: 'seen' },
  },
  'PATCH /api/company/members/:id': {
    call: () => ({ path: `/api/company/members/${ids.buyer}`, body: {} }),
    expect: { owner: 'seen', buyer: 'refused', viewer: 'refused', other: 'missing' },
  },
  // The owner removing themselves: the last owner is refused (422), which is still got past access.
  'DELETE /api/company/members/:id': {
    call: () => ({ path: `/api/company/members/${ids.owner}` }),
    expect: { owner: 'seen', buyer: 'refused', viewer: 'refused', other: 'missing' },
  },
  'DELETE /api/company/invitations/:id': {
    call: async () => ({ path: `/api/company/invitations/${await invitationId()}` }),
    expect: { owner: 'seen', buyer: 'refused', viewer: 'refused', other: 'missing' },
  },
  'PATCH /api/company': { call: () => ({ path: '/api/company', body: {} }), expect: { owner: 'seen', buyer: 'refused', viewer: 'refused', other: 'seen' } },
  'PATCH /api/user': { call: () => ({ path: '/api/user', body: {} }), expect: anyMember },
  'PATCH /api/user/password': { call: () => ({ path: '/api/user/password', body: {} }), expect: anyMember },
  'GET /api/oauth/identities': { call: () => ({ path: '/api/oauth/identities' }), expect: anyMember },
  'DELETE /api/oauth/identities/:provider': { call: () => ({ path: '/api/oauth/identities/google' }), expect: anyMember },
  'POST /api/logout': { call: () => ({ path: '/api/logout' }), expect: anyMember },
  'GET /api/prices': { call: () => ({ path: '/api/prices' }), expect: anyMember },
  'GET /api/products': { call: () => ({ path: '/api/products' }), expect: anyMember },
  'GET /api/products/:id/template.pdf': { call: () => ({ path: `/api/products/${cat.cards.id}/template.pdf` }), expect: anyMember },
  'GET /api/proof-links/:token': { call: () => ({ path: '/api/proof-links/not-a-link' }), expect: anyMember },
  // The owner's link of an approval e-mail: it opens for the owner it was sent to, for nobody else.
  'GET /api/approval-links/:token': {
    call: () => ({ path: `/api/approval-links/${approvalLinkToken(t.app.deps.appKey, { ownerId: ids.owner, orderId: order.id })}` }),
    expect: { owner: 'seen', buyer: 'missing', viewer: 'missing', other: 'missing' },
  },
  'GET /api/statement': { call: () => ({ path: '/api/statement' }), expect: anyMember },
  'GET /api/invoices/statement': { call: () => ({ path: '/api/invoices/statement?month=2026-01' }), expect: anyMember },
  // ——— the company's lists (what they hold: below) ———
  'GET /api/orders': { call: () => ({ path: '/api/orders' }), expect: anyMember },
  'GET /api/orders/counts': { call: () => ({ path: '/api/orders/counts' }), expect: anyMember },
  'GET /api/invoices': { call: () => ({ path: '/api/invoices' }), expect: anyMember },
  'GET /api/quotes': { call: () => ({ path: '/api/quotes' }), expect: anyMember },
  'GET /api/tickets': { call: () => ({ path: '/api/tickets' }), expect: anyMember },
  'GET /api/addresses': { call: () => ({ path: '/api/addresses' }), expect: anyMember },
  // ——— something new ———
  'POST /api/orders': { call: () => ({ path: '/api/orders', body: { ref: 'New' } }), expect: newThing },
  'POST /api/tickets': { call: () => ({ path: '/api/tickets', body: { reason: 'Other', details: 'A question.' } }), expect: newThing },
  'POST /api/addresses': { call: () => ({ path: '/api/addresses', body: { ...address(), town: 'York' } }), expect: newThing },
  'POST /api/addresses/import': {
    call: () => ({
      path: '/api/addresses/import',
      multipart: { field: 'file', content: Buffer.from('firstname,lastname,address1,town,postcode\nAnn,Lee,1 Road,Leeds,LS2 2AA\n') },
    }),
    expect: newThing,
  },
  // ——— the company's confirmed order ———
  'GET /api/orders/:id': { call: () => ({ path: `/api/orders/${order.id}` }), expect: companyRead },
  'GET /api/orders/:id/delivery-options': { call: () => ({ path: `/api/orders/${order.id}/delivery-options` }), expect: companyRead },
  'GET /api/orders/:id/items/:itemId/artwork': { call: () => ({ path: `/api/orders/${order.id}/items/${item()}/artwork` }), expect: companyRead },
  'GET /api/orders/:id/items/:itemId/preview': { call: () => ({ path: `/api/orders/${order.id}/items/${item()}/preview` }), expect: companyRead },
  'GET /api/orders/:id/items/:itemId/proof': { call: () => ({ path: `/api/orders/${order.id}/items/${item()}/proof` }), expect: companyRead },
  'POST /api/orders/:id/reorder': { call: () => ({ path: `/api/orders/${order.id}/reorder` }), expect: companyWrite },
  'POST /api/orders/:id/items/:itemId/proof/approve': {
    call: () => ({ path: `/api/orders/${order.id}/items/${item()}/proof/approve`, body: { version: 1 } }),
    expect: companyWrite,
  },
  'POST /api/orders/:id/items/:itemId/proof/changes': {
    call: () => ({ path: `/api/orders/${order.id}/items/${item()}/proof/changes`, body: { version: 1, comment: 'Bigger logo, please.' } }),
    expect: companyWrite,
  },
  'POST /api/orders/:id/items/:itemId/artwork': {
    call: async () => ({ path: `/api/orders/${order.id}/items/${item()}/artwork`, multipart: { field: 'file', content: await pdf(CLEAN_CARD) } }),
    expect: companyWrite,
  },
  'POST /api/orders/:id/items/:itemId/artwork/url': {
    call: () => ({ path: `/api/orders/${order.id}/items/${item()}/artwork/url`, body: { artwork_url: 'https://example.com/card.pdf' } }),
    expect: companyWrite,
  },
  'DELETE /api/orders/:id/items/:itemId/artwork': { call: () => ({ path: `/api/orders/${order.id}/items/${item()}/artwork` }), expect: companyWrite },
  'POST /api/orders/:id/resubmit': { call: () => ({ path: `/api/orders/${order.id}/resubmit` }), expect: companyWrite },
  // An owner's decision on a colleague's order waiting for approval (this one does not wait: 409, past access).
  'POST /api/orders/:id/approve': {
    call: () => ({ path: `/api/orders/${order.id}/approve` }),
    expect: { owner: 'seen', buyer: 'refused', viewer: 'refused', other: 'missing' },
  },
  'POST /api/orders/:id/decline': {
    call: () => ({ path: `/api/orders/${order.id}/decline`, body: { reason: 'Over budget this month.' } }),
    expect: { owner: 'seen', buyer: 'refused', viewer: 'refused', other: 'missing' },
  },
  // Last of the order's: it moves the order on.
  'POST /api/orders/:id/cancel': { call: () => ({ path: `/api/orders/${order.id}/cancel` }), expect: companyWrite },
  // ——— the owner's basket: theirs alone ———
  'PATCH /api/orders/:id': { call: () => ({ path: `/api/orders/${basket.id}`, body: { ref: 'Changed' } }), expect: basketWrite },
  'POST /api/orders/:id/items': {
    call: () => ({
      path: `/api/orders/${basket.id}/items`,
      body: { product_id: cat.cards.id, stock_id: cat.silk.id, qty: 100, sides: 'single', orientation: 'landscape' },
    }),
    expect: basketWrite,
  },
  'PATCH /api/orders/:id/items/:itemId': {
    call: () => ({ path: `/api/orders/${basket.id}/items/${basketItemId}`, body: { qty: 250 } }),
    expect: basketWrite,
  },
  'DELETE /api/orders/:id/items/:itemId': { call: () => ({ path: `/api/orders/${basket.id}/items/${basketItemId}` }), expect: basketWrite },
  'POST /api/orders/:id/confirm': {
    call: (role) => ({ path: `/api/orders/${basket.id}/confirm`, body: {}, headers: { 'idempotency-key': `scope-${role}` } }),
    expect: basketWrite,
  },
  'POST /api/orders/:id/checkout/cancel': { call: () => ({ path: `/api/orders/${basket.id}/checkout/cancel` }), expect: basketWrite },
  'POST /api/orders/:id/quote': { call: () => ({ path: `/api/orders/${quoteBasket.id}/quote` }), expect: basketWrite },
  'DELETE /api/orders/:id': { call: () => ({ path: `/api/orders/${basket.id}` }), expect: basketWrite },
  // ——— the company's quote, invoice, ticket and address ———
  'GET /api/quotes/:id': { call: () => ({ path: `/api/quotes/${quoteId}` }), expect: companyRead },
  'GET /api/quotes/:id/pdf': { call: () => ({ path: `/api/quotes/${quoteId}/pdf` }), expect: companyRead },
  'POST /api/quotes/:id/order': { call: () => ({ path: `/api/quotes/${quoteId}/order` }), expect: companyWrite },
  'GET /api/invoices/:id/pdf': { call: () => ({ path: `/api/invoices/${invoiceId}/pdf` }), expect: companyRead },
  'GET /api/tickets/:id': { call: () => ({ path: `/api/tickets/${ticketId}` }), expect: companyRead },
  'GET /api/tickets/:id/files/:fileId': { call: () => ({ path: `/api/tickets/${ticketId}/files/${ticketFileId}` }), expect: companyRead },
  'POST /api/tickets/:id/replies': { call: () => ({ path: `/api/tickets/${ticketId}/replies`, body: { body: 'Any news?' } }), expect: companyWrite },
  'POST /api/tickets/:id/files': {
    call: async () => ({ path: `/api/tickets/${ticketId}/files`, multipart: { field: 'files', content: await pdf(CLEAN_CARD) } }),
    expect: companyWrite,
  },
  'POST /api/tickets/:id/close': { call: () => ({ path: `/api/tickets/${ticketId}/close` }), expect: companyWrite },
  'POST /api/tickets/:id/reopen': { call: () => ({ path: `/api/tickets/${ticketId}/reopen` }), expect: companyWrite },
  'PATCH /api/addresses/:id': { call: () => ({ path: `/api/addresses/${addressId}`, body: { town: 'Bradford' } }), expect: companyWrite },
  // Each role deletes an address of its own making, so that the first delete leaves the next one something to find.
  'DELETE /api/addresses/:id': { call: async () => ({ path: `/api/addresses/${await newAddress()}` }), expect: companyWrite },
};

async function send(client: ApiClient, method: string, c: Call): Promise<LightMyRequestResponse> {
  if (c.multipart) {
    const { payload, headers } = multipart(
      c.multipart.field,
      'file.pdf',
      c.multipart.content,
      c.multipart.field === 'file' && c.path.endsWith('import') ? 'text/csv' : 'application/pdf',
    );
    return client.request(method as 'POST', c.path, payload, { headers });
  }
  return client.request(method as 'POST', c.path, method === 'GET' || method === 'DELETE' ? undefined : (c.body ?? {}), { headers: c.headers });
}

describe("what a company's members see", () => {
  it('the company’s confirmed orders, whoever placed them, with who did; a colleague’s basket is not among them', async () => {
    const owner = ok<{ firstname: string; lastname: string }>(await clients.owner.get('/api/user'));
    for (const role of ['buyer', 'viewer'] as const) {
      const list = ok<OrderList>(await clients[role].get('/api/orders'));
      expect(list.data.map((o) => o.id)).toContain(order.id);
      expect(list.data.find((o) => o.id === order.id)!.placed_by).toEqual({ id: ids.owner, name: `${owner.firstname} ${owner.lastname}` });
      const baskets = ok<OrderList>(await clients[role].get('/api/orders?status=basket'));
      expect(baskets.data.map((o) => o.id)).not.toContain(basket.id);
      expect((await clients[role].get(`/api/orders/${basket.id}`)).statusCode).toBe(404);
      expect(ok<Order>(await clients[role].get(`/api/orders/${order.id}`)).placed_by.id).toBe(ids.owner);
    }
    expect(ok<OrderList>(await clients.other.get('/api/orders')).data.map((o) => o.id)).not.toContain(order.id);
    expect(ok<Record<string, number>>(await clients.buyer.get('/api/orders/counts')).live).toBeGreaterThanOrEqual(1);
    expect(ok<Record<string, number>>(await clients.other.get('/api/orders/counts')).live).toBe(0);
  });

  it('the company’s quotes, invoices and tickets, saying who saved or raised them; another company’s none', async () => {
    const lists = async (c: ApiClient) => ({
      quotes: ok<{ data: Array<{ id: number; placed_by: { id: number } }> }>(await c.get('/api/quotes')).data,
      invoices: ok<{ data: Array<{ id: number }> }>(await c.get('/api/invoices')).data,
      tickets: ok<{ data: Array<{ id: number; placed_by: { id: number } }> }>(await c.get('/api/tickets')).data,
    });
    const viewer = await lists(clients.viewer);
    expect(viewer.quotes.find((q) => q.id === quoteId)?.placed_by.id).toBe(ids.owner);
    expect(viewer.invoices.map((i) => i.id)).toContain(invoiceId);
    expect(viewer.tickets.find((x) => x.id === ticketId)?.placed_by.id).toBe(ids.owner);
    const other = await lists(clients.other);
    expect([other.quotes.length, other.invoices.length, other.tickets.length]).toEqual([0, 0, 0]);
  });

  it('one address book per company, with one default: a buyer’s new default unmarks the owner’s', async () => {
    const first = ok<{ id: number }>(await clients.owner.post('/api/addresses', { ...address(), postcode: 'BD1 1AA', is_default: true }), 201).id;
    const second = ok<{ id: number }>(await clients.buyer.post('/api/addresses', { ...address(), postcode: 'HX1 1AA', is_default: true }), 201).id;
    const book = ok<{ data: Array<{ id: number; is_default: boolean }> }>(await clients.viewer.get('/api/addresses?per_page=100')).data;
    expect(book.filter((a) => a.is_default).map((a) => a.id)).toEqual([second]);
    expect(book.map((a) => a.id)).toContain(first);
    expect(ok<{ data: unknown[] }>(await clients.other.get('/api/addresses')).data).toEqual([]);
  });

  it('a viewer is told why they may not order', async () => {
    const res = await clients.viewer.post('/api/orders', { ref: 'Mine' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/viewer/);
  });
});

describe("a company's members on every customer route", () => {
  it('every customer route has a row', () => {
    const customerRoutes = [...registeredRoutes(t.app)]
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => / \/api\//.test(k) && !/ \/api\/(admin|v1)\//.test(k) && !NOT_A_MEMBERS_ROUTE.has(k) && !BILLING.has(k));
    expect(customerRoutes.filter((k) => !TABLE[k])).toEqual([]);
    expect(Object.keys(TABLE).filter((k) => !customerRoutes.includes(k))).toEqual([]);
  });

  it('answers each role as the table says: members see the company’s, a viewer changes nothing, another company finds nothing', async () => {
    const wrong: string[] = [];
    // Logging out last: it ends the session the other rows use.
    const keys = Object.keys(TABLE).sort((a, b) => Number(a === 'POST /api/logout') - Number(b === 'POST /api/logout'));
    for (const key of keys) {
      const method = key.split(' ')[0];
      for (const role of ROLES) {
        const res = await send(clients[role], method, await TABLE[key].call(role));
        const got = judged(res);
        if (res.statusCode >= 500 || got !== TABLE[key].expect[role]) wrong.push(`${key} as ${role}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});
