import { hmac, safeEqual } from './tokens';

/**
 * Signed, short-lived download links for large files (a batch's ZIP runs to gigabytes). The API
 * takes only Bearer tokens, which a browser cannot attach to a plain link; fetching the file by
 * script would hold it whole in the page's memory. Instead a staff call (Bearer) answers a link
 * that the browser follows itself — streamed to disk, with the browser's own progress — valid for
 * a minute and for that one file.
 */
export const DOWNLOAD_LINK_SECONDS = 60;

const signed = (key: string, subject: string, expires: number) => hmac(key, `download:${subject}:${expires}`);

/** The query string (`expires=…&signature=…`) that lets `subject` (e.g. `batch:12`) be fetched until it expires. */
export function signDownload(key: string, subject: string, now = Date.now()): { query: string; expiresAt: Date } {
  const expires = Math.floor(now / 1000) + DOWNLOAD_LINK_SECONDS;
  return { query: `expires=${expires}&signature=${signed(key, subject, expires)}`, expiresAt: new Date(expires * 1000) };
}

/** Whether a link's expiry and signature are good for `subject` now. */
export function downloadAllowed(key: string, subject: string, expires: number, signature: string, now = Date.now()): boolean {
  return expires * 1000 >= now && safeEqual(signed(key, subject, expires), signature);
}
