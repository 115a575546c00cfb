import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, EditBase, RecordContextProvider, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { companyNameProblem, TRADE_NEEDS_COMPANY } from '../../src/shared/api/staff-users';
import { phoneSchema, PHONE_MESSAGE } from '../../src/shared/api/phone';
import { SETTING_VALUE_RULES } from '../../src/shared/api/staff-settings';
import { staffDocumentTitle } from '../../src/admin/common/StaffTitle';
import { dataProvider } from '../../src/admin/dataProvider';
import { staffI18nProvider } from '../../src/admin/i18n/i18nProvider';
import { MarginsPage } from '../../src/admin/products/margins';
import { dearerPerItem } from '../../src/admin/products/margins/marginRows';
import { ProductStockTab, lossSentence } from '../../src/admin/products/ProductStockTab';
import { SettingEdit } from '../../src/admin/settings/SettingEdit';
import { settingLabel } from '../../src/admin/settings/settingLabels';
import { StockEdit } from '../../src/admin/stock/StockEdit';
import { PricesTab } from '../../src/admin/users/tabs/PricesTab';
import { staffTheme } from '../../src/admin/staffTheme';
import { answerWith, stopAnswering, type FakeAnswer } from './helpers/fakeAdapter';
import { makeUser } from './helpers/users';

afterEach(() => stopAnswering());

const silk = {
  id: 2,
  name: '350gsm Silk',
  type: 'Silk',
  sheet_cost: '0.0500',
  single_cost: '0.0250',
  double_cost: '0.0450',
  sort_order: 1,
  active: true,
  product_count: 1,
};
const matt = {
  id: 3,
  name: '400gsm Matt',
  type: 'Matt',
  sheet_cost: '0.0600',
  single_cost: '0.0250',
  double_cost: '0.0450',
  sort_order: 2,
  active: true,
  product_count: 1,
};
const cards = {
  id: 1,
  name: 'Business cards',
  description: '',
  multiplier: 10,
  weight: 4,
  large_item: false,
  restricted: false,
  sort_order: 1,
  active: true,
  stock_ids: [2, 3],
};
const margin = (id: number, stock_id: number, qty: number, m: number) => ({ id, product_id: 1, stock_id, qty, margin: m });
const SILK_BREAKS = [100, 250, 500, 1000, 2500, 5000, 10000, 20000].map((qty, i) => margin(i + 1, 2, qty, 100));

const list = (resource: string, rows: unknown[]): FakeAnswer => ({
  body: JSON.stringify(rows),
  headers: { 'content-range': `${resource} 0-${Math.max(rows.length - 1, 0)}/${rows.length}` },
});
const pathOf = (config: InternalAxiosRequestConfig) => new URL(config.url!, 'http://localhost').pathname;

