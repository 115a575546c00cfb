import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { clearSession, getAuthState, setUser } from '../../src/shared/auth';
import { queryClient } from '../../src/customer/api/queryClient';
import { BACKGROUND_ROUTES, bodyOf, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { here, renderApp, settleRouter } from './helpers/renderApp';

const trade = makeUser();
const api = (extra: Record<string, Handler> = {}) => fakeApi({ ...BACKGROUND_ROUTES, ...extra });
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeAll(() => installDomGaps());
beforeEach(() => {
  clearSession();
  Cookies.remove('intended_url', { path: '/' });
});
afterEach(() => stopFakeApi());

describe('profile form', () => {
  it("shows the server's 422 message beside its field", async () => {
    api({
      'PATCH /api/user': () => ({
        status: 422,
        data: { message: 'The given data was invalid.', errors: { email: 'That e-mail address belongs to another account' } },
      }),
    });
    setUser(trade);
    await renderApp('/account/profile');
    await screen.findByRole('option', { name: 'United Kingdom' });

    type(/E-mail address/, 'taken@example.co.uk');
    fireEvent.click(screen.getByRole('button', { name: 'Save my profile' }));

    const email = screen.getByLabelText(/E-mail address/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('That e-mail address belongs to another account'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('The given data was invalid.')).toBeNull(); // the field says it; no second alert
  });

  it('checks with the shared schema before sending: first message per field, no request', async () => {
    const requests = api();
    setUser(trade);
    await renderApp('/account/profile');
    type(/First name/, '   ');
    type(/Postcode/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save my profile' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/Postcode/)).toHaveAccessibleDescription('Postcode is required');
    expect(requests.some((request) => request.method === 'patch')).toBe(false);
    expect(screen.getByLabelText(/First name/)).toHaveFocus();
  });

  it('disables the button while saving and confirms success in words', async () => {
    let answer!: (reply: { data: unknown }) => void;
    const requests = api({ 'PATCH /api/user': () => new Promise((resolve) => (answer = resolve)) });
    setUser(trade);
    await renderApp('/account/profile');
    await screen.findByRole('option', { name: 'United Kingdom' });
    type(/Company name/, 'Bloggs & Co');
    fireEvent.click(screen.getByRole('button', { name: 'Save my profile' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Save my profile' })).toHaveAttribute('aria-disabled', 'true'));
    const patch = requests.find((request) => request.method === 'patch')!;
    expect(bodyOf(patch)).toMatchObject({ company_name: 'Bloggs & Co', country_id: 1, email: trade.email });
    expect(bodyOf(patch)).not.toHaveProperty('id');

    answer({ data: { ...trade, company_name: 'Bloggs & Co' } });
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save my profile' })).not.toHaveAttribute('aria-disabled');
    expect(getAuthState().user?.company_name).toBe('Bloggs & Co');
  });
});

describe('login form', () => {
  it('shows the 422 message beside the e-mail field', async () => {
    api({ 'POST /api/login': () => ({ status: 422, data: { message: 'Invalid.', errors: { email: 'These details do not match an account' } } }) });
    await renderApp('/login');
    type(/E-mail address/, 'jo@example.co.uk');
    type(/^Password/, 'wrong password');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByLabelText(/E-mail address/)).toHaveAccessibleDescription('These details do not match an account'));
  });

  it('shows a message that names no field above the form', async () => {
    api({ 'POST /api/login': () => ({ status: 429, data: { message: 'Too many attempts. Try again in a minute.', errors: {} } }) });
    await renderApp('/login');
    type(/E-mail address/, 'jo@example.co.uk');
    type(/^Password/, 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many attempts. Try again in a minute.')).toBeInTheDocument();
  });

  it('disables the button, with a spinner, while signing in', async () => {
    let answer!: (reply: { status?: number; data: unknown }) => void;
    api({ 'POST /api/login': () => new Promise((resolve) => (answer = resolve)) });
    await renderApp('/login');
    type(/E-mail address/, 'jo@example.co.uk');
    type(/^Password/, 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('aria-disabled', 'true'));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' })); // a second click sends nothing more

    answer({ status: 422, data: { message: 'Invalid.', errors: { email: 'These details do not match an account' } } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).not.toHaveAttribute('aria-disabled'));
    expect(screen.getByLabelText(/E-mail address/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends remember me', async () => {
    const requests = api({ 'POST /api/login': () => ({ data: { token: 't' } }), 'GET /api/user': () => ({ data: trade }) });
    const { router } = await renderApp('/login');
    type(/E-mail address/, 'jo@example.co.uk');
    type(/^Password/, 'secret');
    fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await settleRouter(router);
    await waitFor(() => expect(here(router)).toBe('/'));
    expect(bodyOf(requests.find((request) => request.url === '/api/login')!)).toMatchObject({ remember: true });
  });
});

describe('password forms', () => {
  it('change password: the confirmation must match, and success clears the fields', async () => {
    const requests = api({ 'PATCH /api/user/password': () => ({ data: { message: 'Password changed' } }) });
    setUser(trade);
    await renderApp('/account/password');
    type(/Current password/, 'old password');
    type(/^New password/, 'new password 1');
    type(/Repeat the new password/, 'new password 2');
    fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();

    type(/Repeat the new password/, 'new password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
    expect(bodyOf(requests.find((request) => request.method === 'patch')!)).toEqual({
      current_password: 'old password',
      password: 'new password 1',
      password_confirmation: 'new password 1',
    });
  });

  it('reset: sends the token from the path; an expired link is said plainly', async () => {
    const token = 'a'.repeat(40);
    const requests = api({
      'POST /api/password/reset': () => ({ status: 422, data: { message: 'Invalid.', errors: { token: 'This reset link has expired' } } }),
    });
    await renderApp(`/password/reset/${token}`);
    type(/^New password/, 'brand new password');
    type(/Repeat the new password/, 'brand new password');
    fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByText(/This reset link has expired/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/password/reset');
    expect(bodyOf(requests.find((request) => request.url === '/api/password/reset')!)).toMatchObject({ token });
  });

  it("request: confirms with the server's words", async () => {
    api({ 'POST /api/password/email': () => ({ data: { message: 'If that address has an account, a link is on its way.' } }) });
    await renderApp('/password/reset');
    type(/E-mail address/, 'jo@example.co.uk');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('If that address has an account, a link is on its way.')).toBeInTheDocument();
  });
});

describe('register form', () => {
  it('lists the United Kingdom first, preselected, and registers into the home page', async () => {
    const requests = api({ 'POST /api/register': () => ({ status: 201, data: { token: 'fresh' } }), 'GET /api/user': () => ({ data: trade }) });
    const { router } = await renderApp('/register');
    const country = screen.getByLabelText(/Country/);
    await waitFor(() => expect(country).toHaveValue('1'));
    const names = [...(country as HTMLSelectElement).options].map((option) => option.textContent);
    expect(names.slice(0, 2)).toEqual(['Choose a country', 'United Kingdom']);
    expect(names.slice(-2)).toEqual(['France', 'Ireland']);

    type(/First name/, 'Jo');
    type(/Last name/, 'Bloggs');
    type(/E-mail address/, 'jo@bloggs-design.co.uk');
    type(/Address line 1/, '1 High Street');
    type(/Town or city/, 'Leeds');
    type(/Postcode/, 'LS1 1AA');
    type(/^Password/, 'long enough');
    type(/Repeat the password/, 'long enough');
    fireEvent.click(screen.getByRole('button', { name: 'Open my account' }));
    await settleRouter(router);
    await waitFor(() => expect(here(router)).toBe('/'));
    expect(bodyOf(requests.find((request) => request.method === 'post' && request.url === '/api/register')!)).toMatchObject({
      firstname: 'Jo',
      country_id: 1,
      password: 'long enough',
    });
  });

  it('says accounts are checked before ordering only when the printer approves each one (REGISTRATION_ROLE none)', async () => {
    api({ 'GET /api/register': () => ({ data: { approval_required: true } }) });
    const checked = await renderApp('/register');
    expect(await screen.findByTestId('approval-note')).toHaveTextContent('We check each new trade account before it can order');
    checked.unmount();
    queryClient.clear();
    api({ 'GET /api/register': () => ({ data: { approval_required: false } }) });
    await renderApp('/register');
    await screen.findByRole('button', { name: 'Open my account' });
    await waitFor(() => expect(queryClient.getQueryData(['registration', 'approval'])).toBe(false));
    expect(screen.queryByTestId('approval-note')).not.toBeInTheDocument();
    expect(screen.queryByText(/check each new/i)).not.toBeInTheDocument();
  });
});
