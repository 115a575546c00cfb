import type { FileStore } from './files';
import type { ServiceLog } from './logging';

/**
 * Temporaries that writes cut short left in the file store (a process killed mid-ZIP leaves its
 * `.part` for good) are removed at start-up, and once more a lease later.
 *
 * Only those untouched for a job lease: several instances may share the store, and another one's
 * write under way is a temporary too. A write under way touches its file as it grows, and a job
 * whose worker has not been heard from for a lease is given to another worker — so a temporary
 * older than a lease belongs to no write that will finish. (If a live write stalled that long, it
 * fails when it renames its file into place, and its job is tried again.) The second sweep takes
 * what the process before this one left when it was restarted within a lease of dying. `start` when
 * the app is ready, `stop` when it closes.
 */
export function strayFileSweeps(files: FileStore, leaseMs: number, log: ServiceLog): { start(): void; stop(): void } {
  let later: NodeJS.Timeout | undefined;
  const sweep = () =>
    files.removeTemporaries(leaseMs).then(
      (removed) => {
        if (removed.length) log.info({ files: removed.slice(0, 20), count: removed.length }, 'removed temporaries of writes that never finished');
      },
      (error: unknown) => log.warn({ err: error }, 'could not look for temporaries of writes that never finished'),
    );
  return {
    start() {
      void sweep();
      later = setTimeout(() => void sweep(), leaseMs);
      later.unref();
    },
    stop: () => clearTimeout(later),
  };
}
