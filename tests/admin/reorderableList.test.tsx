import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { dataProvider } from '../../src/admin/dataProvider';
import { ProductList } from '../../src/admin/products/ProductList';
import { StockList } from '../../src/admin/stock/StockList';
import { answerWith, stopAnswering, type FakeAnswer } from './helpers/fakeAdapter';

afterEach(() => stopAnswering());

const stock = (id: number, name: string, sort_order: number) => ({
  id,
  name,
  type: '',
  sheet_cost: '0.0500',
  single_cost: '0.0250',
  double_cost: '0.0450',
  sort_order,
  active: true,
  product_count: 0,
});
const product = (id: number, name: string, sort_order: number) => ({
  id,
  name,
  description: '',
  multiplier: 10,
  weight: 4,
  large_item: false,
  restricted: false,
  sort_order,
  active: true,
  stock_ids: [],
});

/** One resource's list in the printer's order; a reorder puts the posted ids in that order. */
function catalogueApi(resource: string, records: { id: number; name: string }[]) {
  let order = records;
  return answerWith((config): FakeAnswer => {
    const path = new URL(config.url!, 'http://localhost').pathname;
    if (config.method === 'post' && path === `/api/admin/${resource}/reorder`) {
      const ids = (JSON.parse(config.data as string) as { ids: number[] }).ids;
      order = ids.map((id) => records.find((r) => r.id === id)!);
      return { body: '{"ok":true}' };
    }
    if (config.method === 'get' && path === `/api/admin/${resource}`) {
      return { body: JSON.stringify(order), headers: { 'content-range': `${resource} 0-${order.length - 1}/${order.length}` } };
    }
    return { status: 404, body: '{"message":"Not found"}' };
  });
}

function renderList(resource: string, list: React.ReactNode) {
  return render(
    <TestMemoryRouter initialEntries={[`/${resource}`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <ResourceContextProvider value={resource}>{list}</ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.column-name')?.textContent);

describe('the reorderable catalogue lists (stock and products share one)', () => {
  it('moves a stock down through the dataProvider and shows the new order', async () => {
    const user = userEvent.setup();
    const seen = catalogueApi('stock', [stock(1, 'Silk', 1), stock(2, 'Matt', 2), stock(3, 'Gloss', 3)]);
    renderList('stock', <StockList />);
    await user.click(await screen.findByRole('button', { name: 'Move Silk down' }));
    await waitFor(() => expect(names()).toEqual(['Matt', 'Silk', 'Gloss']));
    const post = seen.find((r) => r.method === 'post')!;
    expect(post.url).toBe('/api/admin/stock/reorder');
    expect(JSON.parse(post.data as string)).toEqual({ ids: [2, 1, 3] });
    expect(screen.getByRole('button', { name: 'Move Matt up' })).toBeDisabled(); // first row
  });

  it('moves a product up, on its own resource', async () => {
    const user = userEvent.setup();
    const seen = catalogueApi('products', [product(4, 'Flyers', 1), product(5, 'Posters', 2)]);
    renderList('products', <ProductList />);
    expect(await screen.findByRole('link', { name: 'Add a product' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Move Posters up' }));
    await waitFor(() => expect(names()).toEqual(['Posters', 'Flyers']));
    expect(JSON.parse(seen.find((r) => r.method === 'post')!.data as string)).toEqual({ ids: [5, 4] });
  });
});
