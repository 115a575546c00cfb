import { isIP } from 'node:net';
import { z } from 'zod';
import type { S3StoreConfig } from './lib/s3-files';

/**
 * TRUST_PROXY: `false` (default: the socket's address is the client), `true` (trust every
 * X-Forwarded-For entry — the left-most is chosen by the client, so only behind a proxy that
 * overwrites the header), a hop count (`1`: one proxy in front; the address it saw is used), or a
 * comma-separated list of the proxies' addresses or networks (CIDR; also proxy-addr's names
 * `loopback`, `linklocal`, `uniquelocal`). See fastifyTrustProxy for how each reaches Fastify.
 */
export type TrustProxy = boolean | number | string[];

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify 5.12 ignores a numeric value (it trusts no hop,
 * silently), so a hop count becomes the function it used to be: the `hops` addresses nearest the
 * server are proxies, the next one is the client. That holds only while the app cannot be reached
 * except through those proxies; the proxies' addresses are the safer setting (README).
 */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  const hops = value;
  return (_address, hop) => hop < hops;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = (raw ?? '').trim().toLowerCase();
    if (['', 'false', '0', 'no'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return true;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length || !entries.length) {
      ctx.addIssue({ code: 'custom', message: `expected false, true, a hop count or proxy addresses/CIDRs; not ${bad.join(', ') || 'empty'}` });
      return z.NEVER;
    }
    return entries;
  });

/** One attempt window: at most `max` requests per `windowMs` for one key. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** What one process does: answer HTTP, run the background jobs and schedules, or both (DESIGN §1 "Running on many machines"). */
export const ROLES = ['all', 'web', 'worker'] as const;
export type Role = (typeof ROLES)[number];

