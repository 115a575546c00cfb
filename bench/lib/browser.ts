import { execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Plugin } from 'vite';
import { onCleanup } from './cleanup';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Debian's Chromium; nothing is downloaded. The flags keep it off the closed network. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Lighthouse, pinned: scores move between majors. 13 needs Node 22.19+, which the bench runs on (Node 24). */
const LIGHTHOUSE = 'lighthouse@13.5.0';

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  facade: string | null;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
}

/** Records each output chunk with its modules and its static and dynamic imports. */
function moduleGraphPlugin(chunks: Map<string, ChunkInfo>): Plugin {
  return {
    name: 'pjt-module-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const withIds = output as typeof output & { moduleIds?: string[] };
        chunks.set(output.fileName, {
          fileName: output.fileName,
          isEntry: output.isEntry,
          facade: output.facadeModuleId ?? null,
          imports: [...output.imports],
          dynamicImports: [...output.dynamicImports],
          modules: withIds.moduleIds ?? Object.keys(output.modules),
        });
      }
    },
  };
}

export interface WebBuild {
  dir: string;
  /** The bundler's module graph: every chunk with its modules and imports. */
  chunks: Map<string, ChunkInfo>;
}

let built: Promise<WebBuild> | null = null;

/**
 * The web app built once per bench process into a temporary directory (dist/ is left alone: an
 * e2e run may be serving it) with vite.config.ts's own plugins, so the .br/.gz files are there
 * as in production, and a manifest; deleted when the bench ends (BENCH_KEEP_BUILD keeps it).
 */
