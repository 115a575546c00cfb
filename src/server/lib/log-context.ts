import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServiceLog } from './logging';

/**
 * Which request or job the code running now works for, as the logger that says so: a request's
 * (Fastify's child logger, bound to its `reqId`) or a job's (bound to its `job` id and `queue`).
 * Services are given the app's logger once, when they are built; the logger `contextualLog` makes
 * writes each line through the logger of the work under way, so a line a service writes while it
 * answers a request carries that request's id, and one written by a job carries the job's.
 */
const current = new AsyncLocalStorage<ServiceLog>();

/** Runs `work` with `log` (a child of the app's logger) as the logger of the work under way: a job's run. */
export function withLogContext<T>(log: ServiceLog, work: () => T): T {
  return current.run(log, work);
}

/**
 * A logger that writes through the logger of the request or job under way, else through `base`.
 * Its level and redaction are `base`'s (a request's logger is a child of it).
 */
export function contextualLog(base: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(base, {
    get(target, property) {
      const log = current.getStore() ?? target;
      const value: unknown = Reflect.get(log, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(log) : value;
    },
  });
}

/** From its first hook on, each request's work runs with the request's logger as the logger of the work under way. */
export function registerLogContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => current.run(request.log, done));
}
