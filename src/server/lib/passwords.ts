import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Semaphore } from './semaphore';
import { COMMON_PASSWORDS } from './common-passwords';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/api/accounts';

/** DESIGN §2: scrypt N=2^17, r=8, p=1 with a per-user salt; parameters are stored with the hash. */
export const SCRYPT_PARAMS = { log2N: 17, r: 8, p: 1, keyLength: 64, saltLength: 16 } as const;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

// Each hash takes 128 × N × r bytes (128 MiB here): bound how many run at once.
let gate = new Semaphore(2);
export function setMaxConcurrentHashes(limit: number): void {
  gate = new Semaphore(limit);
}

function options(log2N: number, r: number, p: number): ScryptOptions {
  const N = 2 ** log2N;
  return { N, r, p, maxmem: 128 * N * r * 2 };
}

export async function hashPassword(password: string): Promise<string> {
  const { log2N, r, p, keyLength, saltLength } = SCRYPT_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await gate.run(() => scryptAsync(password, salt, keyLength, options(log2N, r, p)));
  return ['scrypt', log2N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, log2N, r, p, saltB64, keyB64] = parts;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await gate.run(() =>
    scryptAsync(password, Buffer.from(saltB64, 'base64'), expected.length, options(Number(log2N), Number(r), Number(p))),
  );
  // A missing hash still costs a full scrypt so that timing does not tell which e-mails exist.
  return stored !== null && timingSafeEqual(key, expected);
}

const DUMMY_HASH = `scrypt$${SCRYPT_PARAMS.log2N}$${SCRYPT_PARAMS.r}$${SCRYPT_PARAMS.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(64).toString('base64')}`;

/** The password rules shared by the API and the operations CLI; null when the password is acceptable. */
export function passwordProblem(password: string, context: { email?: string } = {}): string | null {
  if (password.length < PASSWORD_MIN) return `At least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `At most ${PASSWORD_MAX} characters`;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'This password is too common; choose another';
  if (context.email && lower === context.email.toLowerCase()) return 'The password must not be your e-mail address';
  if (/^(.)\1+$/.test(password)) return 'This password is too easy to guess';
  return null;
}
