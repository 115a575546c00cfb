import Cookies from 'js-cookie';

/** The cookie holding where a signed-out visitor was going (specification §2, §9). */
export const INTENDED_URL_COOKIE = 'intended_url';

/** Only a path on this site may be remembered or followed: never //evil.example or a full URL. */
function isLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/** Remembers the requested path with its query, for this browser session only. */
export function rememberIntendedUrl(path: string): void {
  if (!isLocalPath(path)) return;
  Cookies.set(INTENDED_URL_COOKIE, path, { path: '/', sameSite: 'lax' });
}

/** Where to go after a successful login: the remembered path (then forgotten), else the fallback. */
export function takeIntendedUrl(fallback: string): string {
  const remembered = Cookies.get(INTENDED_URL_COOKIE);
  Cookies.remove(INTENDED_URL_COOKIE, { path: '/' });
  return remembered && isLocalPath(remembered) ? remembered : fallback;
}
