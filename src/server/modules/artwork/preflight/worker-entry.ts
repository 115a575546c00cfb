import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Where the artwork worker's code is, in development and in production.
 *
 * - From source (tsx, vitest): this module's URL ends in .ts; the worker is worker.ts beside it,
 *   started with tsx's loader so Node can run TypeScript in that thread too.
 * - Bundled by esbuild (ESM) into dist-server/: this code sits in the server's bundle, and the
 *   worker must be a second entry point, src/server/modules/artwork/preflight/worker.ts, written to
 *   `ARTWORK_WORKER_FILE` in the same folder as the bundle that holds this module.
 */
export const ARTWORK_WORKER_FILE = 'artwork-worker.js';

export interface WorkerEntry {
  /** The worker's module. */
  url: URL;
  /** Whether it is TypeScript, to be loaded through tsx. */
  typescript: boolean;
}

export function artworkWorkerEntry(here: string = import.meta.url): WorkerEntry {
  if (/\.[cm]?ts$/.test(new URL(here).pathname)) return { url: new URL('./worker.ts', here), typescript: true };
  return { url: new URL(`./${ARTWORK_WORKER_FILE}`, here), typescript: false };
}

/**
 * How to start it: a JavaScript file directly; TypeScript through a two-line bootstrap that
 * registers tsx in the new thread first. The plainer `execArgv: ['--import', 'tsx']` works on
 * Node 24 but not on Node 22 (tried on 22.12, the oldest the project supports): there tsx's hooks
 * do not reach the worker's own entry module, which then fails on its `.ts` extension. The
 * bootstrap works on both; this is the one way any worker of the app starts from source.
 */
export function workerStart(entry: WorkerEntry): { script: string | URL; eval: boolean } {
  if (!entry.typescript) return { script: entry.url, eval: false };
  // Resolved here, from this file, so the bootstrap does not depend on the process's working
  // directory. require.resolve finds the package's CommonJS build (…/esm/api/index.cjs); its
  // exports map gives ESM importers index.mjs beside it, which is the one that works from import().
  const tsxApiCjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const tsxApi = pathToFileURL(tsxApiCjs.replace(/\.cjs$/, '.mjs')).href;
  const script = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.url.href)}); });`;
  return { script, eval: true };
}
