import type { Db } from '../../db/client';
import type { ServiceLog } from '../../lib/logging';
import { purgeExpiredResets } from './password-resets';
import { sessionStore } from './sessions';
import { purgeExpiredFlows } from '../oauth/flows';
import { purgeOldWebhookEvents } from '../webhooks/service';
import type { FileStore } from '../../lib/files';
import { purgeExpiredIdempotencyKeys } from '../trade-api/idempotency';
import { purgeOldTestOrders } from '../trade-api/orders';
import { purgeExpiredRateLimits } from '../../lib/rate-limit';

/**
 * Deletes expired sessions and reset rows, webhook deliveries past their 30 days, the trade API's
 * Idempotency-Keys past their 24 hours, the sandbox's orders past their 30 days (their files once
 * the rows are gone), and rate-limit counters whose window has ended; answers how many of each went.
 */
export async function purgeExpired(
  db: Db,
  files?: Pick<FileStore, 'delete'>,
): Promise<{
  sessions: number;
  resets: number;
  oauthFlows: number;
  webhookEvents: number;
  idempotencyKeys: number;
  testOrders: number;
  rateLimits: number;
}> {
  const testOrders = await purgeOldTestOrders(db);
  if (files) await Promise.all(testOrders.files.map((key) => files.delete(key)));
  return {
    sessions: await sessionStore(db).purgeExpired(),
    resets: await purgeExpiredResets(db),
    oauthFlows: await purgeExpiredFlows(db),
    webhookEvents: await purgeOldWebhookEvents(db),
    idempotencyKeys: await purgeExpiredIdempotencyKeys(db),
    testOrders: testOrders.orders,
    rateLimits: await purgeExpiredRateLimits(db),
  };
}

/**
 * The purge, run at `start` (once the app is ready) and then every `intervalMs`
 * (PURGE_INTERVAL_MINUTES), on a timer that keeps no process alive; `stop` (when the app closes)
 * ends the timer and waits for a purge under way. A timer rather than a job of the queue: the purge
 * is one idempotent DELETE per table, so several instances running it do no harm and there is
 * nothing to hand over, retry or keep.
 */
export function purgeSchedule(
  db: Db,
  intervalMs: number,
  log: Pick<ServiceLog, 'warn'> & { debug(fields: object, message: string): void },
  files?: Pick<FileStore, 'delete'>,
): { start(): void; stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const purgeNow = () => {
    running ??= purgeExpired(db, files)
      .then((gone) => void (gone.sessions + gone.resets && log.debug(gone, 'expired sessions and reset links deleted')))
      .catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not delete expired sessions and reset links'))
      .finally(() => (running = null));
  };
  return {
    start() {
      purgeNow();
      timer = setInterval(purgeNow, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
