import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, setUser } from '../../src/shared/auth';
import { BACKGROUND_ROUTES, bodyOf, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { renderApp } from './helpers/renderApp';

/** The profile form asks for the current password when the e-mail address changes. */

const trade = makeUser();
const api = (extra: Record<string, Handler> = {}) => fakeApi({ ...BACKGROUND_ROUTES, ...extra });
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save my profile' }));

beforeAll(() => installDomGaps());
beforeEach(() => clearSession());
afterEach(() => stopFakeApi());

describe('profile form: e-mail change', () => {
  it('shows "Current password" only while the e-mail differs from the saved one, and sends it', async () => {
    const requests = api({ 'PATCH /api/user': (request) => ({ data: { ...trade, email: (bodyOf(request) as { email: string }).email } }) });
    setUser(trade);
    await renderApp('/account/profile');
    await screen.findByRole('option', { name: 'United Kingdom' });
    expect(screen.queryByLabelText(/Current password/)).toBeNull();

    type(/E-mail address/, 'new-address@example.co.uk');
    expect(screen.getByLabelText(/Current password/)).toHaveAttribute('type', 'password');
    type(/E-mail address/, trade.email.toUpperCase());
    expect(screen.queryByLabelText(/Current password/)).toBeNull();

    type(/E-mail address/, 'new-address@example.co.uk');
    type(/Current password/, 'my secret password');
    save();
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    const patch = requests.find((request) => request.method === 'patch')!;
    expect(bodyOf(patch)).toMatchObject({ email: 'new-address@example.co.uk', current_password: 'my secret password' });
    // The saved address is now the new one: the field goes, and the password with it.
    await waitFor(() => expect(screen.queryByLabelText(/Current password/)).toBeNull());
  }, 40_000);

  it("shows the server's message about the password beside the field", async () => {
    api({
      'PATCH /api/user': () => ({
        status: 422,
        data: { message: 'Your current password is not correct', errors: { current_password: 'Your current password is not correct' } },
      }),
    });
    setUser(trade);
    await renderApp('/account/profile');
    await screen.findByRole('option', { name: 'United Kingdom' });
    type(/E-mail address/, 'new-address@example.co.uk');
    type(/Current password/, 'a wrong guess');
    save();
    const field = screen.getByLabelText(/Current password/);
    await waitFor(() => expect(field).toHaveAccessibleDescription('Your current password is not correct'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
  }, 40_000);

  it('sends no password when the e-mail stays the same', async () => {
    const requests = api({ 'PATCH /api/user': () => ({ data: { ...trade, company_name: 'Bloggs & Co' } }) });
    setUser(trade);
    await renderApp('/account/profile');
    await screen.findByRole('option', { name: 'United Kingdom' });
    type(/Company name/, 'Bloggs & Co');
    save();
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(bodyOf(requests.find((request) => request.method === 'patch')!)).not.toHaveProperty('current_password');
  }, 40_000);
});
