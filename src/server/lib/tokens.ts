import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque random token; `bytes` of entropy, URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256, so a leaked table grants nothing. */
export const sha256 = (value: string): string => hash('sha256', value, 'hex');

export const hmac = (key: string, value: string): string => createHmac('sha256', key).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
