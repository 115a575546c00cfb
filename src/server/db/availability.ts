import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SummarisedLog, SUMMARY_EVERY_MS } from '../lib/logging';
import { pgError } from './errors';

/**
 * Whether the database answers. A stalled or stopped PostgreSQL must not hang
 * every request, nor write a log line per request: the first connection or time-out error marks
 * the database down (one log line), API requests are then answered 503 at once, a probe on its own
 * connection asks every second whether it is back, and while it is not the log says so once per
 * interval with the number of requests refused (lib/logging.ts: SummarisedLog).
 */

/** SQLSTATE classes and codes that mean "the database is not there", not "this request is wrong". */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-4])/;
/** A statement or idle transaction cut short by its time-out: unavailable for this request, not an outage. */
const TIMEOUT_SQLSTATE = new Set(['57014', '25P03']);
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNABORTED',
]);
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /query read timeout/i,
  /connection timeout/i,
  /not queryable/i,
  /database did not answer/i,
  /cannot use a pool after calling end/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

export type Unavailability = 'outage' | 'timeout';

/** Is this error the database being away (or too slow), rather than a bug? Looks through drizzle's wrapper. */
export function databaseUnavailability(error: unknown): Unavailability | null {
  const sqlState = pgError(error)?.code;
  if (sqlState && TIMEOUT_SQLSTATE.has(sqlState)) return 'timeout';
  if (sqlState && UNAVAILABLE_SQLSTATE.test(sqlState)) return 'outage';
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e instanceof DatabaseBusyError) return 'timeout';
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return 'outage';
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e!.message as string))) return 'outage';
  }
  return null;
}

export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** A logger before the app lends its own: the CLI tools open the database too. */
const consoleLog = {
  error: (obj: object, msg: string) => console.error(msg, obj),
  warn: (obj: object, msg: string) => console.warn(msg, obj),
  info: (obj: object, msg: string) => console.info(msg, obj),
} as unknown as FastifyBaseLogger;

export interface AvailabilityOptions {
  /** While the database is down, one log line per this interval (default SUMMARY_EVERY_MS, 10 s). */
  logEveryMs?: number;
  /** While down, the probe asks this often whether it is back (default 1 s). */
  probeEveryMs?: number;
  /** While up, a heartbeat on the probe's own connection notices a stall this often (default 5 s; 0: no heartbeat). */
  heartbeatMs?: number;
  /** How long a probe waits for an answer (default 1.5 s). */
  probeTimeoutMs?: number;
  /** Embedded PGlite has no connection to lose: a slow answer there is load, never an outage. */
  neverDown?: boolean;
}

export class DatabaseAvailability {
  private isDown = false;
  private downSince = 0;
  private log: FastifyBaseLogger = consoleLog;
  /** Requests answered 503 while down: one line per interval with their count. */
  private readonly refused: SummarisedLog;
  private timer: NodeJS.Timeout | undefined;
  private watching = false;
  private readonly opts: Required<AvailabilityOptions>;

  constructor(
    /** One round trip on a connection of its own (never waiting behind a busy pool), or a rejection. */
    private readonly probe: (timeoutMs: number) => Promise<void>,
    opts: AvailabilityOptions = {},
  ) {
    this.opts = { logEveryMs: SUMMARY_EVERY_MS, probeEveryMs: 1000, heartbeatMs: 5000, probeTimeoutMs: 1500, neverDown: false, ...opts };
    this.refused = new SummarisedLog(() => this.log, {
      level: 'error',
      message: 'database still unavailable',
      countAs: 'refused',
      fields: () => ({ downForMs: Date.now() - this.downSince }),
      everyMs: this.opts.logEveryMs,
    });
  }

  get down(): boolean {
    return this.isDown;
  }

  useLogger(log: FastifyBaseLogger): void {
    this.log = log;
  }