export function buildWebOnce(): Promise<WebBuild> {
  built ??= (async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-dist-'));
    onCleanup(() => {
      if (process.env.BENCH_KEEP_BUILD) console.log(`Build kept in ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    });
    const chunks = new Map<string, ChunkInfo>();
    const { build } = await import('vite');
    await build({ root: ROOT, logLevel: 'warn', build: { outDir: dir, emptyOutDir: true, manifest: true }, plugins: [moduleGraphPlugin(chunks)] });
    return { dir, chunks };
  })();
  return built;
}

export interface ServedApp {
  url: string;
  /** The demo accounts (seeded as `npm start` does), by role. */
  accounts: Record<string, { email: string; password: string }>;
  /** Signs in over HTTP and returns the session token, as the login page would get it. */
  signIn(role: string): Promise<string>;
  stop(): Promise<void>;
}

/** The real server (in this process) on a throwaway PGlite database with the demo data, serving `distDir`. */
export async function serveBuilt(distDir: string): Promise<ServedApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-data-'));
  const { loadConfig } = await import('../../src/server/config');
  const { migrateDatabase, openDatabase } = await import('../../src/server/db/client');
  const { seedDemo, seedReferenceData } = await import('../../src/server/db/seed');
  const { buildApp } = await import('../../src/server/app');
  const config = loadConfig({ ...process.env, DATABASE_URL: undefined, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'demo', RATE_LIMIT_FACTOR: '1000' });
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  const demo = await seedDemo(database.db);
  const app = await buildApp({ config, database, distDir, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  const accounts = Object.fromEntries(demo.map((d) => [d.role, { email: d.email, password: d.password }]));
  return {
    url,
    accounts,
    async signIn(role) {
      const health = await fetch(`${url}/api/health`);
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1]);
      const res = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'x-xsrf-token': xsrf },
        body: JSON.stringify({ email: accounts[role].email, password: accounts[role].password }),
      });
      if (res.status !== 200) throw new Error(`sign-in as ${role} answered ${res.status}`);
      return ((await res.json()) as { token: string }).token;
    },
    async stop() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie the customer app writes after a login (src/shared/auth/state.ts). */
export const tokenCookie = (url: string, token: string) => ({ name: 'token', value: token, url, sameSite: 'Lax' as const });

export interface PageWeight {
  requests: number;
  /** Response headers and bodies as they crossed the wire (compressed when the server compressed). */
  wireBytes: number;
  /** The same bodies decoded: what an uncompressing server would have sent. */
  decodedBytes: number;
  jsWireBytes: number;
  jsDecodedBytes: number;
}

/**
 * Opens `url` in a fresh context (empty cache) and adds up every response the page received until
 * the network is idle and `ready` shows, as Chromium counted them (`request.sizes()`).
 */
export async function weighPage(browser: Browser, url: string, opts: { token?: string; ready: (page: Page) => Promise<unknown> }): Promise<PageWeight> {
  const context = await browser.newContext();
  if (opts.token) await context.addCookies([tokenCookie(new URL(url).origin, opts.token)]);
  const page = await context.newPage();
  const pending: Array<Promise<{ wire: number; decoded: number; js: boolean } | null>> = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const sizes = await request.sizes();
        const decoded = (await response.body().catch(() => Buffer.alloc(0))).length;
        const js = request.resourceType() === 'script' || /javascript/.test(response.headers()['content-type'] ?? '');
        return { wire: sizes.responseHeadersSize + sizes.responseBodySize, decoded: sizes.responseHeadersSize + decoded, js };
      })().catch(() => null),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    await opts.ready(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const loads = (await Promise.all(pending)).filter((l) => l !== null);
    const sum = (f: (l: (typeof loads)[number]) => number) => loads.reduce((t, l) => t + f(l), 0);
    return {
      requests: loads.length,
      wireBytes: sum((l) => l.wire),
      decodedBytes: sum((l) => l.decoded),
      jsWireBytes: sum((l) => (l.js ? l.wire : 0)),
      jsDecodedBytes: sum((l) => (l.js ? l.decoded : 0)),
    };
  } finally {
    await context.close();
  }
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  finalUrl: string;
}

/**
 * Lighthouse (performance, its mobile defaults: simulated slow 4G, a mid-range phone) on `url`,
 * `runs` times, in a Chromium started here with a debugging port. A signed-in run puts the session
 * cookie into that browser first, as the app itself keeps it (Lighthouse's extra headers would not
 * reach `document.cookie`, which the app reads). A run that ends anywhere but `url` fails.
 */
export async function lighthouse(url: string, runs: number, token?: string): Promise<LighthouseRun[]> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'pjt-lighthouse-profile-'));
  const chrome = spawn(CHROMIUM, ['--headless=new', ...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
    detached: true,
  });
  const stopChrome = () => {
    try {
      process.kill(-chrome.pid!, 'SIGKILL');
    } catch {
      // gone
    }
    rmSync(profile, { recursive: true, force: true });
  };
  const forget = onCleanup(stopChrome);
  const out: LighthouseRun[] = [];
  try {
    let cdp: Browser | null = null;
    for (let i = 0; i < 50 && !cdp; i++) {
      cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(() => null);
      if (!cdp) await new Promise((r) => setTimeout(r, 200));
    }
    if (!cdp) throw new Error('Chromium did not open its debugging port');
    if (token) await cdp.contexts()[0].addCookies([tokenCookie(new URL(url).origin, token)]);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pjt-lighthouse-'));
    try {
      for (let i = 0; i < runs; i++) {
        const report = path.join(dir, `report-${i}.json`);
        // Fetched by npx at bench time rather than kept in devDependencies: Lighthouse pulls in a
        // browser toolchain of its own (~1,000 lockfile lines) that only this bench row uses.
        await promisify(execFile)(
          'npx',
          ['--yes', LIGHTHOUSE, url, `--port=${port}`, '--only-categories=performance', '--output=json', `--output-path=${report}`, '--quiet'],
          {
            env: { ...process.env, CHROME_PATH: CHROMIUM },
            timeout: 300_000,
          },
        );
        // BENCH_LIGHTHOUSE_KEEP=<dir> keeps each report there, to see what a score is made of.
        const keep = process.env.BENCH_LIGHTHOUSE_KEEP;
        if (keep) {
          mkdirSync(keep, { recursive: true });
          copyFileSync(report, path.join(keep, `${new URL(url).pathname.replace(/\W+/g, '-')}-${i}.json`));
        }
        const result = JSON.parse(readFileSync(report, 'utf8')) as {
          finalDisplayedUrl: string;
          categories: { performance: { score: number | null } };
          audits: Record<string, { numericValue?: number }>;
        };
        const finalUrl = result.finalDisplayedUrl;
        if (new URL(finalUrl).pathname !== new URL(url).pathname) throw new Error(`Lighthouse ended on ${finalUrl}, not ${url} (not signed in?)`);
        const n = (id: string) => result.audits[id]?.numericValue ?? NaN;
        out.push({
          score: Math.round((result.categories.performance.score ?? 0) * 100),
          fcpMs: n('first-contentful-paint'),
          lcpMs: n('largest-contentful-paint'),
          tbtMs: n('total-blocking-time'),
          cls: n('cumulative-layout-shift'),
          finalUrl,
        });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await cdp.close().catch(() => {});
    }
  } finally {
    stopChrome();
    forget();
  }
  return out;
}

/** "88 (LCP 2.9 s, FCP 1.8 s, TBT 40 ms, CLS 0.01; median of 3: 85, 88, 90)" */
export function describeLighthouse(runs: LighthouseRun[]): string {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  const mid = sorted[Math.floor(sorted.length / 2)];
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return `${mid.score} (LCP ${s(mid.lcpMs)}, FCP ${s(mid.fcpMs)}, TBT ${Math.round(mid.tbtMs)} ms, CLS ${mid.cls.toFixed(2)}; median of ${runs.length}: ${sorted.map((r) => r.score).join(', ')})`;
}
