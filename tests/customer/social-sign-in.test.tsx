import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { clearSession, getAuthState } from '../../src/shared/auth';
import { BACKGROUND_ROUTES, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { here, renderApp, settleRouter } from './helpers/renderApp';

const api = (extra: Record<string, Handler> = {}) => fakeApi({ ...BACKGROUND_ROUTES, ...extra });
const withGoogle: Record<string, Handler> = {
  'GET /api/oauth/providers': () => ({ data: { providers: [{ id: 'google', name: 'Google' }] } }),
  'POST /api/oauth/google': () => ({ data: { url: 'https://accounts.example.com/o/auth?state=abc' } }),
  'GET /api/user': () => ({ data: makeUser() }),
};

/** A stand-in for the pop-up window. */
function fakePopup() {
  return { location: { href: '' }, closed: false, close: vi.fn() };
}

/** A message as the browser delivers it, from a given origin and window. */
function postFrom(origin: string, source: unknown, data: unknown) {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  act(() => {
    window.dispatchEvent(event);
  });
}

beforeAll(() => installDomGaps());
beforeEach(() => {
  clearSession();
  Cookies.remove('intended_url', { path: '/' });
});
afterEach(() => {
  stopFakeApi();
  vi.restoreAllMocks();
});

describe('social sign-in', () => {
  it('shows no button when the server has no providers', async () => {
    api();
    await renderApp('/login');
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
  });

  it('opens the provider in a pop-up and accepts a token only from our own origin and that pop-up', async () => {
    api(withGoogle);
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    Cookies.set('intended_url', '/invoices', { path: '/' });
    const { router } = await renderApp('/login');

    fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(open).toHaveBeenCalledWith('', 'oauth-sign-in', expect.stringContaining('popup'));
    await waitFor(() => expect(popup.location.href).toBe('https://accounts.example.com/o/auth?state=abc'));

    postFrom('https://evil.example', popup, { type: 'oauth', token: 'stolen' });
    postFrom(window.location.origin, {}, { type: 'oauth', token: 'from-elsewhere' });
    postFrom(window.location.origin, popup, { type: 'something-else', token: 'x' });
    expect(getAuthState().token).toBeNull();

    postFrom(window.location.origin, popup, { type: 'oauth', token: 'good-token' });
    await waitFor(() => expect(here(router)).toBe('/invoices'), { timeout: 4000 });
    await settleRouter(router);
    expect(getAuthState().token).toBe('good-token');
    expect(getAuthState().user?.firstname).toBe('Jo');
    expect(Cookies.get('intended_url')).toBeUndefined();
  });

  it('goes to the provider in the page itself when the browser blocks the pop-up', async () => {
    const requests = api(withGoogle);
    vi.spyOn(window, 'open').mockReturnValue(null);
    await renderApp('/login');
    fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/oauth/google')).toBe(true));
    const start = requests.find((r) => r.url === '/api/oauth/google')!;
    expect(JSON.parse(String(start.data))).toEqual({ remember: true, popup: false, link: false });
  });

  it('back from the provider with a one-time code: hands it in, signs in with its remember choice, at the intended page', async () => {
    const requests = api({
      ...withGoogle,
      'POST /api/oauth/handoff': () => ({ data: { token: 'handed-over', remember: true } }),
    });
    Cookies.set('intended_url', '/prices', { path: '/' });
    const { router } = await renderApp('/login?oauth=one-time-code');
    await waitFor(() => expect(here(router)).toBe('/prices'), { timeout: 4000 });
    await settleRouter(router);
    const handoff = requests.find((r) => r.url === '/api/oauth/handoff')!;
    expect(JSON.parse(String(handoff.data))).toEqual({ code: 'one-time-code' });
    expect(getAuthState().token).toBe('handed-over');
    expect(Cookies.get('token')).toBe('handed-over');
  });

  it('shows why a sign-in that came back by the page failed', async () => {
    api({ ...withGoogle, 'POST /api/oauth/handoff': () => ({ data: { error: 'An account with the e-mail address jo@example.test already exists.' } }) });
    await renderApp('/login?oauth=one-time-code');
    expect(await screen.findByText(/already exists/)).toBeInTheDocument();
    expect(getAuthState().token).toBeNull();
  });

  it('shows the error a pop-up posts back', async () => {
    api(withGoogle);
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    await renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(popup.location.href).not.toBe(''));
    postFrom(window.location.origin, popup, { type: 'oauth', error: 'Signing in with Google was cancelled.' });
    expect(await screen.findByText('Signing in with Google was cancelled.')).toBeInTheDocument();
  });

  it('still takes the message of a pop-up seen closed before its message arrived (the callback page posts, then closes)', async () => {
    api(withGoogle);
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { router } = await renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(popup.location.href).not.toBe(''));
    popup.closed = true;
    // The buttons come back once the window is seen closed…
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled(), { timeout: 2000 });
    // …and the message it posted as it closed still signs in.
    postFrom(window.location.origin, popup, { type: 'oauth', token: 'late-token' });
    await waitFor(() => expect(here(router)).toBe('/'), { timeout: 4000 });
    expect(getAuthState().token).toBe('late-token');
  });

  it('offers the buttons on the register page too', async () => {
    api(withGoogle);
    await renderApp('/register');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });
});
