import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oauthFlows } from '../../db/schema';

/** Deletes social sign-in flows past their expiry (run with the sessions' purge); answers how many. */
export async function purgeExpiredFlows(db: Db): Promise<number> {
  const gone = await db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, new Date())).returning({ id: oauthFlows.id });
  return gone.length;
}
