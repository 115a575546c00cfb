import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { build, type Plugin } from 'vite';
import type { BenchRow } from './lib/stats';

/**
 * The weight of the customer app's first page (issue 3's benchmark):
 * - builds the app into a temporary directory (dist/ is left alone: e2e runs may be serving it),
 *   recording every chunk's modules from the bundler's own output (the module graph);
 * - serves that build with the real server on a fresh embedded database;
 * - loads /login in Debian's Chromium and adds up every JS response the page received — bodies
 *   gzipped here with zlib's default level, since the server itself does not compress;
 * - checks that no react-admin / ra-* module is in any chunk the customer app can load (everything
 *   reachable from the entry without passing through the lazy /admin/* route) nor in any chunk
 *   /login actually loaded;
 * - runs Lighthouse 12 (performance only) on /login through npx.
 *
 * Goal: ≤ 150 kB gzipped JS for /login, and no staff code outside /admin.
 */


const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const LOGIN_JS_GOAL_KB = 150;
/** Lighthouse 12: the last major that runs on Node 20. */
const LIGHTHOUSE = 'lighthouse@12.8.2';
/** react-admin and its packages (ra-core, ra-ui-materialui, ra-i18n-*, ra-language-*, ra-data-*). */
const STAFF_MODULE = /[\\/]node_modules[\\/](react-admin|ra-[^\\/]+)[\\/]/;
/** The staff app's own entry: the lazy /admin/* route imports it. */
const STAFF_ENTRY = /[\\/]src[\\/]admin[\\/]App\.tsx$/;

