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
  error?: string;
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
export async function startOAuth(providerId: string): Promise<string> {
  const { data } = await http.post<unknown>(`/api/oauth/${encodeURIComponent(providerId)}`);
  return readStartUrl(data);
}

function readMessage(data: unknown): OAuthMessage | null {
  if (!isRecord(data) || data.type !== 'oauth') return null;
  const { token, error } = data;
  if (token !== undefined && (typeof token !== 'string' || token === '')) return null;
  if (error !== undefined && typeof error !== 'string') return null;
  return { type: 'oauth', ...(token !== undefined && { token }), ...(error !== undefined && { error }) };
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