  /** Pings the database; a failure marks it down, an answer marks it up. Rejects when it does not answer. */
  async check(timeoutMs = this.opts.probeTimeoutMs): Promise<void> {
    try {
      await this.probe(timeoutMs);
    } catch (error) {
      this.noteFailure(error);
      throw error;
    }
    this.noteUp();
  }

  /** An error of a query, the pool or the probe. Only an outage changes the state; anything else is ignored. */
  noteFailure(error: unknown): void {
    if (this.opts.neverDown) return;
    if (databaseUnavailability(error) !== 'outage' && !(error instanceof DatabaseTimeoutError)) return;
    if (this.isDown) return;
    this.isDown = true;
    this.downSince = Date.now();
    this.refused.take();
    this.log.error({ err: error instanceof Error ? error.message : String(error) }, 'database unavailable: API requests are answered 503 until it is back');
    this.schedule();
  }

  /** A request answered 503 because the database is down: counted, and logged once per interval. */
  noteRefused(): void {
    this.refused.note();
  }

  private noteUp(): void {
    if (!this.isDown) return;
    this.isDown = false;
    // The refusals not yet said are said here, in this line.
    this.log.warn({ downForMs: Date.now() - this.downSince, refused: this.refused.take() }, 'database available again');
    this.schedule();
  }

  /** Starts the heartbeat (and the probe while down). Timers never keep the process alive. */
  watch(): void {
    this.watching = true;
    this.schedule();
  }

  stop(): void {
    this.watching = false;
    clearTimeout(this.timer);
    this.refused.flush();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const every = this.isDown ? this.opts.probeEveryMs : this.opts.heartbeatMs;
    if (!every || (!this.watching && !this.isDown)) return;
    this.timer = setTimeout(() => {
      this.check().then(
        () => this.schedule(),
        () => this.schedule(),
      );
    }, every);
    this.timer.unref?.();
  }
}

/** A probe that got no answer in time. */
export class DatabaseTimeoutError extends Error {
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms.`);
  }
}

/**
 * The embedded database's one connection was held by others for longer than the wait allows (a long
 * transaction, or a burst): this request gives up, as a PostgreSQL pool's caller does when no
 * connection comes in time. Load, not an outage.
 */
export class DatabaseBusyError extends Error {
  constructor(ms: number) {
    super(`The database's connection was busy for ${ms} ms: gave up waiting for it.`);
    this.name = 'DatabaseBusyError';
  }
}

/** Rejects with DatabaseTimeoutError when `promise` does not settle within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function availabilityOf(request: FastifyRequest): DatabaseAvailability | undefined {
  return (request.server as FastifyInstance & { deps?: { database?: { availability?: DatabaseAvailability } } }).deps?.database?.availability;
}

/**
 * For the error handler (lib/errors.ts): a database that is away or too slow answers 503 with
 * Retry-After, not 500, and is logged by the availability tracker (once per interval), not per request.
 * Returns the message to send, or null when the error is something else.
 */
export function mapDatabaseUnavailable(error: unknown, request: FastifyRequest, reply: FastifyReply): string | null {
  const kind = databaseUnavailability(error);
  if (!kind) return null;
  const availability = availabilityOf(request);
  if (kind === 'outage' && availability) {
    if (availability.down) availability.noteRefused();
    else availability.noteFailure(error);
  } else {
    request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'database time-out');
  }
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return UNAVAILABLE_MESSAGE;
}

/**
 * While the database is down, API requests are answered 503 at once instead of each waiting for its
 * own time-out; `/api/health` still asks the database (and says `unavailable`).
 */
export function registerDatabaseAvailability(app: FastifyInstance, availability: DatabaseAvailability): void {
  availability.useLogger(app.log);
  app.addHook('onReady', async () => availability.watch());
  app.addHook('onClose', async () => availability.stop());
  // Callback style: on every request, and while the database is up it has nothing to wait for.
  app.addHook('onRequest', (request, reply, done) => {
    if (!availability.down || !request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return done();
    availability.noteRefused();
    reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).type('application/json; charset=utf-8').send({ message: UNAVAILABLE_MESSAGE });
  });
}
