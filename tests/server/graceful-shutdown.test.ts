import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { jobs, type JobRow } from '../../src/server/db/schema';
import { STOPPED } from '../../src/server/lib/jobs';
import { throwawayDatabase } from '../helpers/throwaway-database';
import { migratedSnapshot, migratedTemplate } from '../helpers/database-template';

/**
 * SIGTERM to the real server in a process of its own (tests/server/fixtures/draining-server.ts: main's
 * start, signals and shutdown), with a request and jobs under way: the request is answered, no new
 * one is taken, the job that can finish within SHUTDOWN_TIMEOUT_MS does, the one that cannot is given
 * back (queued again, no lease), and the process exits 0. On PGlite (its own data directory) and,
 * with TEST_DATABASE_URL, on a PostgreSQL database of its own.
 */
const server = fileURLToPath(new URL('./fixtures/draining-server.ts', import.meta.url));
const SHUTDOWN_TIMEOUT_MS = 4000;

interface LogLine {
  msg?: string;
  [field: string]: unknown;
}

class ServerProcess {
  readonly lines: LogLine[] = [];
  private waiters: Array<() => void> = [];
  readonly exited: Promise<number | null>;

  constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    let rest = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop()!;
      for (const part of parts) {
        try {
          this.lines.push(JSON.parse(part) as LogLine);
        } catch {
          this.lines.push({ msg: part, text: true });
        }
      }
      this.waiters.splice(0).forEach((wake) => wake());
    });
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** The first line `match` accepts, once the server has written it. */
  async line(match: (line: LogLine) => boolean, timeoutMs = 60_000): Promise<LogLine> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find(match);
      if (found) return found;
      if (this.child.exitCode !== null) throw new Error(`the server exited (${this.child.exitCode}) first; it said:\n${this.said()}`);
      if (Date.now() > until) throw new Error(`the server never wrote the line; it said:\n${this.said()}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  said(): string {
    return this.lines.map((l) => l.msg).join('\n');
  }

  /** GET on a fresh connection: the status and body, or the connection's error code. */
  get(url: string): Promise<{ status: number; body: string } | { error: string }> {
    return new Promise((resolve) => {
      const request = http.get({ host: '127.0.0.1', port: this.port, path: url, agent: false }, (response) => {
        let body = '';
        response.on('data', (c: Buffer) => (body += c.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
        response.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
      });
      request.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    });
  }
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A data directory, and on PostgreSQL a database, of the server's own; and how to read its jobs once it has exited. */
async function serverStore() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-drain-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // The server process starts on a copy of the run's migrated database: its migration has nothing to do.
    const snapshot = migratedSnapshot();
    if (snapshot) await (await openDatabase({ dataDir, initialData: snapshot })).close();
    return {
      dataDir,
      env: {},
      async jobRows(ids: number[]): Promise<JobRow[]> {
        const database = await openDatabase({ dataDir });
        try {
          return await database.db.select().from(jobs).where(inArray(jobs.id, ids));
        } finally {
          await database.close();
        }
      },
      async running(): Promise<number> {
        const database = await openDatabase({ dataDir });
        try {
          return (await database.db.select().from(jobs)).filter((j) => j.status === 'running').length;
        } finally {
          await database.close();
        }
      },
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = async <T>(work: (c: pg.Client) => Promise<T>, url = serverUrl) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const own = await throwawayDatabase(serverUrl, 'pjt_drain', { template: migratedTemplate() });
  const databaseUrl = own.url;
  return {
    dataDir,
    env: { DATABASE_URL: databaseUrl },
    async jobRows(ids: number[]): Promise<JobRow[]> {
      const database = await openDatabase({ databaseUrl, dataDir });
      try {
        return await database.db.select().from(jobs).where(inArray(jobs.id, ids));
      } finally {
        await database.close();
      }
    },
    running: () => admin(async (c) => Number((await c.query(`select count(*) as n from jobs where status = 'running'`)).rows[0].n), databaseUrl),
    async remove() {
      await own.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let store: Awaited<ReturnType<typeof serverStore>> | undefined;
let proc: ServerProcess | undefined;
afterEach(async () => {
  if (proc && proc.child.exitCode === null && proc.child.signalCode === null) {
    proc.child.kill('SIGKILL');
    await proc.exited;
  }
  await store?.remove();
  proc = undefined;
  store = undefined;
});

async function startServer(): Promise<ServerProcess> {
  store = await serverStore();
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', server], {
    env: {
      ...process.env,
      ...store.env,
      DATA_DIR: store.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      SEED: 'none',
      LOG_LEVEL: 'info',
      JOBS_POLL_MS: '50',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  proc = new ServerProcess(child, port);
  await proc.line((l) => /is running at/.test(l.msg ?? ''));
  return proc;
}

const idOf = (answer: { status: number; body: string } | { error: string }) => {
  if (!('status' in answer) || answer.status !== 200) throw new Error(`enqueue failed: ${JSON.stringify(answer)}`);
  return (JSON.parse(answer.body) as { id: number }).id;
};

describe('graceful shutdown of a real server process', () => {
  it('on SIGTERM answers the request under way, takes no new one, lets a short job finish, gives back the long one, and exits 0', async () => {
    const s = await startServer();
    const short = idOf(await s.get('/test/enqueue?ms=1500'));
    const long = idOf(await s.get('/test/enqueue?ms=600000'));
    // Both running, each line of the job's own carrying its id and queue.
    for (const id of [short, long]) await s.line((l) => l.msg === 'slow job started' && l.id === id && l.job === id && l.queue === 'test-slow');
    const underWay = s.get('/test/slow?ms=2000');
    const started = await s.line((l) => l.msg === 'slow request started');
    expect(started.reqId).toEqual(expect.any(String));

    s.child.kill('SIGTERM');
    await s.line((l) => /^shutdown: draining/.test(l.msg ?? ''));
    // A new connection is refused — or reset, when it reached the listening socket's backlog just as
    // it closed; had it arrived on a kept-alive one, it is answered 503: never served.
    const late = await s.get('/api/health/live');
    if ('status' in late) expect(late.status).toBe(503);
    else expect(['ECONNREFUSED', 'ECONNRESET']).toContain(late.error);

    expect(await underWay).toEqual({ status: 200, body: 'answered' });
    expect(await s.exited).toBe(0);

    // The request's access line carries the same request id as its handler's line.
    expect(s.lines.find((l) => l.msg === 'request completed' && l.route === '/test/slow')?.reqId).toBe(started.reqId);
    // Each step of the shutdown is said.
    const said = s.said();
    for (const step of [
      'shutdown: waiting for the jobs under way',
      'job queue stopped: jobs still running were given back for another worker to take at once',
      'shutdown: job queue stopped',
      'shutdown: HTTP server closed, every request answered',
      'shutdown: database closed',
      'shutdown: complete',
    ])
      expect(said).toContain(step);
    expect(s.lines.find((l) => l.msg?.startsWith('job queue stopped: jobs still running'))?.jobs).toBe(1);

    const rows = new Map((await store!.jobRows([short, long])).map((j) => [j.id, j]));
    expect(rows.get(short)).toMatchObject({ status: 'done', lockedUntil: null });
    expect(rows.get(long)).toMatchObject({ status: 'queued', lockedBy: null, lockedUntil: null, lastError: STOPPED });
    expect(rows.get(long)!.interruptedAt).toBeInstanceOf(Date);
    expect(await store!.running()).toBe(0);
  }, 120_000);

  it('exits at once on a second signal, leaving the job under way to its lease', async () => {
    const s = await startServer();
    const long = idOf(await s.get('/test/enqueue?ms=600000'));
    await s.line((l) => l.msg === 'slow job started' && l.job === long);
    s.child.kill('SIGTERM');
    await s.line((l) => /^shutdown: draining/.test(l.msg ?? ''));
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(1);
    expect(s.said()).toContain('shutdown: second signal, exiting now');
    // Not given back: another worker takes it once its lease runs out, as after a crash.
    expect((await store!.jobRows([long]))[0]).toMatchObject({ status: 'running', lockedBy: expect.any(String) });
  }, 120_000);
});
