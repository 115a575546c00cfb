import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface RunningServer<T> {
  info: T;
  stop(): void;
}

/** Starts `tsx <script>` in its own process and waits for the JSON line it prints when listening. */
export function spawnServer<T>(script: string, env: Record<string, string | undefined> = {}): Promise<RunningServer<T>> {
  const child: ChildProcess = spawn('npx', ['tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`${script} did not start in 120 s`)), 120_000);
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      resolve({ info: JSON.parse(line) as T, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}
