import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RoyalMailShipment } from '../../../src/shared/domain/delivery/royalmail';
import { CLICK_AND_DROP_CHUNK_SIZE, ClickAndDropError, clickAndDropClient, type PushOutcome } from '../../../src/server/modules/royalmail/click-and-drop';
import { MOCK_FAILING_POSTCODE, startClickAndDropMock, type ClickAndDropMock } from './click-and-drop-mock';

/** The Click & Drop client (DESIGN §2 "Dispatch: the Royal Mail page") against a mock built from Royal Mail's YAML. */
const API_KEY = 'rm-test-key-7f3a9c';

const shipment = (order_id: number, more: Partial<RoyalMailShipment> = {}): RoyalMailShipment => ({
  order_id,
  firstname: 'Ada',
  lastname: 'Lovelace',
  company_name: '',
  address1: '12 Analytical Row',
  address2: '',
  town: 'London',
  county: '',
  postcode: 'SW1A 2AA',
  country_code: 'GB',
  email: 'ada@example.com',
  telephone: '07700 900123',
  weight: 350,
  package_size: 'largeLetter',
  service_code: 'CRL24',
  subtotal: 1000,
  shipping: 234,
  total: 1234,
  sender: null,
  ...more,
});

type SentOrder = {
  orderReference: string;
  recipient: { address: Record<string, string>; phoneNumber?: string; emailAddress?: string };
  orderDate: string;
  subtotal: number;
  shippingCostCharged: number;
  total: number;
  currencyCode: string;
  packages: Array<{ weightInGrams: number; packageFormatIdentifier: string }>;
  postageDetails: { serviceCode: string };
};
const sentItems = (m: ClickAndDropMock, request = 0) => (m.requests[request].body as { items: SentOrder[] }).items;

let mock: ClickAndDropMock;
beforeAll(async () => {
  mock = await startClickAndDropMock({ apiKey: API_KEY });
});
afterAll(async () => {
  await mock.close();
});
afterEach(() => {
  // Every request the client made keeps to Royal Mail's contract, whatever the test looked at.
  mock.requests.length = 0;
  expect(mock.invalid.splice(0)).toEqual([]);
});

const client = (more: { apiKey?: string; apiUrl?: string; timeoutMs?: number } = {}) => clickAndDropClient({ apiUrl: mock.url, apiKey: API_KEY, ...more });

