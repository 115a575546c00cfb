import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.doUnmock('../../src/shared/http/errorResponses');
  vi.resetModules();
  document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A fresh client module (as on a page load) whose dialogs chunk loader is a spy; timers are ours to advance. */
async function freshClient() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.resetModules();
  const loadDialogs = vi.fn(() => Promise.resolve({}));
  vi.doMock('../../src/shared/http/errorResponses', async (importOriginal) => ({
    ...(await importOriginal<typeof import('../../src/shared/http/errorResponses')>()),
    loadDialogs,
  }));
  const state = await import('../../src/shared/auth/state');
  await import('../../src/shared/http/client');
  await tick();
  return { loadDialogs, state };
}

describe('the error dialogs chunk', () => {
  it('is not fetched up front for a visitor who is not signed in (the login page stays light)', async () => {
    const { loadDialogs } = await freshClient();
    expect(loadDialogs).not.toHaveBeenCalled();
  });

  it('is fetched once, a few seconds after someone signs in (not while the page itself loads)', async () => {
    const { loadDialogs, state } = await freshClient();
    state.saveToken('t1', false);
    await tick();
    expect(loadDialogs).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(loadDialogs).toHaveBeenCalledTimes(1);
    state.clearSession();
    state.saveToken('t2', true);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(loadDialogs).toHaveBeenCalledTimes(1);
  });

  it('is fetched a few seconds after the page loads when a session cookie is already there', async () => {
    document.cookie = 'token=from-last-visit; path=/';
    const { loadDialogs } = await freshClient();
    expect(loadDialogs).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(loadDialogs).toHaveBeenCalledTimes(1);
  });
});
