import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Everything the browser bundle is built from. */
const WEB_SOURCES = ['index.html', 'vite.config.ts', 'package-lock.json', 'public', 'src/main.tsx', 'src/shared', 'src/customer', 'src/admin'];
/** Everything the production server is built from. */
const SERVER_SOURCES = ['src/server', 'src/shared/api', 'src/shared/domain', 'package-lock.json', 'scripts/build.ts'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

function isStale(root: string, built: string, sources: string[]): boolean {
  const file = path.join(root, built);
  if (!existsSync(file)) return true;
  const builtAt = statSync(file).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

/** True when dist/ is missing or older than any of its sources. */
export function distIsStale(root = process.cwd()): boolean {
  return isStale(root, 'dist/index.html', WEB_SOURCES);
}

/** True when dist-server/ is missing or older than any of its sources. */
export function serverIsStale(root = process.cwd()): boolean {
  return isStale(root, 'dist-server/main.js', SERVER_SOURCES);
}
