import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/shared/api/orders';
import type { Batch, BatchSummary } from '../../../src/shared/api/staff-production';
import { buildApp } from '../../../src/server/app';
import { batches, jobs } from '../../../src/server/db/schema';
import { INTERRUPTED, INTERRUPTED_LAST } from '../../../src/server/lib/jobs';
import type { TestApp } from '../helpers/app';
import type { ApiClient } from '../helpers/client';
import { readZip } from '../helpers/zip';
import { confirmedOrder, ok, orderingApp, seedDelivery, type Catalogue } from '../orders/helpers';

/**
 * A batch run whose worker dies mid-ZIP: the run is taken over by another worker within a lease and
 * made again, leaving one ZIP and no stray file. Leases here are a second and a half, renewed every
 * 300 ms (the real ones: a minute, renewed every 20 s).
 */
const LEASE = { leaseMs: 1500, heartbeatMs: 300 };

let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let cat: Catalogue;
let del: Awaited<ReturnType<typeof seedDelivery>>;

beforeAll(async () => {
  ({ t, staff, shopper, cat, del } = await orderingApp({ jobs: { pollMs: 50, ...LEASE } }));
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const filesDir = () => path.join(t.dataDir, 'files');
/** Every file under the store whose name is a temporary of a write (the store's `.part`, the PDF engine's `.partial`). */
const temporaries = () => (readdirSync(filesDir(), { recursive: true }) as string[]).filter((name) => name.endsWith('.part') || name.endsWith('.partial'));
const batchFiles = (id: number) => {
  try {
    return readdirSync(path.join(filesDir(), 'batches')).filter((name) => name.startsWith(`batch-${id}-`));
  } catch {
    return [];
  }
};
const readBatch = async (id: number) => ok<Batch>(await staff.get(`/api/admin/batches/${id}`));
const jobOf = async (batchId: number) => {
  const [batch] = await db().select().from(batches).where(eq(batches.id, batchId));
  const [job] = await db().select().from(jobs).where(eq(jobs.id, batch.jobId!));
  return job;
};

/** The two orders' artwork, a job sheet and jobs.csv: the whole ZIP of a run of both. */
async function expectWholeZip(batch: Batch, orderIds: number[]) {
  const names = [...(await readZip((await staff.get(`/api/admin/batches/${batch.id}/zip`)).rawPayload)).keys()];
  expect(
    names
      .filter((n) => n.endsWith('.pdf') && n !== 'job-sheet.pdf')
      .map((n) => Number(n.split('-')[0]))
      .sort(),
  ).toEqual([...orderIds].sort());
  expect(names).toEqual(expect.arrayContaining(['jobs.csv', 'job-sheet.pdf']));
}

describe('a batch run whose worker died mid-ZIP', () => {
  it('is made again by another worker: one ZIP, no stray file, and staff are told it was interrupted and is being retried', async () => {
    const orders = [await confirmedOrder(t, shopper, cat, del.first.id), await confirmedOrder(t, shopper, cat, del.first.id)];
    // This app's worker stands aside while the run is left as a worker killed mid-ZIP leaves it.
    await t.app.deps.jobs.stop();
    const started = ok<BatchSummary>(await staff.post('/api/admin/batches/run', {}), 201);
    const job = await jobOf(started.id);
    const lastHeard = new Date(Date.now() - 2 * LEASE.leaseMs);
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'killed-worker', heartbeatAt: lastHeard, lockedUntil: new Date(lastHeard.getTime() + LEASE.leaseMs) })
      .where(eq(jobs.id, job.id));
    await db().update(batches).set({ status: 'running', filesDone: 1, filesTotal: 2 }).where(eq(batches.id, started.id));
    mkdirSync(path.join(filesDir(), 'batches'), { recursive: true });
    writeFileSync(path.join(filesDir(), 'batches', `batch-${started.id}-DeadWork.zip.Ab12Cd.part`), Buffer.alloc(4096, 1));

    // Before another worker takes it: still being made (no second run), its worker silent since it died.
    const silent = await readBatch(started.id);
    expect(silent).toMatchObject({ status: 'running', run: { attempt: 1, interrupted_at: null, silent_since: lastHeard.toISOString() } });
    expect((await staff.post('/api/admin/batches/run', {})).statusCode).toBe(409);

    // While the next worker makes it again, the batch says the first attempt was interrupted, and when.
    const files = t.app.deps.files;
    const stream = files.stream.bind(files);
    let duringRetry: Batch | undefined;
    files.stream = async (key) => {
      duringRetry ??= await readBatch(started.id);
      return stream(key);
    };
    try {
      await t.app.deps.jobs.drain();
    } finally {
      files.stream = stream;
      t.app.deps.jobs.start();
    }
    expect(duringRetry).toMatchObject({
      status: 'running',
      run: { attempt: 2, interrupted_at: lastHeard.toISOString(), last_error: INTERRUPTED, silent_since: null },
    });

    const batch = await readBatch(started.id);
    expect(batch).toMatchObject({
      status: 'done',
      item_count: 2,
      order_count: 2,
      run: { attempt: 2, interrupted_at: lastHeard.toISOString(), last_error: null },
    });
    await expectWholeZip(
      batch,
      orders.map((o) => o.id),
    );
    expect(batchFiles(started.id)).toHaveLength(1);
    expect(temporaries()).toEqual([]);
  });

  it('on its last attempt: is not made again, the batch fails saying why, its files removed and nothing moved; the next run makes it', async () => {
    const order = await confirmedOrder(t, shopper, cat, del.first.id);
    await t.app.deps.jobs.stop();
    const started = ok<BatchSummary>(await staff.post('/api/admin/batches/run', {}), 201);
    const job = await jobOf(started.id);
    await db()
      .update(jobs)
      .set({
        status: 'running',
        attempts: job.maxAttempts,
        lockedBy: 'killed-worker',
        heartbeatAt: new Date(Date.now() - 61_000),
        lockedUntil: new Date(Date.now() - 1000),
      })
      .where(eq(jobs.id, job.id));
    await db().update(batches).set({ status: 'running', filesDone: 1, filesTotal: 1 }).where(eq(batches.id, started.id));
    mkdirSync(path.join(filesDir(), 'batches'), { recursive: true });
    writeFileSync(path.join(filesDir(), 'batches', `batch-${started.id}-DeadWork.zip.Ef34Gh.part`), Buffer.alloc(4096, 1));
    try {
      await t.app.deps.jobs.drain();
    } finally {
      t.app.deps.jobs.start();
    }

    expect(await readBatch(started.id)).toMatchObject({
      status: 'failed',
      error: 'The batch could not be made (the worker making it stopped before it finished, on each of its attempts). Nothing was moved: run it again.',
      run: { attempt: job.maxAttempts, last_error: INTERRUPTED_LAST },
    });
    expect(batchFiles(started.id)).toEqual([]);
    expect(ok<Order>(await shopper.get(`/api/orders/${order.id}`)).status).toBe('live');

    const again = ok<BatchSummary>(await staff.post('/api/admin/batches/run', {}), 201);
    await t.app.deps.jobs.drain();
    expect(await readBatch(again.id)).toMatchObject({ status: 'done', order_count: 1 });
  });
});

