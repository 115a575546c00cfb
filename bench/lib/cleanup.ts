/**
 * What must not outlive the bench (server process groups, the PostgreSQL cluster and its files),
 * undone when the bench exits — normally, by an uncaught error, or by Ctrl-C / SIGTERM. Each
 * action is synchronous, as an 'exit' handler must be.
 */
const actions = new Set<() => void>();

function runAll(): void {
  for (const action of [...actions].reverse()) {
    actions.delete(action);
    try {
      action();
    } catch (err) {
      console.error('bench cleanup:', (err as Error).message);
    }
  }
}

let installed = false;
function install(): void {
  if (installed) return;
  installed = true;
  process.once('exit', runAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      runAll();
      process.exit(130);
    });
  }
}

/** Registers `action` to run at exit; returns a function that forgets it (once it was done otherwise). */
export function onCleanup(action: () => void): () => void {
  install();
  actions.add(action);
  return () => void actions.delete(action);
}
