import './browserGaps';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Swal from 'sweetalert2/dist/sweetalert2.js';
import { configureHttp, http } from '../../src/shared/http/client';
import { clearSession, getAuthState, saveToken, setUser } from '../../src/shared/auth/state';
import { fakeApi, makeUser, settle, stopFakeApi } from '../helpers/fakeApi';

const sampleUser = makeUser();

const serverPage = '<!doctype html><html><body><h1>Server exploded</h1><script>parent.hacked = true</script></body></html>';

function popup(): HTMLElement | null {
  return document.querySelector<HTMLElement>('.swal2-popup');
}

/** The open dialog, once its show animation made it visible (sweetalert2 fades it in). */
async function openedDialog(): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

async function dialogClosed(): Promise<void> {
  await waitFor(() => expect(popup()).toBeNull());
  await settle();
}

let onSessionExpired: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  onSessionExpired = vi.fn<() => void>();
  configureHttp({ onSessionExpired });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  Swal.close();
  await dialogClosed();
  stopFakeApi();
  clearSession();
});

describe('401 while signed in', () => {
  beforeEach(() => {
    saveToken('stale-token', false);
    setUser(sampleUser);
    fakeApi(() => ({ status: 401, data: { message: 'Unauthenticated.' } }));
  });

  it('still rejects to the caller and shows the "Token Expected" warning with OK and Cancel', async () => {
    await expect(http.get('/api/orders')).rejects.toMatchObject({ response: { status: 401 } });

    const dialog = await openedDialog();
    expect(dialog).toHaveTextContent('Token Expected');
    expect(screen.getByText('Token Expired')).toBeVisible();
    expect(dialog.querySelector('.swal2-icon.swal2-warning')).toBeVisible();
    expect(screen.getByRole('button', { name: 'OK' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible();
  });

  it('runs the session-expired handler when OK is chosen', async () => {
    await expect(http.get('/api/orders')).rejects.toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));

    await waitFor(() => expect(onSessionExpired).toHaveBeenCalledTimes(1));
    await dialogClosed();
  });

  it('does nothing more when Cancel is chosen', async () => {
    await expect(http.get('/api/orders')).rejects.toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));

    await dialogClosed();
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(getAuthState().user).toEqual(sampleUser);
  });

  it('asks once when several requests fail together', async () => {
    const failures = [http.get('/api/orders'), http.get('/api/orders/counts'), http.get('/api/invoices')];
    for (const failure of failures) await expect(failure).rejects.toBeTruthy();
    await settle();

    expect(document.querySelectorAll('.swal2-popup')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await dialogClosed();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('uses the default handler when none is configured: session cleared, off to /login', async () => {
    // A fresh copy of the modules has no handler configured. jsdom cannot navigate, so
    // location.assign is observed instead.
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.resetModules();
    const fresh = await import('../../src/shared/http/client');
    const freshState = await import('../../src/shared/auth/state');
    freshState.saveToken('stale-token', false);
    freshState.setUser(sampleUser);
    fresh.http.defaults.adapter = http.defaults.adapter;

    await expect(fresh.http.get('/api/orders')).rejects.toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(freshState.getAuthState()).toEqual({ user: null, token: null });
    expect(document.cookie).not.toMatch(/(^|; )token=/);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('401 while signed out', () => {
  it('shows no dialog and rejects', async () => {
    fakeApi(() => ({ status: 401, data: { message: 'Unauthenticated.' } }));
    await expect(http.get('/api/user')).rejects.toMatchObject({ response: { status: 401 } });
    await settle();
    expect(popup()).toBeNull();
  });
});

describe('5xx', () => {
  it('shows an HTML error page full-screen in a script-less sandboxed iframe, without a confirm button', async () => {
    fakeApi(() => ({ status: 500, data: serverPage, contentType: 'text/html; charset=utf-8' }));
    await expect(http.get('/api/orders')).rejects.toMatchObject({ response: { status: 500, data: serverPage } });

    await openedDialog();
    const frame = popup()!.querySelector('iframe');
    expect(frame).not.toBeNull();
    expect(frame!.getAttribute('sandbox')).toBe(''); // no allow-scripts, no allow-same-origin
    expect(frame!.getAttribute('srcdoc')).toBe(serverPage);
    expect(document.querySelector('.swal2-container')).toHaveClass('swal2-grow-fullscreen');
    expect(screen.queryByText('Server exploded')).toBeNull(); // not rendered into the app's document
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
    expect(popup()!.querySelector('.swal2-confirm')).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Close this dialog' })).toBeVisible();

    fireEvent.keyDown(popup()!, { key: 'Escape' });
    await dialogClosed();
  });

  it('shows "Error" / "There has been an error" with an error icon and OK for any other body', async () => {
    fakeApi(() => ({ status: 503, data: { message: 'Service Unavailable' } }));
    await expect(http.post('/api/orders', {})).rejects.toMatchObject({ response: { status: 503 } });

    const dialog = await openedDialog();
    expect(dialog).toHaveTextContent('Error');
    expect(screen.getByText('There has been an error')).toBeVisible();
    expect(dialog.querySelector('.swal2-icon.swal2-error')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await dialogClosed();
  });

  it('opens only one dialog at a time, and another once it is closed', async () => {
    let html = false;
    fakeApi(() => (html ? { status: 500, data: serverPage, contentType: 'text/html' } : { status: 500, data: { message: 'Server Error' } }));

    await expect(http.get('/api/a')).rejects.toBeTruthy();
    await openedDialog();

    html = true;
    await expect(http.get('/api/b')).rejects.toMatchObject({ response: { status: 500 } });
    await settle();
    expect(document.querySelectorAll('.swal2-popup')).toHaveLength(1);
    expect(popup()!.querySelector('iframe')).toBeNull();
    expect(screen.getByText('There has been an error')).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await dialogClosed();

    await expect(http.get('/api/c')).rejects.toBeTruthy();
    await waitFor(() => expect(popup()?.querySelector('iframe')).toBeTruthy());
  });

  it('is silent for a call made with skipErrorDialogs', async () => {
    fakeApi(() => ({ status: 500, data: { message: 'Server Error' } }));
    await expect(http.post('/api/logout', undefined, { skipErrorDialogs: true })).rejects.toMatchObject({
      response: { status: 500 },
    });
    await settle();
    expect(popup()).toBeNull();
  });

  it('gives way to a session-expired dialog, which matters more', async () => {
    setUser(sampleUser);
    let status = 500;
    fakeApi(() => ({ status, data: { message: 'x' } }));
    await expect(http.get('/api/a')).rejects.toBeTruthy();
    await screen.findByText('There has been an error');

    status = 401;
    await expect(http.get('/api/b')).rejects.toBeTruthy();
    await screen.findByText('Token Expired');
    expect(screen.queryByText('There has been an error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onSessionExpired).toHaveBeenCalledTimes(1));
  });
});

describe('other failures', () => {
  it('rejects 4xx and network errors without any dialog', async () => {
    setUser(sampleUser);
    let reply: { status?: number; network?: boolean } = { status: 422 };
    fakeApi(() => reply);
    await expect(http.post('/api/orders', {})).rejects.toMatchObject({ response: { status: 422 } });
    reply = { network: true };
    await expect(http.get('/api/orders')).rejects.toMatchObject({ code: 'ERR_NETWORK' });
    await settle();
    expect(popup()).toBeNull();
  });
});
