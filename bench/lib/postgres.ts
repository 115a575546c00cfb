import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { throwawayDatabase } from '../../tests/helpers/throwaway-database';
import { onCleanup } from './cleanup';

export interface BenchPostgres {
  url: string;
  /** Stops the cluster and deletes its files (nothing when BENCH_DATABASE_URL was given). */
  stop(): void;
  /**
   * Stops the server (`pg_ctl stop -m mode`) and starts it again `downMs` later, without blocking the
   * bench's event loop; resolves when it accepts connections again. Absent on BENCH_DATABASE_URL.
   */
  restart?(mode: 'fast' | 'immediate', downMs: number): Promise<void>;
}

/**
 * A throwaway PostgreSQL on 127.0.0.1 for benchmarks (DESIGN §4): BENCH_DATABASE_URL when given,
 * else a cluster started here as the postgres user, stopped and deleted afterwards — also when the
 * bench fails or is interrupted. Null when neither is possible.
 */
export function startPostgres(port = 55433): BenchPostgres | null {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop() {} };
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root).sort().at(-1)!;
  const bin = path.join(root, version, 'bin');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-pg-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
  const asPostgres = (cmd: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'ignore' });
  const asPostgresLater = (cmd: string, args: string[]) => promisify(execFile)('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]);
  const startArgs = ['-D', dir, '-l', path.join(dir, 'log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`, '-w', 'start'];
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      asPostgres('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not running (initdb or start failed): the files go all the same
    }
    rmSync(dir, { recursive: true, force: true });
    forget();
  };
  const forget = onCleanup(stop);
  try {
    asPostgres('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    asPostgres('pg_ctl', startArgs);
  } catch (err) {
    stop();
    throw err;
  }
  const restart = async (mode: 'fast' | 'immediate', downMs: number) => {
    await asPostgresLater('pg_ctl', ['-D', dir, '-m', mode, '-w', 'stop']);
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await asPostgresLater('pg_ctl', startArgs);
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, restart };
}

/**
 * A database of its own on the bench's cluster for one benchmark (benches share the cluster, and a
 * seeded one would see the last one's rows): created, handed to `run` as a URL, dropped after.
 */
export async function withOwnDatabase<T>(clusterUrl: string, label: string, run: (url: string) => Promise<T>): Promise<T> {
  const own = await throwawayDatabase(clusterUrl, `pjt_bench_${label}`);
  try {
    return await run(own.url);
  } finally {
    await own.drop();
  }
}
