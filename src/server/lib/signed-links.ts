import { hmac, safeEqual } from './tokens';

/*
 * The links our e-mails carry to one thing (a proof, an order waiting for approval): base64url JSON
 * of whole numbers, a dot, their HMAC under the app's key and the link's purpose. Nothing is stored:
 * the signature is the proof the link is ours, and a token signed for one purpose is never read as
 * another's. Such a link is no credential: the page it opens asks its reader to sign in first.
 */

const whole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

const sign = (appKey: string, purpose: string, payload: string) => hmac(appKey, `${purpose}:${payload}`);

/** The signed token of a link for `purpose` naming `fields` (each a whole number above 0). */
export function signLink<K extends string>(appKey: string, purpose: string, fields: Record<K, number>): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${sign(appKey, purpose, payload)}`;
}

/** The fields a token names, if our key signed it for `purpose` and each of `keys` is a whole number; null otherwise. */
export function readSignedLink<K extends string>(appKey: string, purpose: string, token: string, keys: readonly K[]): Record<K, number> | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length || !safeEqual(signature, sign(appKey, purpose, payload))) return null;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!fields || typeof fields !== 'object') return null;
  const record = fields as Record<string, unknown>;
  if (!keys.every((key) => whole(record[key]))) return null;
  return Object.fromEntries(keys.map((key) => [key, record[key]])) as Record<K, number>;
}
