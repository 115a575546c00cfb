import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

export interface ShutdownOptions {
  app: FastifyInstance;
  database: Database;
  /** How long requests and jobs under way may take (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Ends the process (process.exit; a test's stand-in). */
  exit(code: number): void;
}

/**
 * The graceful shutdown on SIGTERM or SIGINT (DESIGN §1 "Running on many machines"): an instance
 * restarted in a rolling deploy loses no request and no job.
 *
 * 1. The readiness check turns "draining" (a load balancer that asks stops sending).
 * 2. The HTTP server stops accepting connections (Fastify's close: a request arriving on a kept-alive
 *    connection is answered 503 with `Connection: close`), and the requests under way finish.
 * 3. At the same moment the job queue stops taking jobs, and the jobs under way finish.
 * 4. Both within `timeoutMs`: then the connections still open are cut, and the jobs still running are
 *    given back (their leases released: another worker takes them at once, not a lease later).
 * 5. The database pool (or PGlite) is closed and the process exits 0.
 * A second signal exits at once (1): the jobs it held are retaken when their leases run out.
 */
export function gracefulShutdown({ app, database, timeoutMs, exit }: ShutdownOptions): (signal: string) => Promise<void> {
  const log = app.log;
  let shuttingDown = false;
  return async (signal) => {
    if (shuttingDown) {
      log.warn({ signal }, 'shutdown: second signal, exiting now');
      return exit(1);
    }
    shuttingDown = true;
    const startedAt = Date.now();
    const since = () => ({ afterMs: Date.now() - startedAt });
    log.info({ signal, timeoutMs, role: app.deps.config.role }, 'shutdown: draining (readiness now answers 503; no new connections; no new jobs)');
    app.lifecycle.beginDrain();

    const deadline = setTimeout(() => {
      log.warn(since(), 'shutdown: time is up, closing the connections still open');
      app.server.closeAllConnections();
    }, timeoutMs);
    deadline.unref();

    const jobs = app.deps.jobs;
    if (jobs.running) log.info({ running: jobs.running }, 'shutdown: waiting for the jobs under way');
    const jobsStopped = jobs.stop(timeoutMs).then(() => log.info(since(), 'shutdown: job queue stopped'));
    app.server.once('close', () => log.info(since(), 'shutdown: HTTP server closed, every request answered'));
    try {
      // Fastify's close stops the listener and waits for the requests, then runs the app's onClose
      // hooks (the same job queue stop, the PDF engine, the mailer).
      await Promise.all([app.close(), jobsStopped]);
    } catch (error) {
      log.error({ err: error instanceof Error ? error.message : String(error) }, 'shutdown: closing the app failed');
    }
    clearTimeout(deadline);
    try {
      await database.close();
      log.info(since(), 'shutdown: database closed');
    } catch (error) {
      log.error({ err: error instanceof Error ? error.message : String(error) }, 'shutdown: closing the database failed');
    }
    log.info(since(), 'shutdown: complete');
    exit(0);
  };
}
