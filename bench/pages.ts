import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { buildWebOnce, describeLighthouse, kB, launchChromium, lighthouse, serveBuilt, weighPage } from './lib/browser';
import type { BenchRow } from './lib/stats';

/** The goals for Lighthouse performance (mobile defaults). */
export const LIGHTHOUSE_GOALS = { '/login': 95, '/prices': 90 } as const;

/** Waits until the page shows what it is for, at the path it was opened at (not sent to /login). */
async function settled(page: Page, pathname: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (pathname === '/login') await page.getByRole('button', { name: 'Log in' }).waitFor();
  const at = new URL(page.url()).pathname;
  if (!at.startsWith(pathname)) throw new Error(`${pathname} ended on ${at} (not signed in?)`);
}

/**
 * Bytes on the wire, as Chromium counted them, for opening `/login` (signed out), `/prices` (as
 * the demo trade customer) and `/admin` (as the demo admin) with an empty cache: headers and
 * bodies of every response, beside the same bodies decoded (what was sent before compression).
 */
export async function benchWire(): Promise<BenchRow[]> {
  const { dir: dist } = await buildWebOnce();
  const app = await serveBuilt(dist);
  const browser = await launchChromium();
  try {
    const rows: BenchRow[] = [];
    const pages = [
      { pathname: '/login', role: null },
      { pathname: '/prices', role: 'trade' },
      { pathname: '/admin', role: 'admin' },
    ] as const;
    for (const { pathname, role } of pages) {
      const token = role ? await app.signIn(role) : undefined;
      const w = await weighPage(browser, `${app.url}${pathname}`, { token, ready: (page) => settled(page, pathname) });
      rows.push({
        name: `wire: ${pathname}${role ? ` (signed in, ${role})` : ''}, bytes on the wire in Chromium`,
        value: `${kB(w.wireBytes)} kB in ${w.requests} responses (${kB(w.decodedBytes)} kB decoded: ×${(w.wireBytes / w.decodedBytes).toFixed(2)}); JS ${kB(w.jsWireBytes)} kB (${kB(w.jsDecodedBytes)} kB decoded)`,
      });
    }
    return rows;
  } finally {
    await browser.close();
    await app.stop();
  }
}

/**
 * Lighthouse 13 performance, mobile defaults, median of BENCH_LIGHTHOUSE_RUNS (3) runs: `/login`
 * signed out, and `/prices` signed in as the demo trade customer through the session cookie.
 */
export async function benchLighthouse(): Promise<BenchRow[]> {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  const { dir: dist } = await buildWebOnce();
  const app = await serveBuilt(dist);
  try {
    const rows: BenchRow[] = [];
    for (const [pathname, goal] of Object.entries(LIGHTHOUSE_GOALS)) {
      const token = pathname === '/login' ? undefined : await app.signIn('trade');
      let value: string;
      try {
        const results = await lighthouse(`${app.url}${pathname}`, runs, token);
        const score = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)].score;
        value = `${describeLighthouse(results)} — goal ≥ ${goal}: ${score >= goal ? 'met' : 'NOT met'}`;
      } catch (err) {
        value = `not run: ${(err as Error).message.split('\n')[0]}`;
      }
      rows.push({ name: `Lighthouse performance (mobile), ${pathname}${token ? ' signed in' : ''}`, value });
    }
    return rows;
  } finally {
    await app.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const which = process.argv[2];
  const rows = [...(which !== 'lighthouse' ? await benchWire() : []), ...(which !== 'wire' ? await benchLighthouse() : [])];
  for (const row of rows) console.log(`${row.name}: ${row.value}`);
  process.exit(0);
}
