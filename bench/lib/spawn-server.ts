import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { onCleanup } from './cleanup';

export interface RunningServer<T> {
  info: T;
  /** The exit code, once the server's process has ended (null while it runs). */
  exitCode(): number | null;
  /** Ends the server's whole process group, and waits for it to go (SIGKILL after 5 s). */
  stop(): Promise<void>;
}

/** True while a process group still has a member. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/**
 * Starts `node --import tsx <script>` as the leader of its own process group and waits for the
 * JSON line it prints when listening. Stopping signals the whole group, so nothing it started
 * (a worker, a wrapper) is left running; so does the bench's exit, however it ends.
 */
export function spawnServer<T>(script: string, env: Record<string, string | undefined> = {}): Promise<RunningServer<T>> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true, // its own process group: -pid reaches every process in it
  });
  const pgid = child.pid!;
  let exitCode: number | null = null;
  child.once('exit', (code, signal) => (exitCode = code ?? (signal ? 128 : 1)));
  const forget = onCleanup(() => killGroup(pgid, 'SIGKILL'));
  const stop = async () => {
    killGroup(pgid, 'SIGTERM');
    for (let waited = 0; groupAlive(pgid) && waited < 5000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    killGroup(pgid, 'SIGKILL');
    forget();
  };
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start in 180 s`));
    }, 180_000);
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      resolve({ info: JSON.parse(line) as T, stop, exitCode: () => exitCode });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      forget();
      reject(new Error(`${script} exited with ${code}`));
    });
  });
}
