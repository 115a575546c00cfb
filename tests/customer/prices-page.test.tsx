import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceList } from '../../src/shared/api';
import { clearSession, setUser } from '../../src/shared/auth';
import { BACKGROUND_ROUTES, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { here, renderApp, settleRouter } from './helpers/renderApp';

const LIST: PriceList = {
  production_start: '2026-11-26',
  cutoff: '12:00',
  products: [
    {
      id: 1,
      name: 'Business cards',
      description: '85 × 55 mm',
      proof_required: false,
      discount: 10,
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
            { qty: 250, single: 149, double: 198 },
            { qty: 1000, single: 2134, double: 2470 },
          ],
        },
        { id: 12, name: '400gsm', type: 'Matt', turnarounds: [], options: [], breaks: [{ qty: 250, single: 1500, double: 1700 }] },
      ],
    },
    {
      id: 2,
      name: 'A5 flyers',
      description: 'Folded or flat',
      proof_required: false,
      discount: 0,
      option_groups: [],
      turnarounds: [],
      stocks: [{ id: 13, name: '130gsm Gloss', type: 'Gloss', turnarounds: [], options: [], breaks: [{ qty: 10000, single: 123456, double: 150000 }] }],
    },
  ],
};

const VAT: Record<string, Handler> = { 'GET /api/settings/VAT_RATE': () => ({ data: { name: 'VAT_RATE', value: '20' } }) };
const api = (prices: Handler, extra: Record<string, Handler> = VAT) => fakeApi({ ...BACKGROUND_ROUTES, ...extra, 'GET /api/prices': prices });
const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'));
/** Rows as [quantity, price, price] with the per-item prices apart: [[qty, single, double], [single each, double each]]. */
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => cells(r).map((c) => c.querySelector('[data-testid="price"]')?.textContent ?? c.textContent));
const eachOf = (table: HTMLElement) =>
  within(table)
    .getAllByTestId('per-item')
    .map((e) => e.textContent);

beforeAll(() => installDomGaps());
beforeEach(() => {
  clearSession();
  setUser(makeUser());
});
afterEach(() => {
  stopFakeApi();
  vi.restoreAllMocks();
});

