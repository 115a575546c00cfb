import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '../../src/shared/auth';
import { BACKGROUND_ROUTES, bodyOf, fakeApi, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { here, renderApp, settleRouter } from './helpers/renderApp';

const api = (extra: Record<string, Handler> = {}) => fakeApi({ ...BACKGROUND_ROUTES, ...extra });
const TOKEN = '0123456789abcdef0123456789abcdef';

beforeAll(() => installDomGaps());
beforeEach(() => clearSession());
afterEach(() => stopFakeApi());

describe('the e-mail typed on login carries over to "Forgotten password"', () => {
  it('fills the request form with it, and back again, without putting it in the address', async () => {
    api();
    const { router } = await renderApp('/login');
    fireEvent.change(screen.getByLabelText(/^E-mail address/), { target: { value: ' jo@bloggs-design.co.uk ' } });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Forgotten your password?' }));
    await settleRouter(router);
    expect(here(router)).toBe('/password/reset');
    expect(screen.getByLabelText(/^E-mail address/)).toHaveValue('jo@bloggs-design.co.uk');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to log in' }));
    await settleRouter(router);
    expect(here(router)).toBe('/login');
    expect(screen.getByLabelText(/^E-mail address/)).toHaveValue('jo@bloggs-design.co.uk');
  });

  it('starts empty when nothing was typed', async () => {
    api();
    const { router } = await renderApp('/login');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Forgotten your password?' }));
    await settleRouter(router);
    expect(screen.getByLabelText(/^E-mail address/)).toHaveValue('');
  });
});

describe('a reset link is checked when its page opens', () => {
  it('an expired or used link says so before any password is typed', async () => {
    const requests = api({ [`GET /api/password/reset/${TOKEN}`]: () => ({ status: 422, data: { message: 'This link has expired. Ask for a new one.' } }) });
    await renderApp(`/password/reset/${TOKEN}`);
    expect(await screen.findByText('This link has expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/password/reset');
    expect(requests.filter((r) => r.url?.startsWith('/api/password/reset/'))).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument(); // no error dialog for a 422
  });

  it('a good link shows the form, which sends the token with the new password', async () => {
    let answer!: (reply: { data: unknown }) => void;
    const requests = api({
      [`GET /api/password/reset/${TOKEN}`]: () => new Promise((resolve) => (answer = resolve)),
      'POST /api/password/reset': () => ({ data: { message: 'Done' } }),
    });
    await renderApp(`/password/reset/${TOKEN}`);
    expect(screen.getByText('Checking your link…')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    answer({ data: { valid: true } });
    const password = await screen.findByLabelText(/^New password/);
    fireEvent.change(password, { target: { value: 'a long new password' } });
    fireEvent.change(screen.getByLabelText(/^Repeat the new password/), { target: { value: 'a long new password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    await waitFor(() => expect(screen.getByText(/Your password has been changed/)).toBeInTheDocument());
    const post = requests.find((r) => r.method === 'post' && r.url === '/api/password/reset');
    expect(bodyOf(post!)).toMatchObject({ token: TOKEN, password: 'a long new password' });
  });

  it('when the server cannot say (no such call yet, or offline), the form is shown and sending it tells', async () => {
    api({ [`GET /api/password/reset/${TOKEN}`]: () => ({ network: true }) });
    await renderApp(`/password/reset/${TOKEN}`);
    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument();
  });
});
