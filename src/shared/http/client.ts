import axios, { type InternalAxiosRequestConfig } from 'axios';
import { getToken, subscribeAuth } from '../auth/state';
import { trackFocus } from '../ui/focus';
import { loadDialogs, onResponseError } from './errorResponses';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** No 401 / 5xx dialog for this call (e.g. logout, whose failure is ignored). */
    skipErrorDialogs?: boolean;
  }
}

/**
 * The one axios instance of the browser (DESIGN §1). JSON in and out, relative URLs (/api/...).
 * axios sends X-XSRF-TOKEN from the XSRF-TOKEN cookie itself for same-origin requests, so
 * withXSRFToken stays unset: the token never goes to another origin.
 */
export const http = axios.create({
  headers: { Accept: 'application/json, text/plain, */*' },
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
});

function withBearerToken(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
}

http.interceptors.request.use(withBearerToken);
http.interceptors.response.use(undefined, onResponseError);

/**
 * Fetches the dialogs chunk ahead of need a little after the page has loaded and someone is signed in, so a
 * dialog can still show when the server later fails (a 5xx from a server in trouble may come with
 * chunk downloads failing too). A visitor who is not signed in (the login page, a reset link) does
 * not download it up front: their forms report failures themselves, and should a call fail with
 * 500 the chunk is fetched then.
 */
const WARM_DIALOGS_AFTER_MS = 3_000;

function warmDialogsOnceSignedIn(): void {
  let warmed = false;
  const warmIfSignedIn = () => {
    if (warmed || !getToken()) return;
    warmed = true;
    unsubscribe();
    // Not in the first seconds, when the page's own code and data are still arriving on a slow line.
    setTimeout(() => {
      const load = () => void loadDialogs().catch(() => undefined);
      if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5_000 });
      else load();
    }, WARM_DIALOGS_AFTER_MS);
  };
  const unsubscribe = subscribeAuth(warmIfSignedIn);
  warmIfSignedIn();
}
if (typeof window !== 'undefined') {
  // From the start, so an error dialog can give focus back to what the user was on (dialogs.ts).
  trackFocus();
  if (document.readyState === 'complete') warmDialogsOnceSignedIn();
  else window.addEventListener('load', warmDialogsOnceSignedIn, { once: true });
}

export { configureHttp, type HttpConfig } from './errorResponses';
export { apiErrors, type ApiErrors } from './apiErrors';