describe('the file store at start-up', () => {
  it('removes the temporaries of writes that never finished once untouched for a lease, and keeps those being written', async () => {
    const put = (key: string, ageMs: number) => {
      const file = path.join(filesDir(), key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'x');
      const at = new Date(Date.now() - ageMs);
      utimesSync(file, at, at);
      return file;
    };
    const hour = 60 * 60_000;
    const abandoned = [
      put('batches/batch-9001-Aa11Bb22.zip.Cc33Dd.part', hour),
      put('artwork/1/2/card.pdf.Ee44Ff.part', hour),
      put('previews/7/card.png.partial', hour),
    ];
    // Another instance's ZIP being written now, and a finished file as old as the abandoned ones.
    const underWay = put('batches/batch-9002-Gg55Hh66.zip.Ii77Jj.part', 0);
    const finished = put('batches/batch-9000-Kk88Ll99.zip', hour);

    // A second instance starts on the same database and files.
    const other = await buildApp({ config: t.config, database: t.database, distDir: null, logger: false });
    await other.ready();
    try {
      for (const deadline = Date.now() + 10_000; abandoned.some((f) => existsSync(f)) && Date.now() < deadline;) await sleep(20);
    } finally {
      await other.close();
    }
    expect(abandoned.filter((f) => existsSync(f))).toEqual([]);
    expect(existsSync(underWay)).toBe(true);
    expect(existsSync(finished)).toBe(true);
  });
});

