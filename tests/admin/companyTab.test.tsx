import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore, RecordContextProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { dataProvider } from '../../src/admin/dataProvider';
import { CompanyTab } from '../../src/admin/users/tabs/CompanyTab';
import type { StaffUser } from '../../src/shared/api';
import type { StaffCompany } from '../../src/shared/api/company-members';
import { answerWith, stopAnswering } from './helpers/fakeAdapter';
import { makeUser } from './helpers/users';

afterEach(() => stopAnswering());

const tom = { ...makeUser({ id: 3, email: 'tom@cornercafe.test', firstname: 'Tom', lastname: 'Baker', role: 'user' }), version: 4 } as unknown as StaffUser;
const cafe: StaffCompany = {
  id: 3,
  name: 'The Corner Café',
  payment_terms: 'account',
  members: [{ id: 3, email: 'tom@cornercafe.test', firstname: 'Tom', lastname: 'Baker', role: 'owner', approval_limit: null }],
};
const inkwell: StaffCompany = {
  id: 2,
  name: 'Inkwell Design Studio',
  payment_terms: 'account',
  members: [
    { id: 2, email: 'jane@inkwell-design.test', firstname: 'Jane', lastname: 'Okafor', role: 'owner', approval_limit: null },
    { id: 3, email: 'tom@cornercafe.test', firstname: 'Tom', lastname: 'Baker', role: 'buyer', approval_limit: null },
  ],
};

describe('a user’s Company tab', () => {
  it('moves the account to another company, then focuses the heading naming the new company (the form is made anew)', async () => {
    let company = cafe;
    const seen = answerWith((config) => {
      if (config.url?.startsWith('/api/admin/companies')) {
        return { body: JSON.stringify([{ id: 2, name: 'Inkwell Design Studio', members_count: 1 }]), headers: { 'content-range': 'companies 0-0/1' } };
      }
      if (config.method === 'post') company = inkwell;
      return { body: JSON.stringify(company) };
    });
    const u = userEvent.setup();
    render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider} store={memoryStore()}>
          <RecordContextProvider value={tom}>
            <CompanyTab />
          </RecordContextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'The Corner Café' });
    await u.type(screen.getByRole('combobox', { name: /Company/ }), 'Ink');
    await u.click(await screen.findByRole('option', { name: 'Inkwell Design Studio (1 member)' }));
    await u.click(screen.getByRole('button', { name: 'Move account' }));
    const heading = await screen.findByRole('heading', { name: 'Inkwell Design Studio' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const move = seen.find((c) => c.method === 'post')!;
    expect(move.url).toBe('/api/admin/users/3/company');
    expect(JSON.parse(move.data as string)).toEqual({ company_id: 2, role: 'buyer', version: 4 });
  });
});