const envSchema = z.object({
  ROLE: z
    .string()
    .optional()
    .transform((raw, ctx): Role => {
      const value = (raw ?? '').trim().toLowerCase() || 'all';
      if ((ROLES as readonly string[]).includes(value)) return value as Role;
      ctx.addIssue({ code: 'custom', message: `expected all (HTTP and jobs), web (HTTP only) or worker (jobs only); not ${raw}` });
      return z.NEVER;
    }),
  /** On SIGTERM, how long requests and jobs under way may take to finish before they are cut short (their jobs given back). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** The bearer token GET /metrics asks for; unset: /metrics answers 404. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  APP_URL: z.string().url().optional(),
  APP_NAME: z.string().default('Print Junction Trade'),
  APP_KEY: z.string().min(32, 'APP_KEY must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Print Junction Trade <no-reply@printjunction.test>'),
  SEED: z.enum(['demo', 'none']).optional(),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  ROYALMAIL_API_URL: z.string().url().default('https://api.parcel.royalmail.com/api/v1'),
  ROYALMAIL_API_KEY: z.string().optional(),
  /** Multiplies every rate limit's allowance; for test environments that sign in many times from one address. */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** How often expired sessions and reset links are deleted. */
  PURGE_INTERVAL_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(60),
  /** Database time-outs: connecting or waiting for a pooled connection (on PGlite, for its one connection), one statement, a transaction left idle (the last two PostgreSQL only). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Lets webhook endpoints be http and private addresses (127.0.0.1, 10.x…): for local tests only, never in production. */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** How often the background job workers look for due jobs. */
  JOBS_POLL_MS: z.coerce.number().int().positive().default(1000),
  /**
   * A running job's claim lasts this long unless its worker renews it, which it does every
   * JOBS_HEARTBEAT_MS: the job of a worker that died is taken again within about a lease.
   */
  JOBS_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  JOBS_HEARTBEAT_MS: z.coerce.number().int().positive().default(20_000),
  /** The first retry of an undelivered mail waits this long; each further one twice as long (at most an hour). */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
  /** Social sign-in: a provider is offered when its client id and secret are both set. */
  OAUTH_GOOGLE_CLIENT_ID: z.string().optional(),
  OAUTH_GOOGLE_CLIENT_SECRET: z.string().optional(),
  OAUTH_MICROSOFT_CLIENT_ID: z.string().optional(),
  OAUTH_MICROSOFT_CLIENT_SECRET: z.string().optional(),
  /** A tenant id or domain; `common` (default) admits work, school and personal accounts, `organizations` work and school ones. */
  OAUTH_MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,100}$/, 'a tenant id, domain, common, organizations or consumers')
    .optional(),
  OAUTH_GITHUB_CLIENT_ID: z.string().optional(),
  OAUTH_GITHUB_CLIENT_SECRET: z.string().optional(),
  /** A generic OpenID Connect provider (Keycloak, Okta…), found by discovery at its issuer. */
  OAUTH_OIDC_ISSUER: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OAUTH_OIDC_CLIENT_ID: z.string().optional(),
  OAUTH_OIDC_CLIENT_SECRET: z.string().optional(),
  OAUTH_OIDC_NAME: z.string().max(40).optional(),
  /** Card payment at checkout (Stripe Checkout): offered when the secret key and the webhook's signing secret are both set. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe's API (unset: Stripe's own); tests point it at a local stand-in. */
  STRIPE_API_BASE: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The terms a new account gets; unset: `card` when card payment is set up, else `account`. */
  DEFAULT_PAYMENT_TERMS: z
    .enum(['card', 'account'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Artwork by URL may be fetched from private addresses (127.0.0.1, 10.x…): local tests only, never in production. */
  ARTWORK_FETCH_ALLOW_PRIVATE: z
    .enum(['', '0', '1'], { message: 'expected 1 (allow) or 0' })
    .optional()
    .transform((v) => v === '1'),
  /** Where files live: `local` (DATA_DIR/files) or `s3` (the S3_* variables, all of them). */
  FILE_STORE: z.enum(['local', 's3'], { message: 'expected local or s3' }).default('local'),
  S3_ENDPOINT: z
    .string()
    .optional()
    .refine((v) => !v || isHttpUrl(v), 'expected the http(s) address of the S3 service, such as https://s3.eu-west-2.amazonaws.com'),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'expected a region name such as eu-west-2 (us-east-1 for most S3-compatible services, auto for R2)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['', '0', '1', 'true', 'false'], { message: 'expected true (https://host/bucket/key, for MinIO and Ceph) or false' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

export type Env = z.input<typeof envSchema>;

export interface Config {
  /** all: HTTP and jobs; web: HTTP only (jobs are written, never run here); worker: jobs and schedules, HTTP for health and metrics only. */
  role: Role;
  /** How long a shutdown waits for requests and jobs under way (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** The bearer token of GET /metrics; undefined: metrics are not served. */
  metricsToken: string | undefined;
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
  trustProxy: TrustProxy;
  logLevel: string;
  bodyLimit: number;
  royalMail: { apiUrl: string; apiKey: string | undefined };
  rateLimits: {
    /** Sign-in attempts for one e-mail from one address. */
    login: RateLimitRule;
    /** Sign-in attempts from one address, whatever the e-mails (one client cannot keep the hashes busy). */
    loginPerIp: RateLimitRule;
    /** Sign-in attempts for one e-mail, whatever the addresses (a botnet cannot guess one account's password). */
    loginPerAccount: RateLimitRule;
    register: RateLimitRule;
    /** Reset e-mails asked for one address from one client address. */
    passwordEmail: RateLimitRule;
    /** Reset e-mails asked for one address, whoever asks from wherever (a botnet cannot flood one inbox). */
    passwordEmailPerAddress: RateLimitRule;
    passwordReset: RateLimitRule;
    /** Attempts at the current password by a signed-in user (password change, e-mail change). */
    currentPassword: RateLimitRule;
    /** Tickets one customer opens. */
    tickets: RateLimitRule;
    /** Messages (replies and files) one customer writes on their tickets, all tickets together. */
    ticketReplies: RateLimitRule;
  };
  /** Requests one trade API key may make per minute (counted per process: lib/trade-api.ts). */
  apiRateLimitPerMinute: number;
  /** At most this many scrypt hashes run at once (each needs 128 MiB at N=2^17, r=8). */
  maxConcurrentHashes: number;
  /** At most this many hashes wait for a turn; past that, sign-in answers 503 with Retry-After. */
  maxQueuedHashes: number;
  /** Expired sessions and reset links are deleted this often. */
  purgeIntervalMs: number;
  /** PostgreSQL pool time-outs (db/client.ts). */
  databaseTimeouts: { connectMs: number; statementMs: number; idleInTransactionMs: number };
  /** The job queue's poll, and its lease and heartbeat (lib/jobs.ts; unset: its defaults, a minute and 20 s). */
  jobs: { pollMs: number; leaseMs?: number; heartbeatMs?: number };
  mail: { retryBaseMs: number };
  /**
   * Webhook deliveries: `allowPrivate` lifts the public-address and https rules (WEBHOOK_ALLOW_PRIVATE,
   * local tests only); `retryScale` multiplies the retry waits and `timeoutMs` bounds one attempt
   * (tests shrink both).
   */
  webhooks: { allowPrivate: boolean; retryScale: number; timeoutMs: number };
  /** Social sign-in providers configured in the environment (modules/oauth/providers.ts); empty → no buttons. */
  oauth: OAuthConfig;
  /** Card payment at checkout; undefined: not offered (every customer orders on account). */
  stripe: StripeConfig | undefined;
  /** What a new account's payment terms are. */
  defaultPaymentTerms: 'card' | 'account';
  /** Artwork by URL: whether private addresses may be fetched (ARTWORK_FETCH_ALLOW_PRIVATE; local tests only), and the whole fetch's time-out. */
  artworkFetch: { allowPrivate: boolean; timeoutMs: number };
  /** Where files live (lib/app-file-store.ts): DATA_DIR/files, or an S3 bucket. */
  fileStore: { kind: 'local' } | { kind: 's3'; s3: S3StoreConfig };
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The API's address (https://api.stripe.com, or a stand-in's in tests). */
  apiBase: string;
}

/** Card payment when both secrets are set; undefined when neither is; an error when only one is, or its address is no http(s) one. */
function stripeConfig(e: z.output<typeof envSchema>): StripeConfig | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = e;
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey || !webhookSecret) throw new Error('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both, or neither');
  const apiBase = (e.STRIPE_API_BASE ?? 'https://api.stripe.com').replace(/\/+$/, '');
  if (!/^https?:$/.test(new URL(apiBase).protocol)) throw new Error('Invalid configuration:\n  STRIPE_API_BASE: must be an http(s) address');
  return { secretKey, webhookSecret, apiBase };
}

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
}