describe('the Click & Drop client', () => {
  it('sends orders that validate against the YAML, with the key, money in pounds, weight, format and service', async () => {
    const orderDate = new Date('2025-03-04T10:20:30.000Z');
    const outcomes = await client().createOrders(
      [
        shipment(101),
        shipment(102, {
          company_name: 'Engines Ltd',
          address2: 'Floor 2',
          county: 'Greater London',
          weight: 1500,
          package_size: 'smallParcel',
          service_code: 'TPN24',
          subtotal: 1000,
          shipping: 230,
          total: 1230,
          telephone: '',
          email: '',
        }),
      ],
      orderDate,
    );

    expect(mock.requests).toHaveLength(1);
    const request = mock.requests[0];
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/v1/orders');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.headers['content-type']).toMatch(/^application\/json/);

    const [first, second] = sentItems(mock);
    expect(first).toEqual({
      orderReference: '101',
      recipient: {
        address: { fullName: 'Ada Lovelace', addressLine1: '12 Analytical Row', city: 'London', postcode: 'SW1A 2AA', countryCode: 'GB' },
        phoneNumber: '07700 900123',
        emailAddress: 'ada@example.com',
      },
      orderDate: '2025-03-04T10:20:30.000Z',
      subtotal: 10,
      shippingCostCharged: 2.34,
      total: 12.34,
      currencyCode: 'GBP',
      packages: [{ weightInGrams: 350, packageFormatIdentifier: 'largeLetter' }],
      postageDetails: { serviceCode: 'CRL24' },
    });
    expect(second.recipient).toEqual({
      address: {
        fullName: 'Ada Lovelace',
        companyName: 'Engines Ltd',
        addressLine1: '12 Analytical Row',
        addressLine2: 'Floor 2',
        city: 'London',
        county: 'Greater London',
        postcode: 'SW1A 2AA',
        countryCode: 'GB',
      },
    });
    expect(second.packages).toEqual([{ weightInGrams: 1500, packageFormatIdentifier: 'smallParcel' }]);
    expect(second.postageDetails).toEqual({ serviceCode: 'TPN24' });
    // On the wire: 12.3, not 12.30 nor 12.300000000000001.
    expect(second.total).toBe(12.3);
    expect(JSON.stringify(mock.requests[0].body)).toContain('"total":12.3,');
    expect(JSON.stringify(mock.requests[0].body)).toContain('"shippingCostCharged":2.3,');

    expect(outcomes).toEqual<PushOutcome[]>([
      { order_id: 101, ok: true, order_identifier: expect.any(Number), tracking_number: expect.stringMatching(/^RM\d{9}GB$/) },
      { order_id: 102, ok: true, order_identifier: expect.any(Number), tracking_number: expect.stringMatching(/^RM\d{9}GB$/) },
    ]);
  });

  it('keeps to the YAML maxLengths: long text cut, a postcode, phone or email that cannot fit left out', async () => {
    await client().createOrders([
      shipment(103, {
        firstname: 'A'.repeat(150),
        lastname: 'B'.repeat(150),
        address1: 'x'.repeat(130),
        postcode: 'P'.repeat(21),
        telephone: '0'.repeat(26),
        email: `${'e'.repeat(250)}@example.com`,
      }),
    ]);
    const [sent] = sentItems(mock);
    expect(sent.recipient.address.fullName).toHaveLength(210);
    expect(sent.recipient.address.addressLine1).toHaveLength(100);
    expect(sent.recipient.address).not.toHaveProperty('postcode');
    expect(sent.recipient).not.toHaveProperty('phoneNumber');
    expect(sent.recipient).not.toHaveProperty('emailAddress');
  });

  it('maps a failedOrders answer to just that order, with Royal Mail’s message and the field', async () => {
    const outcomes = await client().createOrders([shipment(201), shipment(202, { postcode: MOCK_FAILING_POSTCODE }), shipment(203)]);
    expect(outcomes).toHaveLength(3);
    expect(outcomes[0]).toMatchObject({ order_id: 201, ok: true });
    expect(outcomes[1]).toEqual({ order_id: 202, ok: false, message: 'Postcode not recognised (postcode)' });
    expect(outcomes[2]).toMatchObject({ order_id: 203, ok: true });
    const tracking = outcomes.flatMap((o) => (o.ok ? [o.tracking_number] : []));
    expect(new Set(tracking).size).toBe(2);
  });

  it('a refused key is a ClickAndDropError 401 with the advice, and never the key', async () => {
    const wrongKey = 'wrong-key-should-not-leak';
    const err = await client({ apiKey: wrongKey })
      .createOrders([shipment(301)])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClickAndDropError);
    expect((err as ClickAndDropError).status).toBe(401);
    expect((err as ClickAndDropError).message).toBe('Royal Mail refused the API key (ROYALMAIL_API_KEY): check it in Click & Drop → Settings → Integrations');
    expect((err as ClickAndDropError).message).not.toContain(wrongKey);
    expect(mock.requests[0].headers.authorization).toBe(`Bearer ${wrongKey}`);
  });

  it('a 500 is a ClickAndDropError carrying Royal Mail’s ErrorResponse message', async () => {
    mock.failNext(500);
    const err = await client()
      .createOrders([shipment(401)])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClickAndDropError);
    expect((err as ClickAndDropError).status).toBe(500);
    expect((err as ClickAndDropError).message).toContain('Something went wrong at Click & Drop (mock)');
    expect((err as ClickAndDropError).message).not.toContain(API_KEY);
  });

  it('a 400 is a ClickAndDropError carrying Royal Mail’s ErrorResponse message', async () => {
    mock.failNext(400);
    const err = await client()
      .createOrders([shipment(402)])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClickAndDropError);
    expect((err as ClickAndDropError).status).toBe(400);
    expect((err as ClickAndDropError).message).toContain('Request has missing or invalid parameters (mock)');
  });

  it('an unreachable Click & Drop is a ClickAndDropError with status null', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const err = await client({ apiUrl: `http://127.0.0.1:${port}/api/v1` })
      .createOrders([shipment(501)])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClickAndDropError);
    expect((err as ClickAndDropError).status).toBeNull();
    expect((err as ClickAndDropError).message).toMatch(/^Royal Mail Click & Drop did not answer: .*ECONNREFUSED/);
    expect((err as ClickAndDropError).message).not.toContain(API_KEY);
  });

  it('a Click & Drop that does not answer in time is a ClickAndDropError with status null', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const err = await client({ apiUrl: `http://127.0.0.1:${port}/api/v1`, timeoutMs: 200 })
        .createOrders([shipment(502)])
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ClickAndDropError);
      expect((err as ClickAndDropError).status).toBeNull();
      expect((err as ClickAndDropError).message).toMatch(/^Royal Mail Click & Drop did not answer: no answer within/);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it(`sends more than ${CLICK_AND_DROP_CHUNK_SIZE} orders in several requests and answers every order once`, async () => {
    const N = CLICK_AND_DROP_CHUNK_SIZE * 2 + 37;
    const shipments = Array.from({ length: N }, (_, i) => shipment(10_000 + i, i === 150 ? { postcode: 'fail1aa' } : {}));
    const outcomes = await client().createOrders(shipments);

    expect(mock.requests).toHaveLength(3);
    expect(mock.requests.map((_, i) => sentItems(mock, i).length)).toEqual([CLICK_AND_DROP_CHUNK_SIZE, CLICK_AND_DROP_CHUNK_SIZE, 37]);
    expect(outcomes.map((o) => o.order_id)).toEqual(shipments.map((s) => s.order_id));
    expect(outcomes.filter((o) => !o.ok).map((o) => o.order_id)).toEqual([10_150]);
    const tracking = outcomes.flatMap((o) => (o.ok ? [o.tracking_number] : []));
    expect(new Set(tracking).size).toBe(N - 1);
  });

  it('when a later request fails, the orders already created keep their outcomes and the rest fail with its message', async () => {
    mock.failNext(500, { after: 1 });
    const shipments = Array.from({ length: CLICK_AND_DROP_CHUNK_SIZE + 5 }, (_, i) => shipment(20_000 + i));
    const outcomes = await client().createOrders(shipments);
    expect(outcomes).toHaveLength(shipments.length);
    expect(outcomes.slice(0, CLICK_AND_DROP_CHUNK_SIZE).every((o) => o.ok)).toBe(true);
    for (const o of outcomes.slice(CLICK_AND_DROP_CHUNK_SIZE)) {
      expect(o).toEqual({ order_id: o.order_id, ok: false, message: expect.stringContaining('answered 500') });
    }
  });

  it('an order in neither createdOrders nor failedOrders is marked unanswered', async () => {
    const partial = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            successCount: 1,
            errorsCount: 0,
            createdOrders: [{ orderIdentifier: 77, orderReference: '601', createdOn: '2025-03-04T10:20:30Z' }],
            failedOrders: [],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => partial.listen(0, '127.0.0.1', resolve));
    const { port } = partial.address() as AddressInfo;
    try {
      const outcomes = await client({ apiUrl: `http://127.0.0.1:${port}/api/v1` }).createOrders([shipment(601), shipment(602)]);
      expect(outcomes).toEqual<PushOutcome[]>([
        // No trackingNumber in the answer: null, not undefined.
        { order_id: 601, ok: true, order_identifier: 77, tracking_number: null },
        { order_id: 602, ok: false, message: 'Click & Drop did not answer for this order' },
      ]);
    } finally {
      await new Promise<void>((resolve) => partial.close(() => resolve()));
    }
  });
});

