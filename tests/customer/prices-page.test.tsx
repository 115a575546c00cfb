import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceList } from '../../src/shared/api';
import { clearSession, setUser } from '../../src/shared/auth';
import { BACKGROUND_ROUTES, fakeApi, makeUser, stopFakeApi, type Handler } from './helpers/fakeApi';
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
        { id: 11, name: '350gsm Silk', type: 'Silk', breaks: [{ qty: 250, single: 149, double: 198 }, { qty: 1000, single: 2134, double: 2470 }] },
        { id: 12, name: '400gsm Matt', type: 'Matt', breaks: [{ qty: 250, single: 1500, double: 1700 }] },
      ],
    },
    { id: 2, name: 'A5 flyers', description: '', discount: 0, stocks: [{ id: 13, name: '130gsm Gloss', type: 'Gloss', breaks: [{ qty: 10000, single: 123456, double: 150000 }] }] },
  ],
};

const api = (prices: Handler) => fakeApi({ ...BACKGROUND_ROUTES, 'GET /api/prices': prices });
const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent));

beforeAll(() => installDomGaps());
beforeEach(() => {
  clearSession();
  setUser(makeUser());
});
afterEach(() => stopFakeApi());

describe('/prices', () => {
  it('shows every product and paper as a table of quantity, single- and double-sided prices in pounds', async () => {
    api(() => ({ data: LIST }));
    await renderApp('/prices');
    expect(await screen.findByRole('heading', { name: 'Business cards' })).toBeInTheDocument();
    expect(rows(screen.getByRole('table', { name: /350gsm Silk/ }))).toEqual([
      ['250', '£1.49', '£1.98'],
      ['1,000', '£21.34', '£24.70'],
    ]);
    expect(rows(screen.getByRole('table', { name: /130gsm Gloss/ }))).toEqual([['10,000', '£1,234.56', '£1,500.00']]);
    expect(screen.getByText('Includes your 10% discount')).toBeInTheDocument();
    expect(screen.getByText(/exclude VAT/)).toBeInTheDocument();
  });

  it('narrows to one product and one paper, kept in the address', async () => {
    api(() => ({ data: LIST }));
    const { router } = await renderApp('/prices');
    await screen.findByRole('heading', { name: 'Business cards' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'Business cards' }));
    await settleRouter(router);
    expect(here(router)).toBe('/prices?product=1');
    expect(screen.queryByRole('heading', { name: 'A5 flyers' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Paper' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All papers', '350gsm Silk', '400gsm Matt']);
    await user.click(screen.getByRole('option', { name: '400gsm Matt' }));
    await settleRouter(router);
    expect(here(router)).toBe('/prices?product=1&stock=12');
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(screen.getByRole('table', { name: /400gsm Matt/ })).toBeInTheDocument();
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
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Business cards' })).toBeInTheDocument());
  });
});
