import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Role } from '../config';
import type { Database } from '../db/client';
import type { JobObserver } from './jobs-types';
import type { ServiceLog } from './logging';

/**
 * What GET /metrics tells an operator (Prometheus text, prom-client): requests per route pattern,
 * the job queue's depth and age and its jobs' durations and failures, the mail outbox's backlog,
 * the artwork check's time, the database pool, and the process (prom-client's defaults).
 *
 * One registry per app (tests build several apps in one process; the library's global registry
 * would refuse the second app's metrics). The queue's and the outbox's state are the database's,
 * shared by every instance: read on each scrape in one statement, so any instance answers for all.
 * Counters and histograms are this process's own, as Prometheus expects (it sums the instances).
 */
export interface AppMetrics {
  readonly registry: Registry;
  /** The job runner's report of each attempt. */
  readonly jobs: JobObserver;
  /** One answer, by its route's pattern. */
  httpAnswered(labels: { method: string; route: string; status_class: string }, seconds: number): void;
  /** Times one artwork check (preflight and previews). */
  timePreflight<T>(work: () => Promise<T>): Promise<T>;
  /** The whole exposition, the database's state read now. */
  scrape(): Promise<string>;
}

/** Request latencies: an API answer, a price, a page — up to an upload of a large file. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Jobs: a mail is sent in well under a second; a batch ZIP of large artwork takes minutes. */
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];
/** The artwork check of a PDF: a page or two in a fraction of a second, a 100 MB file up to its minute's limit. */
const PREFLIGHT_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60];

export function createMetrics(opts: { database: Database; role: Role; version: string; log: ServiceLog }): AppMetrics {
  const { database, log } = opts;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  new Gauge({ name: 'pjt_instance_info', help: "This instance's role and version (always 1).", labelNames: ['role', 'version'], registers: [registry] })
    .labels(opts.role, opts.version)
    .set(1);

  const httpLabels = ['method', 'route', 'status_class'] as const;
  const httpRequests = new Counter({
    name: 'pjt_http_requests_total',
    help: 'Requests answered, per route pattern.',
    labelNames: httpLabels,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'pjt_http_request_duration_seconds',
    help: 'Time to answer a request, per route pattern.',
    labelNames: httpLabels,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });

  const jobDuration = new Histogram({
    name: 'pjt_job_duration_seconds',
    help: 'One attempt of a job, by this instance: outcome done, retried (it failed and waits for another try), failed (for good) or abandoned (its lease lost, or given back at shutdown).',
    labelNames: ['queue', 'outcome'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'pjt_job_failures_total',
    help: 'Attempts of jobs that failed, by this instance; final="true" when the job has failed for good.',
    labelNames: ['queue', 'final'],
    registers: [registry],
  });
  const preflight = new Histogram({
    name: 'pjt_preflight_duration_seconds',
    help: "The artwork check of one PDF (preflight and previews, in the PDF engine's worker thread); outcome error when the engine could not finish it.",
    labelNames: ['outcome'],
    buckets: PREFLIGHT_BUCKETS,
    registers: [registry],
  });

  const jobsNow = new Gauge({
    name: 'pjt_jobs',
    help: 'Jobs in the queue table (every instance): waiting (due, not taken), scheduled (a later run: retries, delays), running, failed (kept for staff).',
    labelNames: ['queue', 'state'],
    registers: [registry],
  });
  const oldestWaiting = new Gauge({
    name: 'pjt_job_oldest_waiting_seconds',
    help: 'How long the oldest due job of a queue has waited to be taken (0: none waits).',
    labelNames: ['queue'],
    registers: [registry],
  });
  const outbox = new Gauge({
    name: 'pjt_mail_outbox_messages',
    help: 'Messages of the mail outbox not sent: queued (to send or retry), failed (given up).',
    labelNames: ['status'],
    registers: [registry],
  });
  const outboxOldest = new Gauge({
    name: 'pjt_mail_outbox_oldest_queued_seconds',
    help: 'Age of the oldest message not yet sent (0: none).',
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'pjt_database_up',
    help: "1 when this scrape's read of the queue and outbox succeeded, else 0.",
    registers: [registry],
  });
  new Gauge({
    name: 'pjt_db_pool_connections',
    help: 'The database pool of this instance: total and idle connections, and callers waiting for one (embedded PGlite: its one connection).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const usage = database.connections();
      this.labels('total').set(usage.total);
      this.labels('idle').set(usage.idle);
      this.labels('waiting').set(usage.waiting);
    },
  });

  /** Queues seen once keep answering 0 when they empty, rather than vanishing from the graphs. */
  const queuesSeen = new Set<string>();
  const JOB_STATES = ['waiting', 'scheduled', 'running', 'failed'] as const;

  /** The queue and the outbox, in one statement (partial indexes on status serve each part). */
  async function readQueues(): Promise<void> {
    const result = await database.db.execute(sql`
      select 'job' as kind, queue as name,
        count(*) filter (where status = 'queued' and run_at <= now())::int as waiting,
        count(*) filter (where status = 'queued' and run_at > now())::int as scheduled,
        count(*) filter (where status = 'running')::int as running,
        count(*) filter (where status = 'failed')::int as failed,
        coalesce(extract(epoch from now() - min(run_at) filter (where status = 'queued' and run_at <= now())), 0)::float8 as oldest
      from jobs where status in ('queued', 'running', 'failed') group by queue
      union all
      select 'mail', '', count(*) filter (where status = 'queued')::int, 0, 0, count(*) filter (where status = 'failed')::int,
        coalesce(extract(epoch from now() - min(created_at) filter (where status = 'queued')), 0)::float8
      from mail_outbox where status in ('queued', 'failed')`);
    const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const found = new Set<string>();
    for (const row of rows) {
      if (row.kind === 'mail') {
        outbox.labels('queued').set(Number(row.waiting));
        outbox.labels('failed').set(Number(row.failed));
        outboxOldest.set(Number(row.oldest));
        continue;
      }
      const queue = String(row.name);
      found.add(queue);
      queuesSeen.add(queue);
      for (const state of JOB_STATES) jobsNow.labels(queue, state).set(Number(row[state]));
      oldestWaiting.labels(queue).set(Number(row.oldest));
    }
    for (const queue of queuesSeen) {
      if (found.has(queue)) continue;
      for (const state of JOB_STATES) jobsNow.labels(queue, state).set(0);
      oldestWaiting.labels(queue).set(0);
    }
  }

  return {
    registry,
    httpAnswered(labels, seconds) {
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    jobs: {
      jobEnded(queue, outcome, seconds) {
        if (seconds !== null) jobDuration.labels(queue, outcome).observe(seconds);
        if (outcome === 'failed' || outcome === 'retried') jobFailures.labels(queue, String(outcome === 'failed')).inc();
      },
    },
    async timePreflight(work) {
      const end = preflight.startTimer();
      try {
        const result = await work();
        end({ outcome: 'ok' });
        return result;
      } catch (error) {
        end({ outcome: 'error' });
        throw error;
      }
    },
    async scrape() {
      try {
        await readQueues();
        databaseUp.set(1);
      } catch (error) {
        // The process's own metrics still say something useful while the database is away.
        databaseUp.set(0);
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'metrics: could not read the job queue and the mail outbox');
      }
      return registry.metrics();
    },
  };
}

/** `2xx`, `4xx`…: the class is what an alert needs, and keeps the series few. */
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Counts and times every answer by its route's pattern (`/api/orders/:id`, never the address with
 * its ids and query in it); an address no route matches counts as `unmatched`.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpAnswered(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_class: statusClass(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** Whether `header` is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
