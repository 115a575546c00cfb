import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { purgeExpiredResets } from './password-resets';
import { sessionStore } from './sessions';
import { purgeExpiredFlows } from '../oauth/flows';

/** Deletes expired sessions and reset rows; answers how many of each went. */
export async function purgeExpired(db: Db): Promise<{ sessions: number; resets: number; oauthFlows: number }> {
  return { sessions: await sessionStore(db).purgeExpired(), resets: await purgeExpiredResets(db), oauthFlows: await purgeExpiredFlows(db) };
}

/**
 * Runs the purge once the app is ready and then every `intervalMs` (PURGE_INTERVAL_MINUTES), on a
 * timer that keeps no process alive and stops when the app closes. A timer rather than a job of the
 * queue: the purge is one idempotent DELETE per table, so several instances running it do no harm
 * and there is nothing to hand over, retry or keep.
 */
export function schedulePurge(app: FastifyInstance, db: Db, intervalMs: number): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const purgeNow = () => {
    running ??= purgeExpired(db)
      .then((gone) => void (gone.sessions + gone.resets && app.log.debug(gone, 'expired sessions and reset links deleted')))
      .catch((err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not delete expired sessions and reset links'))
      .finally(() => (running = null));
  };
  app.addHook('onReady', async () => {
    purgeNow();
    timer = setInterval(purgeNow, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
