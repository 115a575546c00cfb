import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item, Order } from '../../src/shared/api/orders';
import type { OrderableProduct, PriceList } from '../../src/shared/api/prices';
import { clearSession, setUser } from '../../src/shared/auth';
import { queryClient } from '../../src/customer/api/queryClient';
import { BACKGROUND_ROUTES, bodyOf, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { makeItem, makeOrder } from './helpers/orders';
import { here, renderApp } from './helpers/renderApp';

const PRICES: PriceList = {
  production_start: '2026-11-26',
  cutoff: '12:00',
  products: [
    {
      id: 1,
      name: 'Business cards',
      description: '',
      proof_required: false,
      discount: 0,
      option_groups: [],
      turnarounds: [],
      stocks: [
        {
          id: 11,
          name: '350gsm Silk',
          type: 'Silk',
          turnarounds: [],
          options: [],
          breaks: [
            { qty: 250, single: 1490, double: 1980 },
            { qty: 500, single: 2134, double: 2470 },
          ],
        },
        { id: 12, name: '400gsm Matt', type: 'Matt', turnarounds: [], options: [], breaks: [{ qty: 250, single: 1500, double: 1700 }] },
      ],
    },
  ],
};
const PRODUCTS: OrderableProduct[] = [
  {
    id: 1,
    name: 'Business cards',
    description: '',
    weight: 2,
    large_item: false,
    proof_required: false,
    option_groups: [],
    turnarounds: [],
    stocks: [
      { id: 11, name: '350gsm Silk', type: 'Silk', quantities: [250, 500] },
      { id: 12, name: '400gsm Matt', type: 'Matt', quantities: [250] },
    ],
  },
];

const DELIVERY = [
  {
    id: 3,
    code: 'TPN',
    name: 'Tracked 24',
    carrier: 'royalmail',
    price: 500,
    transit_days: 1,
    dispatch_date: '2026-11-24',
    delivery_date: '2026-11-25',
    confirm_by: '12:00',
  },
];

function routes(order: () => Order, extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...BACKGROUND_ROUTES,
    'GET /api/prices': () => ({ data: PRICES }),
    'GET /api/products': () => ({ data: PRODUCTS }),
    'GET /api/orders/5': () => ({ data: order() }),
    'GET /api/orders/5/delivery-options': () => ({ data: DELIVERY }),
    'GET /api/orders/counts': () => ({ data: { basket: 1, live: 0, printing: 0, problem: 0, dispatched: 0, cancelled: 0 } }),
    ...extra,
  };
}

beforeAll(() => installDomGaps());
beforeEach(() => {
  clearSession();
  setUser(makeUser());
  queryClient.clear();
});
afterEach(() => {
  stopFakeApi();
  vi.restoreAllMocks();
});