function renderStaff(path: string, routePath: string, element: React.ReactNode, resource = 'products') {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={staffI18nProvider} theme={staffTheme}>
        <ResourceContextProvider value={resource}>
          <Routes>
            <Route path={routePath} element={element} />
            <Route path="/elsewhere" element={<p>Elsewhere</p>} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('staff conventions: words and titles', () => {
  it("uses our words instead of react-admin's defaults", () => {
    expect(staffI18nProvider.translate('ra.notification.updated', { smart_count: 1 })).toBe('Changes saved.');
    expect(staffI18nProvider.translate('ra.navigation.no_filtered_results', { name: 'users' })).toBe('No users match this search or filter.');
    expect(staffI18nProvider.translate('ra.page.not_found')).toBe('Page not found');
    expect(staffI18nProvider.translate('ra.message.unsaved_changes')).toMatch(/not saved/);
  });

  it('names the page and the record in the tab title', () => {
    expect(staffDocumentTitle('Users', 'Jane Parker')).toBe('Users › Jane Parker | Print Junction Trade');
    expect(staffDocumentTitle('Stock')).toBe('Stock | Print Junction Trade');
  });

  it('lists settings by a readable label', () => {
    expect(settingLabel('STATUS_TEXT')).toBe('Status banner');
    expect(settingLabel('SOME_NEW_THING')).toBe('Some new thing');
  });
});

describe('shared rules the forms and the server both apply', () => {
  it('telephone numbers: UK or international, by libphonenumber-js', () => {
    for (const ok of ['', '0113 496 0000', '(0113) 496-0000', '+44 113 496 0000', '+33 1 23 45 67 89']) expect(phoneSchema().safeParse(ok).success).toBe(true);
    for (const bad of ['12345', 'call me', '+44 7700 900']) expect(phoneSchema().safeParse(bad).error?.issues[0].message).toBe(PHONE_MESSAGE);
    expect(SETTING_VALUE_RULES.COMPANY_PHONE.safeParse('0113 496 0000').success).toBe(true);
    expect(SETTING_VALUE_RULES.COMPANY_EMAIL.safeParse('not an address').success).toBe(false);
  });

  it('company name: needed on a trade account only (approving a customer invents nothing)', () => {
    expect(companyNameProblem({ role: 'user', company_name: '' })).toBeNull();
    expect(companyNameProblem({ role: 'none', company_name: '' })).toBeNull();
    expect(companyNameProblem({ role: 'trade', company_name: ' ' })).toEqual({ company_name: TRADE_NEEDS_COMPANY });
  });
});

describe('the margins page', () => {
  function marginsApi(breaks = [margin(1, 2, 100, 100), margin(2, 2, 250, 100)]) {
    return answerWith((config) => {
      const path = pathOf(config);
      if (config.method === 'get' && path === '/api/admin/products/1/stock/2/margins')
        return { body: JSON.stringify({ product: cards, stock: silk, margins: breaks }) };
      if (config.method === 'put') return { body: JSON.stringify(breaks) };
      return { status: 404, body: '{"message":"Not found"}' };
    });
  }
  const open = () => renderStaff('/products/1/stock/2/margins', '/products/:productid/stock/:stockid/margins', <MarginsPage />);

  it('"Add a break" focuses the new row; Save with an empty quantity says why beside it and sends nothing', async () => {
    const user = userEvent.setup();
    const seen = marginsApi();
    open();
    await screen.findByLabelText('Quantity of break 2');
    await user.click(screen.getByRole('button', { name: 'Add a break' }));
    const qty = screen.getByLabelText('Quantity of break 3');
    expect(qty).toHaveFocus();
    const save = screen.getByRole('button', { name: 'Save margins' });
    expect(save).toBeEnabled(); // never silently greyed
    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('Some breaks need correcting');
    const row = qty.closest('tr')!;
    expect(within(row).getAllByText(/.+/, { selector: '.MuiFormHelperText-root' }).length).toBeGreaterThanOrEqual(1);
    expect(seen.some((r) => r.method === 'put')).toBe(false);
  });

  it('flags a break dearer per item than a smaller one', async () => {
    marginsApi([margin(1, 2, 100, 50), margin(2, 2, 250, 400)]);
    open();
    const warning = await screen.findByTestId('dearer-warning');
    expect(warning).toHaveTextContent('Dearer per item than 100');
    expect(within(warning.closest('tr')!).getByLabelText('Quantity of break 2')).toHaveValue('250');
    expect(
      dearerPerItem([
        { qty: 100, single: 1000, double: 1500 },
        { qty: 250, single: 2000, double: 3000 },
      ]),
    ).toEqual([undefined, undefined]);
  });
});

describe('destructive actions say what goes and ask once', () => {
  it('unticking a stock that has quantity breaks says which and asks before saving', async () => {
    const user = userEvent.setup();
    const seen = answerWith((config) => {
      const path = pathOf(config);
      if (config.method === 'get' && path === '/api/admin/products/1') return { body: JSON.stringify(cards) };
      if (config.method === 'get' && path === '/api/admin/stock') return list('stock', [silk, matt]);
      if (config.method === 'get' && path === '/api/admin/margins') return list('margins', SILK_BREAKS);
      if (config.method === 'put' && path === '/api/admin/products/1') return { body: JSON.stringify({ ...cards, stock_ids: [3] }) };
      return { status: 404, body: '{"message":"Not found"}' };
    });
    renderStaff(
      '/products/1/stock',
      '/products/:id/stock',
      <EditBase resource="products" id={1} mutationMode="pessimistic" redirect={false}>
        <ProductStockTab />
      </EditBase>,
    );
    await screen.findByText('8 quantity breaks: 100, 250, 500, 1000, 2500, 5000, 10000, 20000');
    await user.click(screen.getByRole('checkbox', { name: '350gsm Silk' }));
    await user.click(screen.getByRole('button', { name: 'Save stocks' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This deletes the 8 quantity breaks of 350gsm Silk.');
    expect(seen.some((r) => r.method === 'put')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete the breaks and save' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'put')).toBe(true));
    expect(
      lossSentence([
        { name: 'A', breaks: 1 },
        { name: 'B', breaks: 3 },
      ]),
    ).toMatch(/^This deletes the only quantity break of A and the 3 quantity breaks of B\./);
  });

  it('removing a price agreement asks first', async () => {
    const user = userEvent.setup();
    const seen = answerWith((config) => {
      const path = pathOf(config);
      if (config.method === 'get' && path === '/api/admin/user-prices') return list('user-prices', [{ id: 9, user_id: 5, product_id: 1, discount: 10 }]);
      if (config.method === 'get' && path === '/api/admin/products') return list('products', [cards]);
      if (config.method === 'delete') return { body: JSON.stringify({ id: 9, user_id: 5, product_id: 1, discount: 10 }) };
      return { status: 404, body: '{"message":"Not found"}' };
    });
    const jane = { ...makeUser({ id: 5, role: 'trade' }), password_set: true };
    renderStaff(
      '/users/5/prices',
      '/users/:id/prices',
      <RecordContextProvider value={jane}>
        <PricesTab />
      </RecordContextProvider>,
      'users',
    );
    await user.click(await screen.findByRole('button', { name: 'Remove the discount on Business cards' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent("This customer's 10% discount on Business cards goes");
    expect(seen.some((r) => r.method === 'delete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove discount' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'delete')).toBe(true));
  });

  it('a stock in use is not offered for deletion: the button explains why', async () => {
    const user = userEvent.setup();
    const seen = answerWith((config) =>
      config.method === 'get' && pathOf(config) === '/api/admin/stock/2'
        ? { body: JSON.stringify({ ...silk, product_count: 3 }) }
        : { status: 404, body: '{}' },
    );
    renderStaff('/stock/2', '/stock/:id/*', <StockEdit />, 'stock');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: '350gsm Silk cannot be deleted' });
    expect(dialog).toHaveTextContent('3 products are made on it.');
    expect(within(dialog).queryByRole('button', { name: /confirm|delete/i })).toBeNull();
    expect(seen.some((r) => r.method === 'delete')).toBe(false);
  });
});

describe('typed settings (staff conventions: forms)', () => {
  it('REGISTRATION_ROLE is a choice of role, VAT_RATE a number', async () => {
    const setting = (id: number, name: string, value: string) => ({ id, name, value, description: '', public: false, updated_at: '2025-01-01T00:00:00.000Z' });
    answerWith((config) => {
      const path = pathOf(config);
      if (path === '/api/admin/settings/1') return { body: JSON.stringify(setting(1, 'REGISTRATION_ROLE', 'none')) };
      if (path === '/api/admin/settings/2') return { body: JSON.stringify(setting(2, 'VAT_RATE', '20')) };
      return { status: 404, body: '{}' };
    });
    const { unmount } = renderStaff('/settings/1', '/settings/:id', <SettingEdit />, 'settings');
    expect(await screen.findByRole('combobox', { name: /Role of new registrations/ })).toHaveTextContent('No access (awaiting approval)');
    expect(screen.getByText('REGISTRATION_ROLE')).toBeInTheDocument();
    unmount();
    renderStaff('/settings/2', '/settings/:id', <SettingEdit />, 'settings');
    const vat = await screen.findByLabelText(/^VAT rate/);
    expect(vat).toHaveAttribute('type', 'number');
    expect(vat).toHaveValue(20);
    expect(vat.closest('form')).toHaveAttribute('novalidate');
  });
});