interface ChunkInfo {
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

/** Every chunk the customer app may load: from the entry, along static and dynamic imports, never into /admin. */
export function customerChunks(chunks: Map<string, ChunkInfo>): Set<string> {
  const seen = new Set<string>();
  const queue = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  while (queue.length > 0) {
    const name = queue.shift()!;
    const chunk = chunks.get(name);
    if (!chunk || seen.has(name)) continue;
    seen.add(name);
    queue.push(...chunk.imports);
    for (const target of chunk.dynamicImports) {
      const facade = chunks.get(target)?.facade ?? '';
      if (!STAFF_ENTRY.test(facade)) queue.push(target);
    }
  }
  return seen;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

interface Served {
  url: string;
  stop(): Promise<void>;
}

/** The real server on a throwaway PGlite database, serving `distDir`. */
async function serve(distDir: string): Promise<Served> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bundle-data-'));
  const { loadConfig } = await import('../src/server/config');
  const { migrateDatabase, openDatabase } = await import('../src/server/db/client');
  const { seedReferenceData } = await import('../src/server/db/seed');
  const { buildApp } = await import('../src/server/app');
  const config = loadConfig({ ...process.env, DATABASE_URL: undefined, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: undefined });
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  const app = await buildApp({ config, database, distDir, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}`,
    async stop() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface ScriptLoad {
  url: string;
  bytes: number;
  gzipBytes: number;
  /** Arrived before the page's load event (the first render needs it), or after (warm-up, lazy). */
  beforeLoad: boolean;
}

/** Opens `url` and returns every JS response with its raw and gzipped size. */
async function scriptsLoadedBy(page: Page, url: string): Promise<ScriptLoad[]> {
  const pending: Promise<ScriptLoad | null>[] = [];
  let loaded = false;
  page.on('load', () => {
    loaded = true;
  });
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !/javascript/.test(type)) return;
    const beforeLoad = !loaded;
    pending.push(
      response
        .body()
        .then((body) => ({ url: response.url(), bytes: body.length, gzipBytes: gzipSync(body).length, beforeLoad }))
        .catch(() => null),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  // The client fetches the error dialogs' chunk just after load; give it time to arrive.
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
  return (await Promise.all(pending)).filter((load): load is ScriptLoad => load !== null);
}

/** Lighthouse's performance score for `url` (0–100), or why it could not run. */
async function lighthouseScore(url: string): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pjt-lighthouse-'));
  const report = path.join(dir, 'report.json');
  try {
    // Fetched by npx at bench time rather than kept in devDependencies: lighthouse 12 pulls a
    // dependency pinned to the dist-tag "latest", which puts package-lock.json out of sync for `npm ci`.
    await promisify(execFile)(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, timeout: 240_000 },
    );
    const result = JSON.parse(readFileSync(report, 'utf8')) as {
      categories: { performance: { score: number | null } };
      audits: Record<string, { displayValue?: string }>;
    };
    const score = result.categories.performance.score;
    if (score === null) return 'no score';
    const detail = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']
      .map((id) => `${id.split('-').map((w) => w[0].toUpperCase()).join('')} ${result.audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    return `${Math.round(score * 100)} (${detail}; simulated slow 4G, mobile)`;
  } catch (error) {
    return `not run: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchBundle(): Promise<BenchRow[]> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bundle-dist-'));
  const chunks = new Map<string, ChunkInfo>();
  const rows: BenchRow[] = [];
  try {
    await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true }, plugins: [moduleGraphPlugin(chunks)] });
    writeFileSync(path.join(outDir, 'module-graph.json'), JSON.stringify([...chunks.values()], null, 1));

    // Static check: no staff module in any chunk reachable without entering /admin.
    const reachable = customerChunks(chunks);
    const leaks = [...reachable].flatMap((name) => chunks.get(name)!.modules.filter((id) => STAFF_MODULE.test(id)).map((id) => `${name}: ${id}`));
    const staffChunks = [...chunks.values()].filter((chunk) => chunk.modules.some((id) => STAFF_MODULE.test(id))).length;

    const server = await serve(outDir);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      const scripts = await scriptsLoadedBy(page, `${server.url}/login`);
      await page.close();
      const sum = (list: ScriptLoad[], key: 'bytes' | 'gzipBytes') => list.reduce((total, s) => total + s[key], 0);
      const first = scripts.filter((s) => s.beforeLoad);
      const total = sum(scripts, 'gzipBytes');

      // Runtime check: the chunks /login actually loaded, looked up in the module graph.
      const loadedChunks = scripts.map((s) => new URL(s.url).pathname.slice(1));
      const unknown = loadedChunks.filter((name) => !chunks.has(name));
      const loadedLeaks = loadedChunks.flatMap((name) => (chunks.get(name)?.modules ?? []).filter((id) => STAFF_MODULE.test(id)));

      rows.push(
        { name: 'bundle: /login JS, gzipped (all responses)', value: `${kB(total)} kB in ${scripts.length} files — goal ≤ ${LOGIN_JS_GOAL_KB} kB: ${total <= LOGIN_JS_GOAL_KB * 1000 ? 'met' : 'NOT met'}` },
        { name: 'bundle: /login JS before the load event, gzipped', value: `${kB(sum(first, 'gzipBytes'))} kB in ${first.length} files (${kB(sum(first, 'bytes'))} kB raw)` },
        { name: 'bundle: /login JS, raw', value: `${kB(sum(scripts, 'bytes'))} kB` },
        {
          name: 'bundle: react-admin/ra-* modules outside /admin',
          value:
            leaks.length + loadedLeaks.length === 0 && unknown.length === 0
              ? `none (${reachable.size} customer chunks checked; ${staffChunks} staff chunks)`
              : `FOUND: ${[...leaks, ...loadedLeaks, ...unknown.map((u) => `${u} not in the module graph`)].slice(0, 5).join('; ')}`,
        },
      );
      if (process.env.BENCH_VERBOSE) {
        for (const s of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`${kB(s.gzipBytes).padStart(7)} kB ${s.beforeLoad ? 'first' : 'later'} ${s.url}`);
      }
      rows.push({ name: 'bundle: Lighthouse performance, /login', value: await lighthouseScore(`${server.url}/login`) });
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    if (process.env.BENCH_KEEP_BUILD) console.log(`Build kept in ${outDir}`);
    else rmSync(outDir, { recursive: true, force: true });
  }
  return rows;
}

// Run on its own: `npx tsx bench/bundle.ts`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await benchBundle();
  for (const row of rows) console.log(`${row.name}: ${row.value}`);
}
