import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Busy } from './domain-errors';
import { Semaphore, SemaphoreFullError } from './semaphore';
import { COMMON_PASSWORDS } from './common-passwords';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/api/accounts';

/** DESIGN §2: scrypt N=2^17, r=8, p=1 with a per-user salt; parameters are stored with the hash. */
export const SCRYPT_PARAMS = { log2N: 17, r: 8, p: 1, keyLength: 64, saltLength: 16 } as const;

/**
 * The work factor new hashes are made with: production's unless a test suite lowers it, where the
 * cost of a hash is not what is being tested (a stored hash is always checked at its own cost).
 */
let hashLog2N: number = SCRYPT_PARAMS.log2N;
/** Sets log2(N) for new hashes (production's when not given); returns the one it replaces. */
export function setPasswordHashCost(log2N: number = SCRYPT_PARAMS.log2N): number {
  const was = hashLog2N;
  hashLog2N = log2N;
  dummyHash = dummyHashAt(log2N);
  return was;
}

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/**
 * 503 when the hash queue is full: sign-in answers at once rather than after an ever-growing wait.
 * `retryAfterSeconds` becomes the Retry-After header; the log counts these per interval in one
 * warning (lib/errors.ts maps Busy).
 */
export class HashQueueFullError extends Busy {
  constructor(retryAfterSeconds: number) {
    super(
      `The server is busy checking passwords. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
      retryAfterSeconds,
      'busy checking passwords: sign-ins and password changes refused with 503',
    );
  }
}

// Each hash takes 128 × N × r bytes (128 MiB here): bound how many run at once, and how many wait.
let limit = 2;
let gate = new Semaphore(limit, 8);
/** Average duration of one hash (ms), to tell a refused caller when to come back. */
let averageMs = 300;

export function setMaxConcurrentHashes(concurrent: number, queued = 8): void {
  limit = concurrent;
  gate = new Semaphore(concurrent, queued);
}

async function hashed(compute: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await gate.run(async () => {
      const started = performance.now();
      const key = await compute();
      averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
      return key;
    });
  } catch (err) {
    if (!(err instanceof SemaphoreFullError)) throw err;
    const { active, waiting } = gate.load;
    throw new HashQueueFullError(Math.max(1, Math.ceil((((active + waiting) / limit) * averageMs) / 1000)));
  }
}

function options(log2N: number, r: number, p: number): ScryptOptions {
  const N = 2 ** log2N;
  return { N, r, p, maxmem: 128 * N * r * 2 };
}

export async function hashPassword(password: string): Promise<string> {
  const { r, p, keyLength, saltLength } = SCRYPT_PARAMS;
  const log2N = hashLog2N;
  const salt = randomBytes(saltLength);
  const key = await hashed(() => scryptAsync(password, salt, keyLength, options(log2N, r, p)));
  return ['scrypt', log2N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? dummyHash).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, log2N, r, p, saltB64, keyB64] = parts;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await hashed(() => scryptAsync(password, Buffer.from(saltB64, 'base64'), expected.length, options(Number(log2N), Number(r), Number(p))));
  // A missing hash still costs a full scrypt so that timing does not tell which e-mails exist.
  return stored !== null && timingSafeEqual(key, expected);
}

// Checked in place of a missing hash, at the cost new hashes are made with.
const dummyHashAt = (log2N: number) =>
  `scrypt$${log2N}$${SCRYPT_PARAMS.r}$${SCRYPT_PARAMS.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(64).toString('base64')}`;
let dummyHash = dummyHashAt(hashLog2N);

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
