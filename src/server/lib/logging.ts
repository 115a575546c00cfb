import type { FastifyRequest, FastifyServerOptions } from 'fastify';
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
