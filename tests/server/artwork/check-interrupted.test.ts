import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/shared/api/orders';
import { jobs } from '../../../src/server/db/schema';
import { INTERRUPTED_LAST } from '../../../src/server/lib/jobs';
import { ARTWORK_QUEUE } from '../../../src/server/modules/artwork/job';
import type { TestApp } from '../helpers/app';
import type { ApiClient } from '../helpers/client';
import { basketWithCard, CLEAN_CARD, ok, orderingApp, pdf, upload, type Catalogue } from '../orders/helpers';

/**
 * An artwork check whose worker died running it (a PDF that takes the engine, and the process, down):
 * taken again while it has attempts left; on its last, failed, and the customer told to send another
 * file rather than shown "checking…" for ever.
 */

let t: TestApp;
let shopper: ApiClient;
let cat: Catalogue;

beforeAll(async () => {
  ({ t, shopper, cat } = await orderingApp());
  // This app's worker stands aside while the checks are left as a worker killed mid-way leaves them.
  await t.app.deps.jobs.stop();
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;

/** An uploaded card whose check was taken `attempts` times, the last by a worker that then died. */
async function checkCutShort(attempts: number) {
  const { order, item } = await basketWithCard(shopper, cat);
  ok(await upload(shopper, order.id, item.id, await pdf(CLEAN_CARD)));
  const [job] = await db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, ARTWORK_QUEUE), sql`(${jobs.payload}->>'itemId')::int = ${item.id}`));
  const lastHeard = new Date(Date.now() - 61_000);
  await db()
    .update(jobs)
    .set({ status: 'running', attempts, lockedBy: 'killed-worker', heartbeatAt: lastHeard, lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(jobs.id, job.id));
  return { order, jobId: job.id, lastHeard };
}

const itemOf = async (orderId: number) => ok<Order>(await shopper.get(`/api/orders/${orderId}`)).items[0];
const jobRow = async (id: number) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0];

describe('an artwork check whose worker died', () => {
  it('on its last attempt: is not taken again, and the item says it could not be checked', async () => {
    const { order, jobId, lastHeard } = await checkCutShort(3);
    expect((await itemOf(order.id)).artwork!.preflight.status).toBe('pending');
    await t.app.deps.jobs.drain();

    expect((await itemOf(order.id)).artwork).toMatchObject({
      preview: false,
      preflight: { status: 'fail', checks: [{ code: 'file', status: 'fail', message: expect.stringContaining('We could not check this PDF') }] },
    });
    expect(await jobRow(jobId)).toMatchObject({ status: 'failed', attempts: 3, interruptedAt: lastHeard, lastError: INTERRUPTED_LAST });
  });

  it('before its last attempt: is checked again', async () => {
    const { order, jobId } = await checkCutShort(2);
    await t.app.deps.jobs.drain();

    expect((await itemOf(order.id)).artwork).toMatchObject({ preview: true, preflight: { status: 'pass' } });
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', attempts: 3 });
  });
});