describe('/create/{id}', { timeout: 30_000 }, () => {
  it('shows the price live as the paper, quantity and sides change', async () => {
    fakeApi(routes(() => makeOrder({ items: [] })));
    await renderApp('/create/5');
    const price = await screen.findByTestId('live-price');
    await waitFor(() => expect(price).toHaveTextContent('£14.90'));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Quantity'), '500');
    expect(price).toHaveTextContent('£21.34');
    // The price of one, as the price list writes it (4.268p): not "4.3p".
    expect(screen.getByTestId('per-item')).toHaveTextContent('4.27p each');
    await user.click(screen.getByLabelText('Double-sided'));
    expect(price).toHaveTextContent('£24.70');
    await user.selectOptions(screen.getByLabelText('Paper'), '12');
    // 500 is not a break of the Matt: the first break is chosen.
    expect(screen.getByLabelText('Quantity')).toHaveValue('250');
    expect(price).toHaveTextContent('£17.00');
  });

  it('keeps Confirm disabled until the warnings are accepted, then sends the acceptance', async () => {
    let item = makeItem();
    const order = () =>
      makeOrder({ items: [item], blockers: item.warnings_accepted ? [] : ['Item 1: tick "I accept these warnings" for its artwork, or replace it.'] });
    const requests = fakeApi(
      routes(order, {
        'PATCH /api/orders/5/items/31': (request) => {
          item = { ...item, ...(bodyOf(request) as Partial<Item>) };
          return { data: item };
        },
      }),
    );
    await renderApp('/create/5');
    const confirm = await screen.findByRole('button', { name: /^Confirm order/ });
    expect(confirm).toBeDisabled();
    expect(await screen.findByText('Confirm by 12:00 today: dispatch Tue 24 Nov, estimated delivery Wed 25 Nov')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Before you confirm' })).getByText(/accept these warnings/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByLabelText('I accept these warnings'));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Confirm order/ })).toBeEnabled());
    expect(bodyOf(requests.find((r) => r.method === 'patch')!)).toEqual({ warnings_accepted: true });
  });

  it('reuses the Idempotency-Key for a retry after a network error, and lands on the order', async () => {
    let calls = 0;
    const requests = fakeApi(
      routes(() => makeOrder({ items: [makeItem({ warnings_accepted: true })] }), {
        'POST /api/orders/5/confirm': () => {
          calls += 1;
          return calls === 1
            ? { network: true }
            : {
                data: makeOrder({
                  status: 'live',
                  items: [makeItem({ warnings_accepted: true })],
                  events: [{ from: 'basket', to: 'live', note: '', actor: 'customer', at: '2026-11-23T09:10:00.000Z' }],
                }),
              };
        },
      }),
    );
    const { router } = await renderApp('/create/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Confirm order/ }));
    expect(await screen.findByText(/could not reach the server/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Confirm order/ }));
    await waitFor(() => expect(here(router)).toBe('/orders/5'));
    const keys = requests.filter((r) => r.url?.endsWith('/confirm')).map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('changes the reference and delivery address in a dialog, with the server’s refusals beside the fields', async () => {
    let order = makeOrder();
    let patches = 0;
    const requests = fakeApi(
      routes(() => order, {
        'PATCH /api/orders/5': (request) => {
          patches += 1;
          const body = bodyOf(request) as { ref: string; address: Order['address'] };
          if (patches === 1)
            return { status: 422, data: { message: 'Please correct the highlighted fields', errors: { 'address.postcode': 'Enter a full UK postcode' } } };
          order = { ...order, ref: body.ref, address: body.address };
          return { data: order };
        },
      }),
    );
    await renderApp('/create/5');
    const user = userEvent.setup();
    expect(await screen.findByTestId('basket-address')).toHaveTextContent('Jo Bloggs, 1 High St, Leeds, LS1 1AA, United Kingdom');
    await user.click(screen.getByRole('button', { name: 'Change the reference or delivery address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reference and delivery address' });
    const reference = within(dialog).getByLabelText('Your reference');
    expect(reference).toHaveValue('Cards');
    await user.clear(reference);
    await user.type(reference, 'Job 42');
    const town = within(dialog).getByLabelText(/^Town or city/);
    await user.clear(town);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Checked in the browser first: nothing is sent without a town.
    expect(await within(dialog).findByText(/Town.*required/i)).toBeInTheDocument();
    expect(patches).toBe(0);
    await user.type(town, 'York');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a full UK postcode')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Postcode/)).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('basket-address')).toHaveTextContent('Jo Bloggs, 1 High St, York, LS1 1AA, United Kingdom');
    expect(screen.getByText('Job 42')).toBeInTheDocument();
    const sent = bodyOf(requests.filter((r) => r.method === 'patch').at(-1)!) as { ref: string; address: Record<string, unknown>; blind_dispatch: boolean };
    // The basket's blind dispatch goes back as it was (not ticked here).
    expect(sent).toEqual({ ref: 'Job 42', address: { ...makeOrder().address, town: 'York' }, blind_dispatch: false });
  });

  it('downloads the uploaded PDF under its own name, and says so when it cannot', async () => {
    let served = 0;
    const requests = fakeApi(
      routes(() => makeOrder(), {
        'GET /api/orders/5/items/31/artwork': () =>
          ++served === 1 ? { status: 404, data: { message: 'No such file.' } } : { data: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) },
      }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await renderApp('/create/5');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'card.pdf (2 KB), download' });
    expect(button).toHaveTextContent('card.pdf (2 KB)');
    await user.click(button);
    expect(await screen.findByText('The file could not be downloaded. Please try again.')).toBeInTheDocument();
    await user.click(button);
    await waitFor(() => expect(clicked).toEqual(['card.pdf']));
    expect(screen.queryByText('The file could not be downloaded. Please try again.')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url?.endsWith('/items/31/artwork')).map((r) => r.responseType)).toEqual(['blob', 'blob']);
  });

  it('shows a new upload from the item the server answers, without fetching the order again', async () => {
    const answered = makeItem({
      artwork: {
        name: 'new card.pdf',
        size: 4096,
        uploaded_at: '2026-11-23T09:30:00.000Z',
        preflight: { status: 'pending', checks: [] },
        preview: false,
        preview_pages: 0,
      },
    });
    let uploaded = false;
    const requests = fakeApi(
      routes(() => makeOrder(), {
        // Once the file is sent, the order cannot be read at all: what the page shows comes from the upload's answer.
        'GET /api/orders/5': () => (uploaded ? new Promise<never>(() => {}) : { data: makeOrder() }),
        'POST /api/orders/5/items/31/artwork': () => {
          uploaded = true;
          return { data: answered };
        },
      }),
    );
    await renderApp('/create/5');
    expect(await screen.findByRole('button', { name: 'card.pdf (2 KB), download' })).toBeInTheDocument();
    const pdf = new File(['%PDF-1.7'], 'new card.pdf', { type: 'application/pdf' });
    await userEvent.setup().upload(screen.getByLabelText('Replace artwork for Business cards'), pdf);
    expect(await screen.findByRole('button', { name: 'new card.pdf (4 KB), download' })).toBeInTheDocument();
    expect(screen.getByText('Checking your artwork… this takes a few seconds.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'card.pdf (2 KB), download' })).not.toBeInTheDocument();
    const sent = requests.find((r) => r.method === 'post')!;
    expect((sent.data as FormData).get('file')).toMatchObject({ name: 'new card.pdf' });
  });

  it('makes a new Idempotency-Key after the server refused the attempt', async () => {
    let calls = 0;
    const requests = fakeApi(
      routes(() => makeOrder({ items: [makeItem({ warnings_accepted: true })] }), {
        'POST /api/orders/5/confirm': () => {
          calls += 1;
          return { status: 422, data: { message: 'This order cannot be confirmed yet', errors: { 'items.31': 'Item 1: its artwork failed a check.' } } };
        },
      }),
    );
    await renderApp('/create/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Confirm order/ }));
    expect(await screen.findByText('Item 1: its artwork failed a check.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Confirm order/ }));
    await waitFor(() => expect(calls).toBe(2));
    const keys = requests.filter((r) => r.url?.endsWith('/confirm')).map((r) => r.headers['Idempotency-Key']);
    expect(keys[1]).not.toBe(keys[0]);
  });
});

describe('/create/{id} from the price list', { timeout: 30_000 }, () => {
  const TURNAROUNDS: OrderableProduct['turnarounds'] = [
    { id: 2, name: 'Standard', production_days: 2, price_percent: 0, is_default: true, offered: true, dispatch_date: '2026-12-04' },
    { id: 3, name: 'Express', production_days: 1, price_percent: 35, is_default: false, offered: true, dispatch_date: '2026-12-03' },
    { id: 4, name: 'Same day', production_days: 0, price_percent: 80, is_default: false, offered: false, dispatch_date: '2026-12-02' },
  ];
  const GROUPS: OrderableProduct['option_groups'] = [
    {
      id: 8,
      name: 'Lamination',
      required: false,
      options: [
        { id: 81, name: 'Matt', production_days: 1, setup_charge: false },
        { id: 82, name: 'Soft-touch', production_days: 2, setup_charge: false },
      ],
    },
    { id: 9, name: 'Corners', required: true, options: [{ id: 91, name: 'Square', production_days: 0, setup_charge: false }] },
  ];
  const WITH_CHOICES: OrderableProduct[] = PRODUCTS.map((p) => ({ ...p, option_groups: GROUPS, turnarounds: TURNAROUNDS }));
  const silk = PRICES.products[0].stocks[0];
  const PRICED: PriceList = {
    ...PRICES,
    products: [
      {
        ...PRICES.products[0],
        option_groups: GROUPS,
        turnarounds: TURNAROUNDS,
        stocks: [
          {
            ...silk,
            turnarounds: [
              { id: 3, single: [2012, 2881], double: [2673, 3335] },
              { id: 4, single: [2682, 3841], double: [3564, 4446] },
            ],
            options: [
              { id: 81, adds: [200, 300] },
              { id: 82, adds: [500, 700] },
              { id: 91, adds: [0, 0] },
            ],
          },
          PRICES.products[0].stocks[1],
        ],
      },
    ],
  };

  it('fills in the new item and its turnaround from the address, and starts afresh once it is added', async () => {
    const requests = fakeApi(
      routes(() => makeOrder({ items: [] }), {
        'GET /api/prices': () => ({ data: PRICED }),
        'GET /api/products': () => ({ data: WITH_CHOICES }),
        'POST /api/orders/5/items': () => ({ status: 201, data: makeItem({ id: 40, qty: 500, sides: 'double', price: 3335 }) }),
      }),
    );
    const { router } = await renderApp('/create/5?product=1&stock=11&qty=500&sides=double&turnaround=3');
    const price = await screen.findByTestId('live-price');
    // Express's price on the grid, exact: no option is chosen (Square corners add nothing).
    await waitFor(() => expect(price).toHaveTextContent('£33.35'));
    expect(screen.getByLabelText('Quantity')).toHaveValue('500');
    expect(screen.getByLabelText('Double-sided')).toBeChecked();
    expect(screen.getByRole('radio', { name: /Express/ })).toBeChecked();
    expect(screen.getByTestId('live-dispatch')).toHaveTextContent('Dispatch Thu 3 Dec');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to basket' }));
    await waitFor(() => expect(here(router)).toBe('/create/5'));
    expect(bodyOf(requests.find((r) => r.method === 'post')!)).toMatchObject({
      product_id: 1,
      stock_id: 11,
      qty: 500,
      sides: 'double',
      option_ids: [91],
      turnaround_id: 3,
    });
    await waitFor(() => expect(screen.getByLabelText('Quantity')).toHaveValue('250'));
    expect(screen.getByRole('radio', { name: /Standard/ })).toBeChecked();
  });

  it('prices the options and turnaround live from the price list, and dates them', async () => {
    const requests = fakeApi(
      routes(() => makeOrder({ items: [] }), {
        'GET /api/prices': () => ({ data: PRICED }),
        'GET /api/products': () => ({ data: WITH_CHOICES }),
        'POST /api/orders/5/items': () => ({ status: 201, data: makeItem({ id: 41 }) }),
      }),
    );
    await renderApp('/create/5');
    const price = await screen.findByTestId('live-price');
    await waitFor(() => expect(price).toHaveTextContent('£14.90'));
    const user = userEvent.setup();
    const before = requests.length;
    await user.selectOptions(screen.getByLabelText('Lamination'), '81');
    // 1490 + 200 for Matt at Standard; Matt adds a working day to Standard's dispatch (Friday 4th → Monday 7th).
    expect(price).toHaveTextContent('about £16.90');
    expect(screen.getByTestId('live-dispatch')).toHaveTextContent('Dispatch Mon 7 Dec');
    await user.click(screen.getByRole('radio', { name: /Express/ }));
    // Express on the grid (2012) plus Matt's 200 at Express's rate (270).
    expect(price).toHaveTextContent('about £22.82');
    expect(screen.getByTestId('live-dispatch')).toHaveTextContent('Dispatch Fri 4 Dec');
    // Same day is not offered now: shown, not choosable.
    expect(screen.getByRole('radio', { name: /Same day/ })).toBeDisabled();
    // No request per change: only the add below goes to the server.
    expect(requests.length).toBe(before);
    await user.click(screen.getByRole('button', { name: 'Add to basket' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'post')).toBe(true));
    expect(bodyOf(requests.find((r) => r.method === 'post')!)).toMatchObject({ option_ids: [91, 81], turnaround_id: 3 });
  });

  it('shows the server’s refusal of an option beside the options', async () => {
    fakeApi(
      routes(() => makeOrder({ items: [] }), {
        'GET /api/prices': () => ({ data: PRICED }),
        'GET /api/products': () => ({ data: WITH_CHOICES }),
        'POST /api/orders/5/items': () => ({
          status: 422,
          data: { message: 'Invalid', errors: { option_ids: 'Lamination: Matt is no longer offered; choose another.' } },
        }),
      }),
    );
    await renderApp('/create/5');
    await screen.findByTestId('live-price');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Lamination'), '81');
    await user.click(screen.getByRole('button', { name: 'Add to basket' }));
    expect(await screen.findByTestId('option-error')).toHaveTextContent('Lamination: Matt is no longer offered; choose another.');
  });

  describe('the proof', () => {
    const REQUIRED: OrderableProduct = { ...PRODUCTS[0], id: 2, name: 'Wedding cards', proof_required: true };
    const PRICES_WITH_REQUIRED: PriceList = {
      ...PRICES,
      products: [...PRICES.products, { ...PRICES.products[0], id: 2, name: 'Wedding cards', proof_required: true }],
    };
    const proofPrice = (value: string): Record<string, Handler> => ({
      'GET /api/settings/PROOF_PRICE': () => ({ data: { name: 'PROOF_PRICE', value } }),
      'GET /api/products': () => ({ data: [...PRODUCTS, REQUIRED] }),
      'GET /api/prices': () => ({ data: PRICES_WITH_REQUIRED }),
    });

    it('is asked for with a checkbox that names its price, adds it to the live price and sends the wish', async () => {
      let sent: unknown = null;
      fakeApi(
        routes(() => makeOrder({ items: [] }), {
          ...proofPrice('5.00'),
          'POST /api/orders/5/items': (request) => {
            sent = bodyOf(request);
            return { status: 201, data: makeItem({ proof_requested: true, proof_price: 500, price: 1990 }) };
          },
        }),
      );
      await renderApp('/create/5');
      const price = await screen.findByTestId('live-price');
      await waitFor(() => expect(price).toHaveTextContent('£14.90'));
      await waitFor(() => expect(screen.getByRole('checkbox', { name: /Send me a proof before printing — £5\.00/ })).toBeInTheDocument());
      const box = screen.getByRole('checkbox', { name: /Send me a proof before printing — £5\.00/ });
      expect(box).not.toBeChecked();
      expect(box).toBeEnabled();
      expect(box).toHaveAccessibleDescription(/we print only once you have approved it/);
      const user = userEvent.setup();
      await user.click(box);
      expect(box).toBeChecked();
      expect(price).toHaveTextContent('£19.90');
      expect(screen.getByTestId('includes-proof')).toHaveTextContent('Includes proof £5.00');
      await user.click(screen.getByRole('button', { name: 'Add to basket' }));
      await waitFor(() => expect(sent).toMatchObject({ product_id: 1, proof_requested: true }));
    });

    it('says "free" when proofs cost nothing, and links the templates of the product chosen', async () => {
      fakeApi(routes(() => makeOrder({ items: [] }), proofPrice('0.00')));
      await renderApp('/create/5');
      await screen.findByTestId('live-price');
      await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Send me a proof before printing — free' })).toBeInTheDocument());
      const form = screen.getByRole('button', { name: 'Add to basket' }).closest('form')!;
      expect(within(form).getByRole('link', { name: 'Business cards template, landscape (PDF)' })).toHaveAttribute(
        'href',
        '/api/products/1/template.pdf?orientation=landscape',
      );
      expect(within(form).getByRole('link', { name: 'Business cards template, portrait (PDF)' })).toHaveAttribute(
        'href',
        '/api/products/1/template.pdf?orientation=portrait',
      );
    });

    it('is ticked and fixed, with the reason, for a product that requires one', async () => {
      fakeApi(routes(() => makeOrder({ items: [] }), proofPrice('5.00')));
      await renderApp('/create/5');
      const price = await screen.findByTestId('live-price');
      await waitFor(() => expect(price).toHaveTextContent('£14.90'));
      const user = userEvent.setup();
      await user.selectOptions(screen.getByLabelText('Product'), '2');
      const box = screen.getByRole('checkbox', { name: /Send me a proof before printing/ });
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
      expect(box).toHaveAccessibleDescription('Wedding cards always come with a proof: we print only once you have approved it.');
      expect(price).toHaveTextContent('£19.90');
    });

    it('shows the server’s refusal beside the checkbox', async () => {
      fakeApi(
        routes(() => makeOrder({ items: [] }), {
          ...proofPrice('0'),
          'POST /api/orders/5/items': () => ({
            status: 422,
            data: {
              message: 'Invalid',
              errors: { proof_requested: 'This product always comes with a proof to approve before printing: it cannot be turned off.' },
            },
          }),
        }),
      );
      await renderApp('/create/5');
      await screen.findByTestId('live-price');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Add to basket' }));
      const box = screen.getByRole('checkbox', { name: /Send me a proof before printing/ });
      await waitFor(() => expect(box).toHaveAccessibleDescription(/always comes with a proof to approve before printing: it cannot be turned off/));
    });

    it('says on a basket’s item what its proof costs', async () => {
      fakeApi(routes(() => makeOrder({ items: [makeItem({ proof_requested: true, proof_price: 500, price: 1990 })] }), proofPrice('5.00')));
      await renderApp('/create/5');
      expect(await screen.findByTestId('item-proof')).toHaveTextContent('includes proof £5.00');
    });
  });

  it('ignores an item the customer cannot order, and starts the form as usual', async () => {
    fakeApi(routes(() => makeOrder({ items: [] })));
    await renderApp('/create/5?product=1&stock=11&qty=333&sides=double');
    const price = await screen.findByTestId('live-price');
    await waitFor(() => expect(price).toHaveTextContent('£14.90'));
    expect(screen.getByLabelText('Single-sided')).toBeChecked();
  });
});

describe('/create/{id} for a buyer with an approval limit', { timeout: 30_000 }, () => {
  const members = (companyLimit: number | null) => () => ({
    data: { company: { id: 7, name: 'Bloggs Design', approval_limit: companyLimit }, your_role: 'buyer', members: [], invitations: [] },
  });

  it('above their own limit, says the order will wait for an owner and offers to send it for approval', async () => {
    setUser(makeUser({ company_role: 'buyer', approval_limit: 1000 }));
    fakeApi(routes(() => makeOrder()));
    await renderApp('/create/5');
    const notice = await screen.findByTestId('approval-notice', {}, { timeout: 10_000 });
    expect(notice).toHaveTextContent('£19.90 before VAT is above your approval limit of £10.00');
    expect(notice).toHaveTextContent('an owner of your company');
    expect(screen.getByRole('button', { name: 'Send for approval — £23.88' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Confirm order/ })).not.toBeInTheDocument();
  });

  it('without a limit of their own, goes by the company’s: under it, a plain confirmation', async () => {
    setUser(makeUser({ company_role: 'buyer', approval_limit: null }));
    const requests = fakeApi(routes(() => makeOrder(), { 'GET /api/company/members': members(5000) }));
    await renderApp('/create/5');
    await screen.findByRole('button', { name: 'Confirm order — £23.88' }, { timeout: 10_000 });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/company/members')).toBe(true));
    expect(screen.queryByTestId('approval-notice')).not.toBeInTheDocument();
  });

  it('without a limit of their own, above the company’s: it waits', async () => {
    setUser(makeUser({ company_role: 'buyer', approval_limit: null }));
    fakeApi(routes(() => makeOrder(), { 'GET /api/company/members': members(1500) }));
    await renderApp('/create/5');
    expect(await screen.findByTestId('approval-notice', {}, { timeout: 10_000 })).toHaveTextContent('above your approval limit of £15.00');
    expect(screen.getByRole('button', { name: 'Send for approval — £23.88' })).toBeInTheDocument();
  });

  it('an owner never waits, and the company is not asked', async () => {
    const requests = fakeApi(routes(() => makeOrder()));
    await renderApp('/create/5');
    await screen.findByRole('button', { name: 'Confirm order — £23.88' }, { timeout: 10_000 });
    expect(requests.some((r) => r.url === '/api/company/members')).toBe(false);
  });
});

describe('/create/{id} of a basket an owner declined', { timeout: 30_000 }, () => {
  const at = '2026-11-23T09:00:00.000Z';
  const sent = {
    from: 'basket' as const,
    to: 'basket' as const,
    actor: 'customer' as const,
    at,
    note: 'Sent for approval by Jo Bloggs: £19.90 before VAT is above the approval limit of £10.00',
  };
  const declined = { ...sent, note: 'Declined by Sam Owner: Order 250, not 500' };

  it('says who declined it and why, until it is sent again', async () => {
    setUser(makeUser({ company_role: 'buyer', approval_limit: 1000 }));
    fakeApi(routes(() => makeOrder({ events: [sent, declined] })));
    await renderApp('/create/5');
    const notice = await screen.findByTestId('declined-notice', {}, { timeout: 10_000 });
    expect(notice).toHaveTextContent('Declined by Sam Owner: Order 250, not 500');
    expect(notice).toHaveTextContent('Declined by Sam Owner: Order 250, not 500. Change it and send it again, or discard it.');
  });

  it('ends a reason that ends a sentence of its own with one full stop', async () => {
    fakeApi(routes(() => makeOrder({ events: [sent, { ...declined, note: 'Declined by Sam Owner: Order 250, not 500.' }] })));
    await renderApp('/create/5');
    expect(await screen.findByTestId('declined-notice', {}, { timeout: 10_000 })).toHaveTextContent(/not 500\. Change it/);
  });

  it('says nothing of a decline once the basket was sent again since', async () => {
    setUser(makeUser({ company_role: 'buyer', approval_limit: 1000 }));
    fakeApi(routes(() => makeOrder({ events: [sent, declined, sent] })));
    await renderApp('/create/5');
    await screen.findByRole('button', { name: /^Send for approval/ }, { timeout: 10_000 });
    expect(screen.queryByTestId('declined-notice')).not.toBeInTheDocument();
  });
});