describe('the Click & Drop mock', () => {
  const post = async (body: unknown, apiKey = API_KEY) => {
    const res = await fetch(`${mock.url}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.text()) || undefined };
  };
  const validOrder = () => ({
    orderReference: '1',
    recipient: { address: { addressLine1: '1 High Street', city: 'Bath', countryCode: 'GB' } },
    orderDate: '2025-03-04T10:20:30Z',
    subtotal: 12.3,
    shippingCostCharged: 0,
    total: 12.3,
  });
  /** These tests break the contract on purpose: what the mock noted is checked, then cleared for afterEach. */
  const takeInvalid = () => mock.invalid.splice(0);

  it('accepts the smallest valid order (so the refusals below are about what they change)', async () => {
    expect((await post({ items: [validOrder()] })).status).toBe(200);
    expect(takeInvalid()).toEqual([]);
  });

  it('refuses an order without recipient.address.addressLine1, with an ErrorResponse, and notes why', async () => {
    const order = validOrder();
    delete (order.recipient.address as Partial<typeof order.recipient.address>).addressLine1;
    const res = await post({ items: [order] });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body!)).toMatchObject({ message: expect.any(String), details: expect.stringContaining('addressLine1') });
    expect(takeInvalid()).toEqual([expect.stringContaining("must have required property 'addressLine1'")]);
  });

  it('refuses a total with 3 decimals (multipleOf 0.01) and a wrong orderDate', async () => {
    const res = await post({ items: [{ ...validOrder(), total: 12.345, orderDate: '4 March 2025' }] });
    expect(res.status).toBe(400);
    const invalid = takeInvalid();
    expect(invalid).toHaveLength(2);
    expect(invalid.some((e) => e.includes('/items/0/total') && e.includes('multiple of 0.01'))).toBe(true);
    expect(invalid.some((e) => e.includes('/items/0/orderDate') && e.includes('date-time'))).toBe(true);
  });

  it('refuses a missing or wrong key with 401 before looking at the body', async () => {
    expect((await post({ items: [validOrder()] }, 'not-the-key')).status).toBe(401);
    const bare = await fetch(`${mock.url}/orders`, { method: 'POST', headers: { authorization: API_KEY }, body: '{}' });
    expect(bare.status).toBe(401);
    expect(takeInvalid()).toEqual([]);
  });
});
