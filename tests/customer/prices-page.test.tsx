import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceList } from '../../src/shared/api';
import { clearSession, setUser } from '../../src/shared/auth';
import { BACKGROUND_ROUTES, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { here, renderApp, settleRouter } from './helpers/renderApp';

const LIST: PriceList = {
  products: [
    {
      id: 1,
      name: 'Business cards',
      description: '85 × 55 mm',
      discount: 10,
      stocks: [
        {
          id: 11,
          name: '350gsm Silk',
          type: 'Silk',
          breaks: [
            { qty: 250, single: 149, double: 198 },
            { qty: 1000, single: 2134, double: 2470 },
          ],
        },
        { id: 12, name: '400gsm', type: 'Matt', breaks: [{ qty: 250, single: 1500, double: 1700 }] },
      ],
    },
    {
      id: 2,
      name: 'A5 flyers',
      description: 'Folded or flat',
      discount: 0,
      stocks: [{ id: 13, name: '130gsm Gloss', type: 'Gloss', breaks: [{ qty: 10000, single: 123456, double: 150000 }] }],
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
      products: Array.from({ length: 200 }, (_, i) => ({
        id: i + 1,
        name: `Product ${i + 1}`,
        description: '',
        discount: 0,
        stocks: Array.from({ length: 6 }, (_, s) => ({
          id: s + 1,
          name: `Paper ${s + 1}`,
          type: '',
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
    api(() => ({ data: { products: [] } }));
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
