import { AxiosHeaders, isAxiosError, type AxiosResponse, type RawAxiosHeaders } from 'axios';
import { clearSession, isSignedIn } from '../auth/state';

export interface HttpConfig {
  /** Runs after the user confirms the "Token Expired" dialog: log out and go to the login page. */
  onSessionExpired: () => void | Promise<void>;
}

// Until an app configures it: forget the session and load the login page.
const defaultConfig: HttpConfig = {
  onSessionExpired: () => {
    clearSession();
    window.location.assign('/login');
  },
};
let config: HttpConfig = defaultConfig;

/** The customer app sets its own logout-and-navigate here. */
export function configureHttp(next: HttpConfig): void {
  config = next;
}

type Dialogs = typeof import('./dialogs');
let dialogsModule: Promise<Dialogs> | null = null;

/** The dialogs chunk (sweetalert2), loaded once; a failed load is retried next time. */
export function loadDialogs(): Promise<Dialogs> {
  dialogsModule ??= import('./dialogs').catch((error: unknown) => {
    dialogsModule = null;
    throw error;
  });
  return dialogsModule;
}

async function askToSignInAgain(): Promise<void> {
  const dialogs = await loadDialogs();
  if (await dialogs.confirmSessionExpired()) await config.onSessionExpired();
}

/** The body to show when the server answered with an HTML page, else null. */
function htmlBody(response: AxiosResponse): string | null {
  // AxiosHeaders matches names case-insensitively; the cast only drops `undefined` from value types.
  const contentType = String(AxiosHeaders.from(response.headers as RawAxiosHeaders).get('content-type') ?? '');
  return /^text\/html\b/i.test(contentType) && typeof response.data === 'string' ? response.data : null;
}

async function reportServerError(response: AxiosResponse): Promise<void> {
  const dialogs = await loadDialogs();
  dialogs.showServerError(htmlBody(response));
}

/**
 * The response error interceptor (specification §8): 401 while signed in asks the user to sign
 * in again; 500 and above shows one error dialog. The failure always goes back to the caller.
 */
export function onResponseError(error: unknown): Promise<never> {
  if (isAxiosError(error) && error.response && !error.config?.skipErrorDialogs) {
    const { status } = error.response;
    const handled = status === 401 && isSignedIn() ? askToSignInAgain() : status >= 500 ? reportServerError(error.response) : null;
    handled?.catch((failure: unknown) => console.error('The error dialog or its handler failed', failure));
  }
  return Promise.reject(error);
}
