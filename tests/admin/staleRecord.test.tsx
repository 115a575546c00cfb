import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { dataProvider } from '../../src/admin/dataProvider';
import { StockEdit } from '../../src/admin/stock/StockEdit';
import { staleRecordMessage } from '../../src/shared/api/common';
import { answerWith, stopAnswering } from './helpers/fakeAdapter';

afterEach(() => stopAnswering());

const opened = {
  id: 3,
  name: '350gsm Silk',
  type: 'Silk',
  sheet_cost: '0.0450',
  single_cost: '0.0300',
  double_cost: '0.0550',
  sort_order: 1,
  active: true,
  product_count: 0,
  version: 4,
};
// What a colleague saved meanwhile: another type and cost.
const theirs = { ...opened, type: 'Gloss', sheet_cost: '0.0500', version: 5 };

function renderStock() {
  return render(
    <TestMemoryRouter initialEntries={['/stock/3']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider}>
        <ResourceContextProvider value="stock">
          <Routes>
            <Route path="/stock/:id" element={<StockEdit />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('a staff form saved after someone else changed its record', () => {
  it('keeps what was typed, says so with a Reload, and saves at the version reloaded', async () => {
    const user = userEvent.setup();
    let current = opened;
    const message = staleRecordMessage('stock');
    const seen = answerWith((config) => {
      if (config.method === 'get') return { body: JSON.stringify(current) };
      const body = JSON.parse(config.data as string) as { version: number; name: string };
      // The server: a write at an older version than the row's is refused.
      if (body.version !== current.version) return { status: 409, body: JSON.stringify({ message, errors: { version: message } }) };
      current = { ...current, name: body.name, version: current.version + 1 };
      return { body: JSON.stringify(current) };
    });
    renderStock();
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, '350gsm Silk (new mill)');
    current = theirs; // the colleague saves first
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Not saved: changed by someone else');
    expect(notice).toHaveTextContent(message);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('350gsm Silk (new mill)');
    expect(screen.getByLabelText(/^Type/)).toHaveValue('Silk');
    const refused = seen.filter((r) => r.method === 'put');
    expect(JSON.parse(refused[0].data as string)).toMatchObject({ name: '350gsm Silk (new mill)', version: 4 });

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    // The record as it is now in the inputs left alone; the typed name kept.
    expect(await screen.findByText(/^Reloaded\./)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Type/)).toHaveValue('Gloss');
    expect(screen.getByLabelText(/^Sheet cost/)).toHaveValue('0.0500');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('350gsm Silk (new mill)');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(current.version).toBe(6));
    const puts = seen.filter((r) => r.method === 'put');
    expect(puts).toHaveLength(2);
    expect(JSON.parse(puts[1].data as string)).toMatchObject({ name: '350gsm Silk (new mill)', type: 'Gloss', sheet_cost: '0.0500', version: 5 });
    expect(current).toMatchObject({ name: '350gsm Silk (new mill)', version: 6 });
    expect(screen.queryByText(/^Reloaded\./)).not.toBeInTheDocument();
  });
});
