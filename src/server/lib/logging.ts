import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';
import type { Config } from '../config';

/** A set-password link's path (reset and welcome mails; the API's check of one): the browser's router matches it in any letter case. */
const TOKEN_PATH = /^((?:\/+api)?\/+password\/+reset\/+)[^/?#]+/i;
/** Query parameters that carry a secret in a link (tokens, OAuth codes and states, social sign-in hand-off codes, signatures). */
const SECRET_PARAM = /([?&](?:token|code|state|key|signature|sig|password|secret|oauth)=)[^&#]*/gi;
const REDACTED = '[redacted]';

/** The address as the access log writes it: the route stays, the token in it does not. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_PATH, `$1${REDACTED}`).replace(SECRET_PARAM, `$1${REDACTED}`);
}

/**
 * Where the log goes: in a terminal (stdout is a TTY, e.g. `npm start` by hand) human-readable lines
 * through pino-pretty, written synchronously so that they stay in order with the start banner;
 * otherwise (a pipe, a file, a log collector) pino's JSON lines on stdout.
 */
function logStream(): NodeJS.WritableStream | undefined {
  if (!process.stdout.isTTY) return undefined;
  try {
    const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => NodeJS.WritableStream;
    return pretty({ colorize: true, sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  } catch {
    return undefined; // pino-pretty not installed: JSON, as in production
  }
}

/** The app's logger options (pino, through Fastify): level from LOG_LEVEL, and no secrets in the lines. */
export function appLoggerOptions(config: Pick<Config, 'logLevel'>) {
  return {
    level: config.logLevel,
    stream: logStream(),
    // Tokens travel in headers; never write them to the log.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
    serializers: {
      // Fastify's own request serializer, with the address redacted (DESIGN §1: no tokens or reset links in the log).
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        version: request.headers?.['accept-version']?.toString(),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  } satisfies FastifyServerOptions['logger'];
}

/** How often a summarised event is said in the log (SummarisedLog). */
export const SUMMARY_EVERY_MS = 10_000;

export interface SummarisedLogOptions {
  level: 'warn' | 'error';
  message: string;
  /** The field the count is written as (default `count`). */
  countAs?: string;
  /** More fields for the line, read when it is written. */
  fields?: () => object;
  /** One line per this interval at most (default SUMMARY_EVERY_MS). */
  everyMs?: number;
}

/**
 * Something that may happen on every request of a burst — a refusal by design (the database is
 * away, the password hashes are busy), not a fault — said in the log once per interval with how
 * many times it happened, never a line with a stack per request. The first occurrence opens an
 * interval; its end writes one line with the interval's count. Closing the app writes what is
 * counted but not yet said (`flush`).
 */
export class SummarisedLog {
  private count = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly log: () => FastifyBaseLogger,
    private readonly opts: SummarisedLogOptions,
  ) {}

  note(): void {
    this.count++;
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.opts.everyMs ?? SUMMARY_EVERY_MS);
    this.timer.unref?.();
  }

  /** Writes the line for what has been counted (none when nothing was). */
  flush(): void {
    const count = this.take();
    if (count) this.log()[this.opts.level]({ ...this.opts.fields?.(), [this.opts.countAs ?? 'count']: count }, this.opts.message);
  }

  /** The count not yet said, which the caller says in a line of its own (none is written for it here). */
  take(): number {
    clearTimeout(this.timer);
    this.timer = undefined;
    const count = this.count;
    this.count = 0;
    return count;
  }
}

/**
 * What a service writes its log lines with: the app's logger (pino, Fastify's own) satisfies it, and
 * a service that takes this needs to know nothing of HTTP.
 */
export interface ServiceLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
