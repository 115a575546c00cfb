import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JobHandler } from './jobs';

/**
 * CPU-heavy jobs (artwork previews, preflight, batch zips) run here, off the event loop, so that a
 * long render never holds up an HTTP answer. A task is a module and the name of an async function
 * it exports, `(input) => output`; input and output cross the thread boundary by structured clone.
 *
 *   const pool = createThreadPool();
 *   jobs.register('artwork.preview', inWorkerThread(pool, new URL('../modules/artwork/preview-task.ts', import.meta.url), 'renderPreview'));
 */
export interface ThreadTask {
  /** The module's URL (`new URL('./x.ts', import.meta.url)`), or its absolute path. */
  module: URL | string;
  /** The exported function to call. */
  name: string;
}

export interface ThreadPool {
  run<I, O>(task: ThreadTask, input: I): Promise<O>;
  close(): Promise<void>;
}

/** The worker's entry, beside this file with this file's extension (.ts under tsx, .js once built). */
const ENTRY = (() => {
  const self = fileURLToPath(import.meta.url);
  return path.join(path.dirname(self), `jobs-thread-worker${path.extname(self)}`);
})();

/** tsx's loader API, for threads that load TypeScript. */
const TSX_API = (() => {
  try {
    // require.resolve finds the CommonJS build (index.cjs); the ES module build sits beside it.
    const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
    const esm = cjs.replace(/\.cjs$/, '.mjs');
    return pathToFileURL(existsSync(esm) ? esm : cjs).href;
  } catch {
    return 'tsx/esm/api';
  }
})();

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** A small fixed pool: `size` threads (default: the cores less one, at least one), started on first use. */
export function createThreadPool(opts: { size?: number } = {}): ThreadPool {
  const size = Math.max(1, opts.size ?? Math.min(4, os.availableParallelism() - 1));
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  const waiting: Array<() => void> = [];
  let closed = false;

  function spawn(): Worker {
    const worker = ENTRY.endsWith('.ts')
      ? // Sources run through tsx (npm start, the tests): the thread registers tsx's loader before it loads the entry.
        new Worker(`import(${JSON.stringify(TSX_API)}).then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(ENTRY).href)}); });`, {
          eval: true,
        })
      : new Worker(ENTRY);
    worker.unref();
    all.add(worker);
    worker.once('exit', () => {
      all.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      waiting.shift()?.();
    });
    return worker;
  }

  async function acquire(): Promise<Worker> {
    for (;;) {
      if (closed) throw new Error('The thread pool is closed.');
      const worker = idle.pop();
      if (worker) return worker;
      if (all.size < size) return spawn();
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }

  function release(worker: Worker, healthy: boolean): void {
    if (healthy && !closed) idle.push(worker);
    else {
      // Its place is free at once (not when it has exited), so a waiting task can start another thread.
      all.delete(worker);
      void worker.terminate();
    }
    waiting.shift()?.();
  }

  return {
    async run<I, O>(task: ThreadTask, input: I): Promise<O> {
      const worker = await acquire();
      const module = task.module instanceof URL ? task.module.href : task.module;
      return new Promise<O>((resolve, reject) => {
        const pending: Pending = { resolve: resolve as (v: unknown) => void, reject };
        const onMessage = (message: { ok: boolean; value?: unknown; error?: string }) => {
          cleanup();
          release(worker, true);
          if (message.ok) pending.resolve(message.value);
          else pending.reject(new Error(message.error));
        };
        const onError = (error: Error) => {
          cleanup();
          release(worker, false);
          pending.reject(error);
        };
        const onExit = (code: number) => onError(new Error(`Worker thread exited with code ${code}`));
        const cleanup = () => {
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        worker.on('message', onMessage);
        worker.once('error', onError);
        worker.once('exit', onExit);
        worker.postMessage({ module, name: task.name, input });
      });
    },
    async close() {
      closed = true;
      waiting.splice(0).forEach((wake) => wake());
      await Promise.all([...all].map((w) => w.terminate()));
    },
  };
}

/** A job handler that runs `task` with the job's payload in a worker thread of `pool`. */
export function inWorkerThread<P>(pool: ThreadPool, module: URL | string, name: string): JobHandler<P> {
  return async (payload) => {
    await pool.run({ module, name }, payload);
  };
}
