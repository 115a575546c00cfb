import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** One attempt window: at most `max` requests per `windowMs` for one key. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  APP_URL: z.string().url().optional(),
  APP_NAME: z.string().default('Print Junction Trade'),
  APP_KEY: z.string().min(32, 'APP_KEY must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Print Junction Trade <no-reply@printjunction.test>'),
  SEED: z.enum(['demo', 'none']).optional(),
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  ROYALMAIL_API_URL: z.string().url().default('https://api.parcel.royalmail.com/api/v1'),
  ROYALMAIL_API_KEY: z.string().optional(),
  /** Multiplies every rate limit's allowance; for test environments that sign in many times from one address. */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  appName: string;
  /** Secret for HMACs (XSRF cookie). Unset → generated once and kept in DATA_DIR (see secrets.ts). */
  appKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Demo data is seeded on a fresh embedded database unless SEED says otherwise. */
  seed: 'demo' | 'none';
  trustProxy: boolean;
  logLevel: string;
  bodyLimit: number;
  royalMail: { apiUrl: string; apiKey: string | undefined };
  rateLimits: { login: RateLimitRule; register: RateLimitRule; passwordEmail: RateLimitRule; passwordReset: RateLimitRule };
  /** At most this many scrypt hashes run at once (each needs 128 MiB at N=2^17, r=8). */
  maxConcurrentHashes: number;
}

export const DEFAULT_RATE_LIMITS: Config['rateLimits'] = {
  login: { max: 10, windowMs: 60_000 },
  register: { max: 10, windowMs: 60 * 60_000 },
  passwordEmail: { max: 5, windowMs: 15 * 60_000 },
  passwordReset: { max: 10, windowMs: 15 * 60_000 },
};

/** Environment → typed config. The only place that reads process.env for the server. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appName: e.APP_NAME,
    appKey: e.APP_KEY,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    seed: e.SEED ?? (e.DATABASE_URL ? 'none' : 'demo'),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT_BYTES,
    royalMail: { apiUrl: e.ROYALMAIL_API_URL, apiKey: e.ROYALMAIL_API_KEY || undefined },
    rateLimits: Object.fromEntries(
      Object.entries(DEFAULT_RATE_LIMITS).map(([k, r]) => [k, { ...r, max: Math.ceil(r.max * e.RATE_LIMIT_FACTOR) }]),
    ) as Config['rateLimits'],
    maxConcurrentHashes: 2,
  };
}
