import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import type { Order } from '../../../src/shared/api/orders';
import type { StaffUser } from '../../../src/shared/api/staff-users';
import type { TestApp } from '../helpers/app';
import { ApiClient, registerAs } from '../helpers/client';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe/stripe-stand-in';
import { ok, orderingApp, readyBasket, type Catalogue } from '../orders/helpers';

/*
 * Payment terms per customer (DESIGN §2 "Payment terms…"): staff edit them in the user's details,
 * at the version they read, each field refused on its own when out of range; a new account gets
 * DEFAULT_PAYMENT_TERMS; an install without Stripe orders on account, as before.
 */

describe('an install without Stripe', () => {
  let t: TestApp;
  let staff: ApiClient;
  let shopper: ApiClient;
  let cat: Catalogue;
  let deliveryTypeId: number;

  beforeAll(async () => {
    const app = await orderingApp();
    ({ t, staff, shopper, cat } = app);
    deliveryTypeId = app.del.first.id;
  }, 60_000);
  afterAll(() => t?.close());

  it('gives new accounts account terms, offers no card, and confirms on account as before', async () => {
    expect(t.config.stripe).toBeUndefined();
    expect(t.config.defaultPaymentTerms).toBe('account');
    const me = ok<{ id: number }>(await shopper.get('/api/user'));
    expect(ok<StaffUser>(await staff.get(`/api/admin/users/${me.id}`))).toMatchObject({ payment_terms: 'account', credit_limit: null, credit_days: 30 });

    const { order } = await readyBasket(t, shopper, cat, deliveryTypeId);
    expect(ok<Order>(await shopper.get(`/api/orders/${order.id}`)).payment_options).toEqual(['account']);
    const card = await shopper.request(
      'POST',
      `/api/orders/${order.id}/confirm`,
      { payment: 'card' },
      { headers: { 'idempotency-key': `nocard-${order.id}-1` } },
    );
    expect(card.statusCode).toBe(422);
    expect(card.json().errors.payment).toBe('Card payment is not available.');
    const confirmed = ok<Order>(
      await shopper.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `nocard-${order.id}-2` } }),
    );
    expect(confirmed).toMatchObject({ status: 'live', payment_status: null, checkout_url: null, payment_options: [] });
    // The webhook does not exist here.
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
  });

  it('lets staff set the terms at the version they read, and refuses each field out of range with its own message', async () => {
    const client = new ApiClient(t.app);
    await registerAs(client);
    const me = ok<{ id: number }>(await client.get('/api/user'));
    const user = ok<StaffUser>(await staff.get(`/api/admin/users/${me.id}`));

    const bad = await staff.put(`/api/admin/users/${me.id}`, { payment_terms: 'cheque', credit_limit: -1, credit_days: 400, version: user.version });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      payment_terms: 'Choose card or account',
      credit_limit: 'The credit limit must be from £0 to £1,000,000 (or empty for no limit)',
      credit_days: 'Credit days must be a whole number from 0 to 365',
    });
    for (const [field, value] of [
      ['credit_limit', 100_000_001],
      ['credit_limit', 12.5],
      ['credit_days', -1],
      ['credit_days', 'thirty'],
    ] as const) {
      const res = await staff.put(`/api/admin/users/${me.id}`, { [field]: value, version: user.version });
      expect({ field, value, status: res.statusCode, fields: Object.keys(res.json().errors ?? {}) }).toEqual({ field, value, status: 422, fields: [field] });
    }
    // Card terms need card payment set up: a card customer could not confirm anything.
    const card = await staff.put(`/api/admin/users/${me.id}`, { payment_terms: 'card', version: user.version });
    expect(card.statusCode).toBe(422);
    expect(card.json().errors.payment_terms).toMatch(/Card payment is not set up/);

    const saved = ok<StaffUser>(await staff.put(`/api/admin/users/${me.id}`, { credit_limit: 250_000, credit_days: 14, version: user.version }));
    expect(saved).toMatchObject({ payment_terms: 'account', credit_limit: 250_000, credit_days: 14, version: user.version + 1 });
    // A colleague who opened the record before that save is refused, and nothing of theirs is written.
    const stale = await staff.put(`/api/admin/users/${me.id}`, { credit_days: 60, version: user.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors.version).toMatch(/Someone else changed this user/);
    // Emptied, the limit is none.
    const unlimited = ok<StaffUser>(await staff.put(`/api/admin/users/${me.id}`, { credit_limit: null, version: saved.version }));
    expect(unlimited).toMatchObject({ credit_limit: null, credit_days: 14 });
    // Staff may create an account with its terms, or leave them to the default.
    const made = ok<StaffUser>(
      await staff.post('/api/admin/users', {
        firstname: 'Ann',
        lastname: 'Account',
        email: `ann-${Date.now()}@example.test`,
        address1: '1 Road',
        town: 'Leeds',
        postcode: 'LS1 1AA',
        country_id: user.country_id,
        role: 'user',
        credit_days: 45,
      }),
      201,
    );
    expect(made).toMatchObject({ payment_terms: 'account', credit_days: 45, credit_limit: null });
  });
});

describe('an install with Stripe', () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  let staff: ApiClient;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    const config = loadConfig({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url });
    ({ t, staff } = await orderingApp({ stripe: config.stripe, defaultPaymentTerms: config.defaultPaymentTerms }));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('gives new accounts card terms by default, which staff may change to account', async () => {
    expect(t.config.defaultPaymentTerms).toBe('card');
    const client = new ApiClient(t.app);
    await registerAs(client);
    const me = ok<{ id: number }>(await client.get('/api/user'));
    const user = ok<StaffUser>(await staff.get(`/api/admin/users/${me.id}`));
    expect(user.payment_terms).toBe('card');
    expect(ok<StaffUser>(await staff.put(`/api/admin/users/${me.id}`, { payment_terms: 'account', version: user.version }))).toMatchObject({
      payment_terms: 'account',
    });
  });
});

describe('configuration', () => {
  it('reads the Stripe settings: both secrets or neither, an http(s) API base, and the default terms', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiBase: 'https://api.stripe.com',
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/set both, or neither/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_BASE: 'ftp://example.test' })).toThrow(
      /STRIPE_API_BASE/,
    );
    expect(() => loadConfig({ DEFAULT_PAYMENT_TERMS: 'card' })).toThrow(/DEFAULT_PAYMENT_TERMS/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', DEFAULT_PAYMENT_TERMS: 'account' }).defaultPaymentTerms).toBe(
      'account',
    );
  });
});