const killedWorker = fileURLToPath(new URL('../fixtures/batch-worker.ts', import.meta.url));

/** Resolves with the child once it has written `line` on its own line. */
function waitForLine(child: ChildProcess, line: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`the worker never said "${line}" (it said: ${seen})`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.split('\n').includes(line)) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before saying "${line}"`)));
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a batch run on an instance killed mid-ZIP (PostgreSQL: a second instance in its own process)', () => {
  it('is finished by this instance within the test: one ZIP, no stray file', async () => {
    const orders = [await confirmedOrder(t, shopper, cat, del.first.id), await confirmedOrder(t, shopper, cat, del.first.id)];
    // The other instance takes the run: this one's worker stands aside until that one is dead.
    await t.app.deps.jobs.stop();
    const child = spawn(process.execPath, ['--import', 'tsx', killedWorker], {
      env: {
        ...process.env,
        DATABASE_URL: t.config.databaseUrl,
        DATA_DIR: t.dataDir,
        APP_URL: t.config.appUrl,
        JOBS_POLL_MS: '50',
        JOBS_LEASE_MS: String(LEASE.leaseMs),
        JOBS_HEARTBEAT_MS: String(LEASE.heartbeatMs),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let started: BatchSummary;
    try {
      await waitForLine(child, 'ready', 60_000);
      started = ok<BatchSummary>(await staff.post('/api/admin/batches/run', {}), 201);
      await waitForLine(child, 'mid-zip', 30_000);
      // Its ZIP is on the disk, half written.
      for (
        const deadline = Date.now() + 10_000;
        !batchFiles(started.id).some((f) => f.endsWith('.part') && statSync(path.join(filesDir(), 'batches', f)).size > 0) && Date.now() < deadline;
      )
        await sleep(20);
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    expect(child.signalCode).toBe('SIGKILL');
    expect(batchFiles(started.id)).toEqual([expect.stringMatching(/\.part$/)]);
    expect((await jobOf(started.id)).lockedBy).not.toBe(t.app.deps.jobs.workerId);

    t.app.deps.jobs.start();
    let batch = await readBatch(started.id);
    const seen = new Set<string>();
    for (
      const deadline = Date.now() + 60_000;
      batch.status !== 'done' && batch.status !== 'failed' && Date.now() < deadline;
      batch = await readBatch(started.id)
    ) {
      if (batch.run?.silent_since) seen.add('silent');
      if (batch.run?.interrupted_at) seen.add('interrupted');
      await sleep(50);
    }
    expect(batch).toMatchObject({ status: 'done', item_count: 2, run: { attempt: 2, interrupted_at: expect.any(String) } });
    expect(seen.has('interrupted') || seen.has('silent')).toBe(true);
    const job = await jobOf(started.id);
    expect(job).toMatchObject({ status: 'done', attempts: 2, lockedBy: t.app.deps.jobs.workerId });
    await expectWholeZip(
      batch,
      orders.map((o) => o.id),
    );
    expect(batchFiles(started.id)).toHaveLength(1);
    expect(temporaries()).toEqual([]);
  }, 120_000);
});
