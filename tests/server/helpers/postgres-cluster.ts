import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A PostgreSQL cluster of the test's own, on a free port, that the test may stop and start again
 * (the shared TEST_DATABASE_URL server serves other test files meanwhile). Debian's binaries, run as
 * the postgres user when the tests run as root (initdb refuses root). Every command is asynchronous:
 * the app under test goes on answering while PostgreSQL stops and starts.
 */
export class PostgresCluster {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  /** postgres://… of a database on this cluster. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  static async create(): Promise<PostgresCluster> {
    const root = '/usr/lib/postgresql';
    const version = readdirSync(root)
      .sort((a, b) => Number(a) - Number(b))
      .at(-1);
    if (!version) throw new Error(`no PostgreSQL under ${root}`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pjt-pg-cluster-'));
    const cluster = new PostgresCluster(path.join(root, version, 'bin'), dir, await freePort());
    if (process.getuid?.() === 0) {
      const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
      chownSync(dir, await id('-u'), await id('-g'));
    }
    await cluster.as('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    await cluster.start();
    return cluster;
  }

  /** Starts it and resolves once it accepts connections. */
  async start(): Promise<void> {
    await this.as('pg_ctl', [
      '-D',
      this.dir,
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${this.port} -k ${this.dir} -c fsync=off`,
      '-w',
      'start',
    ]);
  }

  /** `fast`: sessions are told and end; `immediate`: every process quits at once (recovery at the next start). */
  async stop(mode: 'fast' | 'immediate'): Promise<void> {
    await this.as('pg_ctl', ['-D', this.dir, '-m', mode, '-w', 'stop']);
  }

  /** Stops it (if running) and deletes its files. */
  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async as(command: string, args: string[]): Promise<void> {
    const binary = path.join(this.bin, command);
    if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', binary, ...args]);
    else await run(binary, args);
  }
}
