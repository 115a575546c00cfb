import { http } from '../../shared/http';

// Social sign-in calls. Checked by hand rather than with zod: this module is part of the login page, and the login page
// is the one every visit may start with (zod alone would add a sixth to its download).

export interface OAuthProvider {
  id: string;
  name: string;
}

/** What the sign-in window posts back when it is done: a token, or why it failed. */
export interface OAuthMessage {
  type: 'oauth';
  token?: string;
  /** The remember choice the sign-in was started with (the token cookie's lifetime follows it). */
  remember?: boolean;
  /** Linking from the profile page: the provider now linked. */
  linked?: string;
  error?: string;
}

/** How a sign-in window is started: the login form's remember box; whether it is a pop-up; sign in or link. */
export interface OAuthStartOptions {
  remember?: boolean;
  popup?: boolean;
  link?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The providers of an answer `{ providers: [{ id, name }] }`; entries of another shape are left out. */
export function readProviders(data: unknown): OAuthProvider[] {
  if (!isRecord(data) || !Array.isArray(data.providers)) throw new TypeError('The answer lists no providers');
  return data.providers.filter((p): p is OAuthProvider => isRecord(p) && typeof p.id === 'string' && p.id !== '' && typeof p.name === 'string');
}

/** The social sign-in providers the server has configured; none when the call fails. */
export async function fetchProviders(): Promise<OAuthProvider[]> {
  try {
    const { data } = await http.get<unknown>('/api/oauth/providers', { skipErrorDialogs: true });
    return readProviders(data);
  } catch {
    return [];
  }
}

/** A request for the providers started ahead of the page (its route's loader), and its answer once it came. */
let ahead: { request: Promise<OAuthProvider[]>; answer: OAuthProvider[] | null } | null = null;

/**
 * Starts asking for the providers beside the page's code (the login and register routes' loader),
 * so that the buttons are usually known when the page first renders and do not push it down later.
 */
export function prefetchProviders(): Promise<void> {
  const started: NonNullable<typeof ahead> = { request: fetchProviders(), answer: null };
  started.request = started.request.then((list) => (started.answer = list));
  ahead = started;
  return started.request.then(() => undefined);
}

/** The providers asked for ahead: the answer if it came already (else null), and the request; each given out once. */
export function takePrefetchedProviders(): { answer: OAuthProvider[] | null; request: Promise<OAuthProvider[]> } | null {
  const taken = ahead;
  ahead = null;
  return taken;
}

/** The `url` of an answer `{ url }`, only when it is a web address (http or https). */
export function readStartUrl(data: unknown): string {
  const url = isRecord(data) && typeof data.url === 'string' ? data.url : '';
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  // Only a web address: a javascript: URL would run in the pop-up, which starts on our own origin.
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) throw new TypeError('The answer carries no web address');
  return url;
}

/** The address of the provider's sign-in page for this visit (POST /api/oauth/{provider} → {url}). */
export async function startOAuth(providerId: string, options: OAuthStartOptions = {}): Promise<string> {
  const body = { remember: options.remember ?? false, popup: options.popup ?? true, link: options.link ?? false };
  const { data } = await http.post<unknown>(`/api/oauth/${encodeURIComponent(providerId)}`, body);
  return readStartUrl(data);
}

function readMessage(data: unknown): OAuthMessage | null {
  if (!isRecord(data) || data.type !== 'oauth') return null;
  const { token, error, linked, remember } = data;
  if (token !== undefined && (typeof token !== 'string' || token === '')) return null;
  if (error !== undefined && typeof error !== 'string') return null;
  if (linked !== undefined && typeof linked !== 'string') return null;
  if (remember !== undefined && typeof remember !== 'boolean') return null;
  return {
    type: 'oauth',
    ...(token !== undefined && { token }),
    ...(remember !== undefined && { remember }),
    ...(linked !== undefined && { linked }),
    ...(error !== undefined && { error }),
  };
}

/**
 * The result of a sign-in that came back to the page itself (the pop-up was blocked): the one-time
 * code of the address (`?oauth=`) handed in by POST, never a token in the address.
 */
export async function handOffOAuth(code: string): Promise<OAuthMessage> {
  try {
    const { data } = await http.post<unknown>('/api/oauth/handoff', { code }, { skipErrorDialogs: true });
    return readMessage(isRecord(data) ? { ...data, type: 'oauth' } : null) ?? { type: 'oauth', error: 'Signing in did not work. Please try again.' };
  } catch {
    return { type: 'oauth', error: 'Signing in did not work. Please try again.' };
  }
}

/** The signed-in user's linked providers and whether the account has a password. */
export interface OAuthIdentities {
  identities: Array<{ provider: string; name: string; email: string; created_at: string }>;
  has_password: boolean;
}

function readIdentities(data: unknown): OAuthIdentities {
  if (!isRecord(data) || !Array.isArray(data.identities) || typeof data.has_password !== 'boolean') throw new TypeError('The answer lists no sign-in methods');
  const identities = data.identities.filter(
    (i): i is OAuthIdentities['identities'][number] =>
      isRecord(i) && typeof i.provider === 'string' && typeof i.name === 'string' && typeof i.email === 'string' && typeof i.created_at === 'string',
  );
  return { identities, has_password: data.has_password };
}

export async function fetchIdentities(): Promise<OAuthIdentities> {
  const { data } = await http.get<unknown>('/api/oauth/identities');
  return readIdentities(data);
}

/** Unlinks a provider; refused (409, with the reason) when it is the account's last way to sign in. */
export async function unlinkIdentity(providerId: string): Promise<OAuthIdentities> {
  const { data } = await http.delete<unknown>(`/api/oauth/identities/${encodeURIComponent(providerId)}`, { skipErrorDialogs: true });
  return readIdentities(data);
}

/**
 * The sign-in result from a message event, or null when the event is not one: only messages from
 * our own origin (the server's callback page) and, when given, from the window we opened count.
 */
export function readOAuthMessage(event: MessageEvent, expectedSource: MessageEventSource | null): OAuthMessage | null {
  if (event.origin !== window.location.origin) return null;
  if (expectedSource && event.source !== expectedSource) return null;
  return readMessage(event.data);
}
