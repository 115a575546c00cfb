import { parentPort } from 'node:worker_threads';

/** The entry of a jobs-thread worker: runs the exported function each message names, answers its result. */
parentPort?.on('message', async (message: { module: string; name: string; input: unknown }) => {
  try {
    const mod = (await import(message.module)) as Record<string, unknown>;
    const fn = mod[message.name];
    if (typeof fn !== 'function') throw new Error(`${message.module} exports no function ${message.name}`);
    const value: unknown = await (fn as (input: unknown) => unknown)(message.input);
    parentPort!.postMessage({ ok: true, value });
  } catch (error) {
    parentPort!.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
