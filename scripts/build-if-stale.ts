import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Everything the browser bundle is built from. */
const SOURCES = ['index.html', 'vite.config.ts', 'package-lock.json', 'public', 'src/main.tsx', 'src/shared', 'src/customer', 'src/admin'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

/** True when dist/ is missing or older than any of its sources. */
export function distIsStale(root = process.cwd()): boolean {
  const built = path.join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > builtAt);
}
