import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { distIsStale, serverIsStale } from './build-if-stale';

/**
 * `npm run build`: the web app into dist/ (Vite, with .br/.gz beside each file) and the server into
 * dist-server/main.js (esbuild: one file of our code, packages left as imports, migrations beside
 * it), which production runs with plain `node` — no tsx, no Vite at start.
 * `--if-stale` (what `npm start` runs) builds only what is missing or older than its sources.
 */
const ifStale = process.argv.includes('--if-stale');
const root = process.cwd();

export const SERVER_OUT_DIR = 'dist-server';

async function buildWeb(): Promise<void> {
  // Imported here only: the server itself never loads Vite.
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}

async function buildServer(): Promise<void> {
  const { build } = await import('esbuild');
  const outDir = path.join(root, SERVER_OUT_DIR);
  await rm(outDir, { recursive: true, force: true });
  await build({
    // The artwork engine's worker thread is its own entry, beside the bundle that starts it
    // (src/server/modules/artwork/preflight/worker-entry.ts names the file).
    entryPoints: { main: path.join(root, 'src/server/main.ts'), 'artwork-worker': path.join(root, 'src/server/modules/artwork/preflight/worker.ts') },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // db/client.ts finds its migrations beside the running module: dist-server/migrations.
  await cp(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
}

if (!ifStale || distIsStale(root)) {
  console.log(ifStale ? 'Building the web app (dist/ is missing or older than its sources)…' : 'Building the web app…');
  await buildWeb();
}
if (!ifStale || serverIsStale(root)) {
  console.log(ifStale ? `Building the server (${SERVER_OUT_DIR}/ is missing or older than its sources)…` : 'Building the server…');
  await buildServer();
}