export interface OAuthConfig {
  google?: OAuthClientConfig;
  microsoft?: OAuthClientConfig & { tenant: string };
  github?: OAuthClientConfig;
  oidc?: OAuthClientConfig & { issuer: string; name: string };
}

/** The client of a provider when both its id and secret are set; undefined when neither is; an error when only one is. */
function oauthClient(prefix: string, id: string | undefined, secret: string | undefined): OAuthClientConfig | undefined {
  if (!id && !secret) return undefined;
  if (!id || !secret) throw new Error(`Invalid configuration:\n  ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET: set both, or neither`);
  return { clientId: id, clientSecret: secret };
}

function oauthConfig(e: z.output<typeof envSchema>): OAuthConfig {
  const google = oauthClient('OAUTH_GOOGLE', e.OAUTH_GOOGLE_CLIENT_ID, e.OAUTH_GOOGLE_CLIENT_SECRET);
  const microsoft = oauthClient('OAUTH_MICROSOFT', e.OAUTH_MICROSOFT_CLIENT_ID, e.OAUTH_MICROSOFT_CLIENT_SECRET);
  const github = oauthClient('OAUTH_GITHUB', e.OAUTH_GITHUB_CLIENT_ID, e.OAUTH_GITHUB_CLIENT_SECRET);
  const oidc = oauthClient('OAUTH_OIDC', e.OAUTH_OIDC_CLIENT_ID, e.OAUTH_OIDC_CLIENT_SECRET);
  if (oidc && !e.OAUTH_OIDC_ISSUER) throw new Error('Invalid configuration:\n  OAUTH_OIDC_ISSUER: required with OAUTH_OIDC_CLIENT_ID');
  // Plain http only for a provider on this machine (a test's); anywhere else the code and tokens would cross the network in clear.
  if (oidc && e.OAUTH_OIDC_ISSUER) {
    const issuer = new URL(e.OAUTH_OIDC_ISSUER);
    if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname))) {
      throw new Error('Invalid configuration:\n  OAUTH_OIDC_ISSUER: must be an https address (http only on 127.0.0.1 or localhost)');
    }
  }
  return {
    ...(google && { google }),
    ...(microsoft && { microsoft: { ...microsoft, tenant: e.OAUTH_MICROSOFT_TENANT || 'common' } }),
    ...(github && { github }),
    ...(oidc && e.OAUTH_OIDC_ISSUER && { oidc: { ...oidc, issuer: e.OAUTH_OIDC_ISSUER, name: e.OAUTH_OIDC_NAME?.trim() || 'Single sign-on' } }),
  };
}

