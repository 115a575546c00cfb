import http from 'node:http';
import https from 'node:https';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from '../../../shared/domain/webhooks/events';
import type { Db } from '../../db/client';
import { users, webhookDeliveries, webhookEndpoints, webhookEvents, type WebhookEndpointRow } from '../../db/schema';
import type { JobQueue } from '../../lib/jobs';
import type { ServiceLog } from '../../lib/logging';
import { publicAgents } from '../../lib/public-fetch';
import type { MailOutbox } from '../mail/service';
import { WEBHOOK_JOB_ATTEMPTS, WEBHOOK_QUEUE } from './emit';
import { signatureHeader } from './signing';

/** At most this much of an answer is read (and then dropped): a receiver's body is not ours to keep. */
const MAX_ANSWER_BYTES = 4096;
/** An endpoint is held by one delivery at a time this long at most (a worker that died lets go). */
const HOLD_MS = 60_000;
/** A delivery that found its endpoint busy looks again this soon: the holder may have finished without it. */
const BUSY_RETRY_MS = 1000;
/**
 * How long one holder keeps sending while its endpoint has deliveries due before it lets the
 * endpoint go (others' jobs take over): a stream of events flows without a hand-over (and the job
 * poll's wait) after every few, and no holder keeps an endpoint for ever.
 */
const HOLD_FOR_MS = 20_000;
/** A holder renews its hold (`sending_until`) after this many sends, well inside HOLD_MS. */
const RENEW_EVERY = 25;

export interface WebhookDeliveryDeps {
  db: Db;
  jobs: JobQueue;
  outbox: Pick<MailOutbox, 'queue'>;
  log: ServiceLog;
  appName: string;
  appUrl: string;
  /** WEBHOOK_ALLOW_PRIVATE; the scale of the retry waits (tests shrink it); one attempt's time-out. */
  config: { allowPrivate: boolean; retryScale: number; timeoutMs: number };
}