describe('/prices', () => {
  it('shows one product at a time (the first by default), its papers as tables with the price per item beside each price', async () => {
    api(() => ({ data: LIST }));
    await renderApp('/prices');
    expect(await screen.findByRole('heading', { level: 2, name: 'Business cards' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'A5 flyers' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('table')).toHaveLength(2);
    const silk = screen.getByRole('table', { name: '350gsm Silk' });
    expect(rows(silk)).toEqual([
      ['250', '£1.49', '£1.98'],
      ['1,000', '£21.34', '£24.70'],
    ]);
    // 149 / 250 = 0.596p → 0.60p; 198 / 250 = 0.792p; 2134 / 1000 = 2.134p; 2470 / 1000 = 2.47p
    expect(eachOf(silk)).toEqual(['0.60p each', '0.79p each', '2.13p each', '2.47p each']);
    expect(screen.getByText('Includes your 10% discount')).toBeInTheDocument();
    expect(screen.getByText(/exclude VAT/)).toBeInTheDocument();
  });

  it('names a paper once when its name already holds its type ("350gsm Silk", not "350gsm Silk · Silk")', async () => {
    api(() => ({ data: LIST }));
    await renderApp('/prices');
    await screen.findByRole('heading', { level: 2, name: 'Business cards' });
    expect(screen.getByRole('heading', { level: 3, name: '350gsm Silk' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '400gsm · Matt' })).toBeInTheDocument();
    expect(screen.queryByText(/Silk · Silk/)).not.toBeInTheDocument();
  });

  it('links to every product; following one shows it alone and is a history entry (Back returns)', async () => {
    api(() => ({ data: LIST }));
    const { router } = await renderApp('/prices');
    const nav = await screen.findByRole('navigation', { name: 'Products' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Business cards', '/prices?product=1'],
      ['A5 flyers', '/prices?product=2'],
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(links[1]);
    await settleRouter(router);
    expect(here(router)).toBe('/prices?product=2');
    expect(screen.getByRole('heading', { level: 2, name: 'A5 flyers' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Business cards' })).not.toBeInTheDocument();
    expect(rows(screen.getByRole('table', { name: '130gsm Gloss' }))).toEqual([['10,000', '£1,234.56', '£1,500.00']]);
    await act(() => router.navigate(-1));
    await settleRouter(router);
    expect(here(router)).toBe('/prices');
    expect(screen.getByRole('heading', { level: 2, name: 'Business cards' })).toBeInTheDocument();
  });

  it('the product and paper selects push history entries, and Back restores the previous filter', async () => {
    api(() => ({ data: LIST }));
    const { router } = await renderApp('/prices?product=2');
    await screen.findByRole('heading', { level: 2, name: 'A5 flyers' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Product' }), { target: { value: '1' } });
    await settleRouter(router);
    expect(here(router)).toBe('/prices?product=1');
    const paper = screen.getByRole('combobox', { name: 'Paper' });
    expect(
      within(paper)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All papers', '350gsm Silk', '400gsm · Matt']);
    fireEvent.change(paper, { target: { value: '12' } });
    await settleRouter(router);
    expect(here(router)).toBe('/prices?product=1&stock=12');
    expect(screen.getAllByRole('table')).toHaveLength(1);
    await act(() => router.navigate(-1));
    await settleRouter(router);
    expect(here(router)).toBe('/prices?product=1');
    expect(screen.getAllByRole('table')).toHaveLength(2);
    await act(() => router.navigate(-1));
    await settleRouter(router);
    expect(here(router)).toBe('/prices?product=2');
    expect(screen.getByRole('heading', { level: 2, name: 'A5 flyers' })).toBeInTheDocument();
  });

  it('the search narrows the products (one history entry for one search) and shows the first match', async () => {
    api(() => ({ data: LIST }));
    const { router } = await renderApp('/prices');
    await screen.findByRole('heading', { level: 2, name: 'Business cards' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'flyer');
    await waitFor(() => expect(here(router)).toBe('/prices?q=flyer'));
    await settleRouter(router);
    expect(screen.getByRole('heading', { level: 2, name: 'A5 flyers' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Products' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['A5 flyers']);
    await act(() => router.navigate(-1));
    await settleRouter(router);
    expect(here(router)).toBe('/prices');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    expect(screen.getByRole('heading', { level: 2, name: 'Business cards' })).toBeInTheDocument();
  });

  it('"inc. VAT" adds VAT at the VAT_RATE setting, to the penny, and is kept in the address', async () => {
    api(() => ({ data: LIST }));
    const { router } = await renderApp('/prices');
    await screen.findByRole('heading', { level: 2, name: 'Business cards' });
    await userEvent.setup().click(screen.getByRole('switch', { name: 'inc. VAT' }));
    await settleRouter(router);
    expect(here(router)).toBe('/prices?vat=1');
    // 149 + 29.8 → 179; 198 + 39.6 → 238; 2134 + 426.8 → 2561; 2470 + 494 → 2964
    const silk = screen.getByRole('table', { name: '350gsm Silk' });
    expect(rows(silk)).toEqual([
      ['250', '£1.79', '£2.38'],
      ['1,000', '£25.61', '£29.64'],
    ]);
    expect(eachOf(silk)[0]).toBe('0.72p each'); // 179 / 250 = 0.716p
    expect(screen.getByText(/include VAT at 20%/)).toBeInTheDocument();
    await act(() => router.navigate(-1));
    await settleRouter(router);
    expect(rows(screen.getByRole('table', { name: '350gsm Silk' }))[0]).toEqual(['250', '£1.49', '£1.98']);
  });

  it('without a readable VAT_RATE there is no switch, and the prices show without VAT', async () => {
    api(() => ({ data: LIST }), {}); // VAT_RATE: 404
    await renderApp('/prices?vat=1');
    await screen.findByRole('heading', { level: 2, name: 'Business cards' });
    expect(screen.queryByRole('switch', { name: 'inc. VAT' })).not.toBeInTheDocument();
    expect(rows(screen.getByRole('table', { name: '350gsm Silk' }))[0]).toEqual(['250', '£1.49', '£1.98']);
  });

  it('renders only the chosen product of a 200-product catalogue', async () => {
    const big: PriceList = {
      production_start: '2026-11-26',
      cutoff: '12:00',
      products: Array.from({ length: 200 }, (_, i) => ({
        id: i + 1,
        name: `Product ${i + 1}`,
        description: '',
        proof_required: false,
        discount: 0,
        option_groups: [],
        turnarounds: [],
        stocks: Array.from({ length: 6 }, (_, s) => ({
          id: s + 1,
          name: `Paper ${s + 1}`,
          type: '',
          turnarounds: [],
          options: [],
          breaks: Array.from({ length: 12 }, (_, b) => ({ qty: (b + 1) * 250, single: 1000 + b, double: 2000 + b })),
        })),
      })),
    };
    api(() => ({ data: big }));
    // One product's tables on the page, not the catalogue's (how fast the page shows is the `lighthouse` bench's).
    await renderApp('/prices');
    await screen.findByRole('heading', { level: 2, name: 'Product 1' });
    expect(screen.getAllByRole('table')).toHaveLength(6);
    expect(document.querySelectorAll('td').length).toBe(6 * 12 * 2);
    expect(within(screen.getByRole('navigation', { name: 'Products' })).getAllByRole('link')).toHaveLength(200);
  });

  it('downloads the whole price list as CSV, built in the browser', async () => {
    api(() => ({ data: LIST }));
    await renderApp('/prices');
    await screen.findByRole('heading', { level: 2, name: 'Business cards' });
    let blob: Blob | null = null;
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:prices';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(clicked).toEqual([expect.stringMatching(/^prices-\d{4}-\d{2}-\d{2}\.csv$/)]);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob as unknown as Blob);
    });
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(1 + 4);
    expect(lines[1]).toBe('Business cards,350gsm Silk,250,1.49,1.98,0.0060,0.0079,1.79,2.38,10');
    expect(lines[4]).toBe('A5 flyers,130gsm Gloss,10000,1234.56,1500.00,0.1235,0.1500,1481.47,1800.00,0');
  });

  it('offers a printable view', async () => {
    api(() => ({ data: LIST }));
    await renderApp('/prices');
    await screen.findByRole('heading', { level: 2, name: 'Business cards' });
    const print = vi.fn();
    window.print = print;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says so when there are no prices yet', async () => {
    api(() => ({ data: { production_start: '2026-11-26', cutoff: '12:00', products: [] } }));
    await renderApp('/prices');
    expect(await screen.findByText('No prices to show yet')).toBeInTheDocument();
  });

  it('shows loading, then an error with a way to try again', async () => {
    let calls = 0;
    api(() => (++calls === 1 ? { status: 403, data: { message: 'No' } } : { data: LIST }));
    await renderApp('/prices');
    expect(await screen.findByText('Your prices could not be loaded just now.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Business cards' })).toBeInTheDocument());
  });
});

describe('/prices: the grid of quantities × turnarounds', () => {
  const turnaround = (id: number, name: string, days: number, percent: number, extra: Partial<PriceList['products'][number]['turnarounds'][number]> = {}) => ({
    id,
    name,
    production_days: days,
    price_percent: percent,
    is_default: false,
    offered: true,
    dispatch_date: '2026-12-04',
    ...extra,
  });
  const GRID: PriceList = {
    production_start: '2026-12-02',
    cutoff: '12:00',
    products: [
      {
        id: 1,
        name: 'Business cards',
        description: '',
        proof_required: false,
        discount: 0,
        option_groups: [
          {
            id: 7,
            name: 'Lamination',
            required: false,
            options: [
              { id: 71, name: 'Matt', production_days: 1, setup_charge: false },
              { id: 72, name: 'Gloss', production_days: 0, setup_charge: true },
            ],
          },
        ],
        turnarounds: [
          turnaround(2, 'Standard', 2, 0, { is_default: true }),
          turnaround(3, 'Express', 1, 35, { dispatch_date: '2026-12-03' }),
          turnaround(4, 'Same day', 0, 100, { offered: false, dispatch_date: '2026-12-03' }),
        ],
        stocks: [
          {
            id: 11,
            name: '350gsm Silk',
            type: 'Silk',
            breaks: [
              { qty: 250, single: 165, double: 220 },
              { qty: 1000, single: 450, double: 600 },
            ],
            turnarounds: [
              { id: 3, single: [223, 608], double: [297, 810] },
              { id: 4, single: [330, 900], double: [440, 1200] },
            ],
            options: [
              { id: 71, adds: [352, 1040] },
              { id: 72, adds: [5264, 5750] },
            ],
          },
        ],
      },
    ],
  };
  const gridApi = (baskets: unknown[]) =>
    api(() => ({ data: GRID }), { ...VAT, 'GET /api/orders': () => ({ data: { data: baskets, total: baskets.length, page: 1, per_page: 1 } }) });

  it('shows each turnaround with its dispatch date over its single- and double-sided prices, and what each finish adds in words', async () => {
    gridApi([]);
    await renderApp('/prices');
    const grid = await screen.findByRole('table', { name: '350gsm Silk' });
    const groups = within(grid)
      .getAllByRole('columnheader')
      .filter((h) => h.getAttribute('scope') === 'colgroup')
      .map((h) => h.textContent);
    expect(groups).toEqual(['StandardDispatch Fri 4 Dec', 'Express +35%Dispatch Thu 3 Dec', 'Same day +100%Order by 12:00 on a working day']);
    // Below the turnarounds' row: one of quantity, then Single and Double under each turnaround.
    expect(rows(grid).slice(1)).toEqual([
      ['250', '£1.65', '£2.20', '£2.23', '£2.97', '£3.30', '£4.40'],
      ['1,000', '£4.50', '£6.00', '£6.08', '£8.10', '£9.00', '£12.00'],
    ]);
    // Same day cannot be chosen now: its prices are shown but are not links. The others all are.
    expect(within(grid).getAllByRole('link')).toHaveLength(8);
    expect(within(grid).queryByRole('link', { name: /Same day/ })).not.toBeInTheDocument();
    const notes = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(notes).toContain('Lamination: Matt adds £3.52 to 250 (1.41p each) and £10.40 to 1,000 (1.04p each); 1 extra working day.');
    expect(notes).toContain(
      'Lamination: Gloss adds £52.64 to 250 (21.06p each) and £57.50 to 1,000 (5.75p each), a set-up charge included (so it costs more per item on small runs).',
    );
    expect(screen.getByText(/Finishes are not included in the prices above\. Each adds, at single-sided Standard prices/)).toBeInTheDocument();
  });

  it('a price opens the items step of the newest basket with that item filled in (click-to-order)', async () => {
    gridApi([{ id: 5, ref: 'Spring fair' }]);
    const { router } = await renderApp('/prices');
    const grid = await screen.findByRole('table', { name: '350gsm Silk' });
    expect(await screen.findByText(/Choose a price to add it to your basket “Spring fair”/)).toBeInTheDocument();
    const express = within(grid).getByRole('link', { name: '£8.10, 0.81p each: order 1,000 double-sided, Express' });
    await userEvent.setup().click(express);
    await settleRouter(router);
    expect(here(router)).toBe('/create/5?product=1&stock=11&qty=1000&sides=double&turnaround=3');
  });

  it('with no basket, a price starts an order with the item carried along', async () => {
    gridApi([]);
    await renderApp('/prices');
    const grid = await screen.findByRole('table', { name: '350gsm Silk' });
    expect(screen.getByText(/Choose a price to start an order with it/)).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: '£1.65, 0.66p each: order 250 single-sided, Standard' })).toHaveAttribute(
      'href',
      '/create?product=1&stock=11&qty=250&sides=single&turnaround=2',
    );
  });
});
