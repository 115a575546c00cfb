import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { dataProvider } from '../../src/admin/dataProvider';
import { UserCreate } from '../../src/admin/users/UserCreate';
import { UserEdit } from '../../src/admin/users/UserEdit';
import { answerWith, stopAnswering, type FakeAnswer } from './helpers/fakeAdapter';
import { makeUser } from './helpers/users';
import { PHONE_MESSAGE, POSTCODE_MESSAGE } from '../../src/shared/api/fields';

afterEach(() => stopAnswering());

const GB = { id: 77, code: 'GB', name: 'United Kingdom', active: true };
const jane = { ...makeUser({ id: 5, role: 'trade', firstname: 'Jane', lastname: 'Okafor', email: 'jane@inkwell.test', country_id: 77 }), password_set: true };

/** The staff API as far as these screens need it; `write` answers the POST or PUT. */
function staffApi(write: (config: InternalAxiosRequestConfig) => FakeAnswer) {
  return answerWith((config) => {
    const path = new URL(config.url!, 'http://localhost').pathname;
    if (config.method === 'get' && path === '/api/admin/countries') return { body: JSON.stringify([GB]), headers: { 'content-range': 'countries 0-0/1' } };
    if (config.method === 'get' && path === '/api/admin/users/5') return { body: JSON.stringify(jane) };
    return write(config);
  });
}

const invalid = (errors: Record<string, string>): FakeAnswer => ({ status: 422, body: JSON.stringify({ message: 'The given data was invalid.', errors }) });

/** The MUI form control of an input, where react-admin writes that input's error. */
const fieldOf = (label: RegExp) => screen.getByLabelText(label).closest('.MuiFormControl-root') as HTMLElement;

function renderAt(path: string, routePath: string, element: React.ReactNode) {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider}>
        <ResourceContextProvider value="users">
          <Routes>
            <Route path={routePath} element={element} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe("the server's 422 field messages appear beside react-admin's inputs", () => {
  it('on Add user (create)', async () => {
    const user = userEvent.setup();
    const seen = staffApi(() => invalid({ email: 'An account with this e-mail address already exists', company_name: 'Company name is required' }));
    renderAt('/users/add', '/users/add', <UserCreate />);
    await user.type(await screen.findByLabelText(/^First name/), 'Jane');
    await user.type(screen.getByLabelText(/^Last name/), 'Okafor');
    await user.type(screen.getByLabelText(/^E-mail/), 'jane@inkwell.test');
    await user.type(screen.getByLabelText(/^Company/), 'Inkwell'); // a trade account needs one: the form says so before sending
    await user.type(screen.getByLabelText(/^Address line 1/), '1 Mill Lane');
    await user.type(screen.getByLabelText(/^Town/), 'Leeds');
    await user.type(screen.getByLabelText(/^Postcode/), 'LS1 1AA');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(fieldOf(/^E-mail/)).findByText('An account with this e-mail address already exists')).toBeInTheDocument();
    expect(within(fieldOf(/^Company/)).getByText('Company name is required')).toBeInTheDocument();
    const post = seen.find((r) => r.method === 'post')!;
    expect(post.url).toBe('/api/admin/users');
    // The country was not touched: a new account starts in the United Kingdom.
    expect(JSON.parse(post.data as string)).toMatchObject({ firstname: 'Jane', email: 'jane@inkwell.test', role: 'trade', country_id: GB.id });
  });

  it("on Add user, each field's own rule is checked before sending, with the server's words", async () => {
    const user = userEvent.setup();
    const seen = staffApi(() => ({ body: '{}' }));
    renderAt('/users/add', '/users/add', <UserCreate />);
    const country = await screen.findByLabelText(/^Country/);
    await waitFor(() => expect(country).toHaveValue('United Kingdom'));
    await user.type(screen.getByLabelText(/^Telephone/), 'abc');
    await user.type(screen.getByLabelText(/^Postcode/), 'LS1 1AA!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(fieldOf(/^Telephone/)).findByText(PHONE_MESSAGE)).toBeInTheDocument();
    expect(within(fieldOf(/^Postcode/)).getByText(POSTCODE_MESSAGE)).toBeInTheDocument();
    expect(within(fieldOf(/^First name/)).getByText('First name is required')).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'post')).toBe(false);
  });

  it('on the Details tab of a user (edit, saved pessimistically so the 422 comes back to the form)', async () => {
    const user = userEvent.setup();
    const seen = staffApi(() => invalid({ role: 'You cannot take away your own admin role. Ask another admin to do it.' }));
    renderAt('/users/5', '/users/:id/*', <UserEdit />);
    const town = await screen.findByLabelText(/^Town/);
    expect(town).toHaveValue('Leeds');
    await user.clear(town);
    await user.type(town, 'Salford');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(fieldOf(/^Role/)).findByText('You cannot take away your own admin role. Ask another admin to do it.')).toBeInTheDocument();
    const put = seen.find((r) => r.method === 'put')!;
    expect(put.url).toBe('/api/admin/users/5');
    expect(JSON.parse(put.data as string)).toMatchObject({ id: 5, town: 'Salford' });
  });
});

describe("a user's payment terms", () => {
  it("are edited in pounds and saved in pence; the server's message on the days appears beside them", async () => {
    const user = userEvent.setup();
    const seen = staffApi(() => invalid({ credit_days: 'Credit days must be a whole number from 0 to 365' }));
    renderAt('/users/5', '/users/:id/*', <UserEdit />);
    const limit = await screen.findByLabelText(/^Credit limit/);
    await user.clear(limit);
    await user.type(limit, '2500.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(fieldOf(/^Credit days/)).findByText('Credit days must be a whole number from 0 to 365')).toBeInTheDocument();
    const put = seen.find((r) => r.method === 'put')!;
    expect(JSON.parse(put.data as string)).toMatchObject({ id: 5, credit_limit: 250_050 });
  });
});

describe('a user the server does not know', () => {
  it('says that the user does not exist, as an unknown order does', async () => {
    staffApi(() => ({ status: 404, body: JSON.stringify({ message: 'No such user: 999.' }) }));
    renderAt('/users/999', '/users/:id/*', <UserEdit />);
    expect(await screen.findByRole('heading', { name: 'User 999 does not exist' })).toBeInTheDocument();
    expect(screen.getByText('There is no user 999: it may have been deleted, or the link may be mistyped.')).toBeInTheDocument();
  });
});
