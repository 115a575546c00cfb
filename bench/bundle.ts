import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { buildWebOnce, kB, launchChromium, serveBuilt, type ChunkInfo } from './lib/browser';
import type { BenchRow } from './lib/stats';

/**
 * The weight of the customer app's first page (its budget, measured on the wire):
 * - builds the app into a temporary directory (shared with the other browser benches), recording
 *   every chunk's modules from the bundler's own output (the module graph);
 * - serves that build with the real server on a fresh embedded database;
 * - loads /login in Debian's Chromium and adds up every JS response the page received, as
 *   Chromium counted its body on the wire (the server sends the build's brotli files);
 * - checks that no react-admin / ra-* module is in any chunk the customer app can load (everything
 *   reachable from the entry without passing through the lazy /admin/* route) nor in any chunk
 *   /login actually loaded.
 * Lighthouse on /login is in pages.ts.
 *
 * Goal: ≤ 150 kB of JS on the wire for /login, and no staff code outside /admin.
 */

export const LOGIN_JS_GOAL_KB = 150;
/** react-admin and its packages (ra-core, ra-ui-materialui, ra-i18n-*, ra-language-*, ra-data-*). */
const STAFF_MODULE = /[\\/]node_modules[\\/](react-admin|ra-[^\\/]+)[\\/]/;
/** The staff app's own entry: the lazy /admin/* route imports it. */
const STAFF_ENTRY = /[\\/]src[\\/]admin[\\/]App\.tsx$/;

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

interface ScriptLoad {
  url: string;
  /** The body as it crossed the wire, and decoded. */
  wireBytes: number;
  bytes: number;
  /** Arrived before the page's load event (the first render needs it), or after (warm-up, lazy). */
  beforeLoad: boolean;
}

/** Opens `url` and returns every JS response with its size on the wire and decoded. */
async function scriptsLoadedBy(page: Page, url: string): Promise<ScriptLoad[]> {
  const pending: Promise<ScriptLoad | null>[] = [];
  let loaded = false;
  page.on('load', () => {
    loaded = true;
  });
  page.on('requestfinished', (request) => {
    const beforeLoad = !loaded;
    pending.push(
      (async () => {
        const response = await request.response();
        const type = response?.headers()['content-type'] ?? '';
        if (!response || (request.resourceType() !== 'script' && !/javascript/.test(type))) return null;
        const [sizes, body] = await Promise.all([request.sizes(), response.body()]);
        return { url: response.url(), wireBytes: sizes.responseBodySize, bytes: body.length, beforeLoad };
      })().catch(() => null),
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

export async function benchBundle(): Promise<BenchRow[]> {
  const { dir, chunks } = await buildWebOnce();
  const rows: BenchRow[] = [];

  // Static check: no staff module in any chunk reachable without entering /admin.
  const reachable = customerChunks(chunks);
  const leaks = [...reachable].flatMap((name) =>
    chunks
      .get(name)!
      .modules.filter((id) => STAFF_MODULE.test(id))
      .map((id) => `${name}: ${id}`),
  );
  const staffChunks = [...chunks.values()].filter((chunk) => chunk.modules.some((id) => STAFF_MODULE.test(id))).length;

  const server = await serveBuilt(dir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts = await scriptsLoadedBy(page, `${server.url}/login`);
    await page.close();
    const sum = (list: ScriptLoad[], key: 'bytes' | 'wireBytes') => list.reduce((total, s) => total + s[key], 0);
    const first = scripts.filter((s) => s.beforeLoad);
    const total = sum(scripts, 'wireBytes');

    // Runtime check: the chunks /login actually loaded, looked up in the module graph.
    const loadedChunks = scripts.map((s) => new URL(s.url).pathname.slice(1));
    const unknown = loadedChunks.filter((name) => !chunks.has(name));
    const loadedLeaks = loadedChunks.flatMap((name) => (chunks.get(name)?.modules ?? []).filter((id) => STAFF_MODULE.test(id)));

    rows.push(
      {
        name: 'bundle: /login JS on the wire in Chromium (all responses)',
        value: `${kB(total)} kB in ${scripts.length} files — goal ≤ ${LOGIN_JS_GOAL_KB} kB: ${total <= LOGIN_JS_GOAL_KB * 1000 ? 'met' : 'NOT met'}`,
      },
      {
        name: 'bundle: /login JS before the load event, on the wire',
        value: `${kB(sum(first, 'wireBytes'))} kB in ${first.length} files (${kB(sum(first, 'bytes'))} kB decoded)`,
      },
      { name: 'bundle: /login JS, decoded', value: `${kB(sum(scripts, 'bytes'))} kB` },
      {
        name: 'bundle: react-admin/ra-* modules outside /admin',
        value:
          leaks.length + loadedLeaks.length === 0 && unknown.length === 0
            ? `none (${reachable.size} customer chunks checked; ${staffChunks} staff chunks)`
            : `FOUND: ${[...leaks, ...loadedLeaks, ...unknown.map((u) => `${u} not in the module graph`)].slice(0, 5).join('; ')}`,
      },
    );
    if (process.env.BENCH_VERBOSE) {
      for (const s of scripts.sort((a, b) => b.wireBytes - a.wireBytes))
        console.log(`${kB(s.wireBytes).padStart(7)} kB ${s.beforeLoad ? 'first' : 'later'} ${s.url}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return rows;
}

// Run on its own: `npx tsx bench/bundle.ts`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await benchBundle();
  for (const row of rows) console.log(`${row.name}: ${row.value}`);
  process.exit(0);
}
