import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { buildWebOnce } from './lib/browser';
import type { BenchRow } from './lib/stats';

/** The budget of the staff area's JavaScript, gzipped. */
export const STAFF_JS_GOAL_KB = 300;
const STAFF_ENTRY = 'src/admin/App.tsx';

/** Every chunk a manifest entry loads at once: itself and its static imports, transitively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(manifest, child, seen);
  return seen;
}

/**
 * Builds the app into a temporary directory (dist/ is left alone; shared with the other browser
 * benches) and weighs, gzipped, the chunks that opening /admin loads: the staff app's chunk and its
 * static imports. "Staff only" leaves out what the customer entry has already loaded; "with shared"
 * counts what a staff member downloads beyond the first page when /admin is their first page.
 */
export async function benchStaffBundle(): Promise<BenchRow[]> {
  const { dir: outDir } = await buildWebOnce();
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gz = (key: string) => gzipSync(readFileSync(path.join(outDir, manifest[key].file))).length;
  const staff = closure(manifest, STAFF_ENTRY);
  const customer = closure(manifest, 'index.html');
  const staffOnly = [...staff].filter((key) => !customer.has(key));
  const kb = (keys: string[]) => (keys.reduce((sum, key) => sum + gz(key), 0) / 1024).toFixed(1);
  return [
    { name: `staff area JS, gzipped (kB; goal ≤ ${STAFF_JS_GOAL_KB})`, value: kb(staffOnly) },
    { name: 'staff area JS with the chunks it shares with the customer app, gzipped (kB)', value: kb([...staff]) },
    { name: "staff chunks among the customer entry's static imports", value: String([...customer].filter((key) => key === STAFF_ENTRY).length) },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await benchStaffBundle()) console.log(`| ${row.name} | ${row.value} |`);
}