/** FILE_STORE=s3 needs its endpoint, bucket and keys; each one missing is named. */
function fileStoreConfig(e: z.output<typeof envSchema>): Config['fileStore'] {
  if (e.FILE_STORE === 'local') return { kind: 'local' };
  const required = { S3_ENDPOINT: e.S3_ENDPOINT, S3_BUCKET: e.S3_BUCKET, S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY };
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => `  ${name}: required with FILE_STORE=s3`);
  if (missing.length) throw new Error(`Invalid configuration:\n${missing.join('\n')}`);
  return {
    kind: 's3',
    s3: {
      endpoint: e.S3_ENDPOINT!,
      region: e.S3_REGION ?? 'us-east-1',
      bucket: e.S3_BUCKET!,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
  };
}

export const DEFAULT_RATE_LIMITS: Config['rateLimits'] = {
  login: { max: 10, windowMs: 60_000 },
  loginPerIp: { max: 30, windowMs: 60_000 },
  loginPerAccount: { max: 50, windowMs: 60 * 60_000 },
  register: { max: 10, windowMs: 60 * 60_000 },
  passwordEmail: { max: 5, windowMs: 15 * 60_000 },
  passwordEmailPerAddress: { max: 5, windowMs: 60 * 60_000 },
  passwordReset: { max: 10, windowMs: 15 * 60_000 },
  currentPassword: { max: 10, windowMs: 15 * 60_000 },
  tickets: { max: 10, windowMs: 60 * 60_000 },
  ticketReplies: { max: 60, windowMs: 60 * 60_000 },
};

/** Environment → typed config. The only place that reads process.env for the server. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  // Two beats may be missed (a database busy for a moment) before the lease is lost.
  if (e.JOBS_HEARTBEAT_MS * 2 >= e.JOBS_LEASE_MS) throw new Error('Invalid configuration:\n  JOBS_HEARTBEAT_MS: must be less than half of JOBS_LEASE_MS');
  const stripe = stripeConfig(e);
  if (e.DEFAULT_PAYMENT_TERMS === 'card' && !stripe)
    throw new Error('Invalid configuration:\n  DEFAULT_PAYMENT_TERMS: card needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  // PGlite's data directory is one process's: instances of separate roles can only share a PostgreSQL.
  if (e.ROLE !== 'all' && !e.DATABASE_URL)
    throw new Error(
      `Invalid configuration:\n  ROLE: ${e.ROLE} needs DATABASE_URL (a PostgreSQL that the web and worker instances share); the embedded database serves ROLE=all only`,
    );
  // Each instance would otherwise make its own key in its own DATA_DIR: a page signed by one (its
  // XSRF token, a download or proof link) would be refused by the next.
  if (e.ROLE !== 'all' && !e.APP_KEY)
    throw new Error(`Invalid configuration:\n  APP_KEY: ROLE=${e.ROLE} needs APP_KEY, the same secret on every instance (at least 32 characters)`);
  return {
    role: e.ROLE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
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
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    maxConcurrentHashes: 2,
    // Two at a time, about 0.3 s each: eight waiting is a wait of about a second at most.
    maxQueuedHashes: 8,
    purgeIntervalMs: e.PURGE_INTERVAL_MINUTES * 60_000,
    databaseTimeouts: { connectMs: e.DB_CONNECT_TIMEOUT_MS, statementMs: e.DB_STATEMENT_TIMEOUT_MS, idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS },
    jobs: { pollMs: e.JOBS_POLL_MS, leaseMs: e.JOBS_LEASE_MS, heartbeatMs: e.JOBS_HEARTBEAT_MS },
    mail: { retryBaseMs: e.MAIL_RETRY_BASE_MS },
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE, retryScale: 1, timeoutMs: 15_000 },
    oauth: oauthConfig(e),
    stripe,
    // A fresh install without card payment orders on account, as before payment terms existed.
    defaultPaymentTerms: e.DEFAULT_PAYMENT_TERMS ?? (stripe ? 'card' : 'account'),
    artworkFetch: { allowPrivate: e.ARTWORK_FETCH_ALLOW_PRIVATE, timeoutMs: 60_000 },
    fileStore: fileStoreConfig(e),
  };
}