interface Attempt {
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** The secrets that sign now: the current one, and during a rotation's overlap the previous one. */
export function signingSecrets(endpoint: Pick<WebhookEndpointRow, 'secret' | 'previousSecret' | 'previousSecretUntil'>, now = new Date()): string[] {
  return endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now
    ? [endpoint.secret, endpoint.previousSecret]
    : [endpoint.secret];
}

/**
 * Delivering webhook events: a job per delivery (and per retry). Each endpoint has one delivery in
 * flight at a time (`sending_until`), and whoever holds it sends the endpoint's oldest due delivery
 * first, so in the normal case an endpoint receives its events in the order they were made; a
 * delivery waiting for a retry does not hold the others back (the order's `sequence` lets the
 * receiver ignore an event that arrives after a later one).
 *
 * An attempt POSTs the event's body as it was made, signed per Standard Webhooks, through an agent
 * that connects to public addresses only (unless WEBHOOK_ALLOW_PRIVATE), follows no redirect, waits
 * `timeoutMs`, and reads at most a few KB of the answer. 2xx: delivered. 410: the endpoint is
 * disabled at once. Anything else is tried again after WEBHOOK_RETRY_DELAYS_MS (about three days in
 * all); the last failure fails the delivery, and if nothing has reached the endpoint since that
 * event was made (three days of failures) the endpoint is disabled and its customer e-mailed.
 */
export function webhookDelivery(deps: WebhookDeliveryDeps) {
  const { db, jobs, config } = deps;
  // The same rule as artwork fetched by URL: public addresses only, judged at connect time.
  const agents = publicAgents({ allowPrivate: config.allowPrivate });
  const userAgent = `${deps.appName.replace(/[^\x20-\x7e]/g, '')} webhooks (+${deps.appUrl})`;

  function post(url: string, headers: Record<string, string>, body: string): Promise<Attempt> {
    const started = performance.now();
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
    return new Promise<Attempt>((resolve) => {
      let settled = false;
      const done = (status: number | null, error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status, error, durationMs: Math.round(performance.now() - started) });
      };
      const request = client.request(
        target,
        { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
        (response) => {
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read >= MAX_ANSWER_BYTES) {
              response.destroy();
              done(response.statusCode ?? null, null);
            }
          });
          response.on('end', () => done(response.statusCode ?? null, null));
          response.on('error', () => done(response.statusCode ?? null, null));
          response.on('close', () => done(response.statusCode ?? null, null));
        },
      );
      const timer = setTimeout(() => {
        request.destroy(new Error(`No answer within ${Math.round(config.timeoutMs / 1000)} s`));
      }, config.timeoutMs);
      request.on('error', (error) => done(null, error.message.slice(0, 500)));
      request.end(body);
    });
  }

  /** The endpoint is this delivery's to send to now, or another delivery to it is under way. */
  async function hold(endpointId: number): Promise<WebhookEndpointRow | null> {
    const [held] = await db
      .update(webhookEndpoints)
      .set({ sendingUntil: new Date(Date.now() + HOLD_MS) })
      .where(
        and(
          eq(webhookEndpoints.id, endpointId),
          eq(webhookEndpoints.active, true),
          sql`(${webhookEndpoints.sendingUntil} is null or ${webhookEndpoints.sendingUntil} < now())`,
        ),
      )
      .returning();
    return held ?? null;
  }

  async function oldestDue(endpointId: number) {
    const [next] = await db
      .select({ delivery: webhookDeliveries, event: webhookEvents })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, new Date())))
      .orderBy(asc(webhookDeliveries.eventId), asc(webhookDeliveries.id))
      .limit(1);
    return next ?? null;
  }

  /** Disables the endpoint, fails what waits for it, and e-mails its customer: in `tx`, with the change that disables it. */
  async function disable(tx: Db, endpoint: WebhookEndpointRow, reason: string): Promise<void> {
    await tx.update(webhookEndpoints).set({ active: false, disabledReason: reason, updatedAt: new Date() }).where(eq(webhookEndpoints.id, endpoint.id));
    await tx
      .update(webhookDeliveries)
      .set({ state: 'failed', nextAttemptAt: null, lastError: 'Not sent: the endpoint was disabled', updatedAt: new Date() })
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.state, 'pending')));
    const [owner] = await tx.select({ email: users.email, firstname: users.firstname }).from(users).where(eq(users.id, endpoint.userId));
    if (!owner?.email) return;
    const link = `${deps.appUrl}/account/api`;
    await deps.outbox.queue(tx, {
      to: owner.email,
      subject: `Webhook endpoint disabled: ${endpoint.url}`,
      text: [
        `Hello ${owner.firstname ?? ''},`.replace(' ,', ','),
        '',
        `We have stopped sending webhook events to ${endpoint.url}.`,
        `Why: ${reason}`,
        '',
        `Events made while it is disabled are not sent. Once your receiver works again, enable the endpoint at ${link}; the delivery log there lets you resend what it missed.`,
        '',
        deps.appName,
      ].join('\n'),
      links: [link],
    });
    deps.log.warn({ endpoint: endpoint.id, reason }, 'webhook endpoint disabled');
  }

  async function send(
    endpoint: WebhookEndpointRow,
    delivery: typeof webhookDeliveries.$inferSelect,
    event: typeof webhookEvents.$inferSelect,
  ): Promise<boolean> {
    const timestamp = Math.floor(Date.now() / 1000);
    const result = await post(
      endpoint.url,
      {
        'content-type': 'application/json',
        'user-agent': userAgent,
        'webhook-id': event.messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(signingSecrets(endpoint), event.messageId, timestamp, event.body),
      },
      event.body,
    );
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const attempts = delivery.attempts + 1;
    const now = new Date();
    const error = ok ? null : (result.error ?? `The endpoint answered ${result.status}`);
    let stillActive = true;
    await db.transaction(async (tx) => {
      const common = { attempts, lastStatus: result.status, lastDurationMs: result.durationMs, lastError: error, updatedAt: now };
      if (ok) {
        await tx
          .update(webhookDeliveries)
          .set({ ...common, state: 'succeeded', nextAttemptAt: null })
          .where(eq(webhookDeliveries.id, delivery.id));
        await tx.update(webhookEndpoints).set({ consecutiveFailures: 0, lastSuccessAt: now }).where(eq(webhookEndpoints.id, endpoint.id));
        return;
      }
      await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
        .where(eq(webhookEndpoints.id, endpoint.id));
      if (result.status === 410) {
        await tx
          .update(webhookDeliveries)
          .set({ ...common, state: 'failed', nextAttemptAt: null })
          .where(eq(webhookDeliveries.id, delivery.id));
        await disable(tx, endpoint, 'It answered 410 Gone: the receiver asked us to stop.');
        stillActive = false;
        return;
      }
      if (attempts < WEBHOOK_MAX_ATTEMPTS) {
        const runAt = new Date(now.getTime() + Math.round(WEBHOOK_RETRY_DELAYS_MS[attempts - 1] * config.retryScale));
        await tx
          .update(webhookDeliveries)
          .set({ ...common, nextAttemptAt: runAt })
          .where(eq(webhookDeliveries.id, delivery.id));
        await jobs.enqueue(tx, WEBHOOK_QUEUE, { delivery_id: delivery.id }, { runAt, maxAttempts: WEBHOOK_JOB_ATTEMPTS });
        return;
      }
      await tx
        .update(webhookDeliveries)
        .set({ ...common, state: 'failed', nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      // Nothing has reached it since this event was made, days ago: the receiver is gone.
      const [fresh] = await tx.select({ lastSuccessAt: webhookEndpoints.lastSuccessAt }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
      if (!fresh?.lastSuccessAt || fresh.lastSuccessAt < event.createdAt) {
        await disable(tx, endpoint, `Every delivery has failed since ${event.createdAt.toISOString().slice(0, 10)} (last: ${error}).`);
        stillActive = false;
      }
    });
    return stillActive;
  }

  async function deliver(payload: { delivery_id: number }): Promise<void> {
    const [found] = await db
      .select({ delivery: webhookDeliveries, active: webhookEndpoints.active })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, payload.delivery_id));
    // Sent already (by the endpoint's holder), failed, or gone with its endpoint.
    if (!found || found.delivery.state !== 'pending') return;
    if (!found.active) {
      await db
        .update(webhookDeliveries)
        .set({ state: 'failed', nextAttemptAt: null, lastError: 'Not sent: the endpoint is disabled', updatedAt: new Date() })
        .where(eq(webhookDeliveries.id, payload.delivery_id));
      return;
    }
    const endpoint = await hold(found.delivery.endpointId);
    if (!endpoint) {
      // Another delivery to this endpoint is under way: look again in a moment (it may send this one first).
      await jobs.enqueue(db, WEBHOOK_QUEUE, payload, { runAt: new Date(Date.now() + BUSY_RETRY_MS), maxAttempts: WEBHOOK_JOB_ATTEMPTS });
      return;
    }
    try {
      const until = Date.now() + HOLD_FOR_MS;
      for (let sent = 1; Date.now() < until; sent++) {
        const next = await oldestDue(endpoint.id);
        if (!next) break;
        if (!(await send(endpoint, next.delivery, next.event))) break;
        if (sent % RENEW_EVERY === 0)
          await db
            .update(webhookEndpoints)
            .set({ sendingUntil: new Date(Date.now() + HOLD_MS) })
            .where(eq(webhookEndpoints.id, endpoint.id));
      }
    } finally {
      await db.update(webhookEndpoints).set({ sendingUntil: null }).where(eq(webhookEndpoints.id, endpoint.id));
    }
    // This delivery may still be due (the hold's time was used up): its own job looks again.
    const [left] = await db
      .select({ state: webhookDeliveries.state, nextAttemptAt: webhookDeliveries.nextAttemptAt })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, payload.delivery_id));
    if (left?.state === 'pending' && left.nextAttemptAt && left.nextAttemptAt <= new Date()) {
      await jobs.enqueue(db, WEBHOOK_QUEUE, payload, { maxAttempts: WEBHOOK_JOB_ATTEMPTS });
    }
  }

  jobs.register<{ delivery_id: number }>(WEBHOOK_QUEUE, deliver, { concurrency: 4, maxAttempts: WEBHOOK_JOB_ATTEMPTS, backoff: { baseMs: 5000 } });
  return { deliver };
}
