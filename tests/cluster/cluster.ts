import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { throwawayDatabase } from '../helpers/throwaway-database';

/**
 * The app as a printer runs it on several machines, on this one: web instances and a worker (the
 * built server, `node dist-server/main.js`, each its own process with its own data directory, as on
 * its own machine) on one PostgreSQL and one S3-compatible store, with nginx in front of the web
 * instances as the load balancer.
 */

/** Where the instances keep their data: a PostgreSQL server and an S3-compatible service (each run makes a database and a bucket of its own there). */
export interface ClusterStores {
  /** A PostgreSQL server's URL (any database on it). */
  serverUrl: string;
  s3: { endpoint: string; region?: string; accessKeyId: string; secretAccessKey: string };
}

export interface Cluster {
  /** nginx in front of the web instances (or of the one instance). */
  nginx: Balancer;
  web: Instance[];
  /** The worker; null when the one instance does everything. */
  worker: Instance | null;
  databaseUrl: string;
  stop(): void;
}

/** One secret for every instance: a page signed by one (its XSRF token) is good on the next. */
export const CLUSTER_APP_KEY = 'cluster-app-key-every-instance-shares-0123456789';

/**
 * A fresh database and bucket with the demo data (made by one instance doing everything, as a
 * first start would, then stopped), and then the instances: `split` two web instances and a
 * worker, `one` a single instance of ROLE=all; nginx in front either way.
 */
export async function startCluster(dir: string, stores: ClusterStores, topology: 'split' | 'one', env: Record<string, string> = {}): Promise<Cluster> {
  if (!existsSync('dist-server/main.js')) execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  const { name, url: databaseUrl } = await throwawayDatabase(stores.serverUrl, 'cluster');
  const bucket = name.replace(/_/g, '-');
  const s3 = new S3Client({
    endpoint: stores.s3.endpoint,
    region: stores.s3.region ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: stores.s3.accessKeyId, secretAccessKey: stores.s3.secretAccessKey },
  });
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  s3.destroy();

  const [p1, p2, pw, pn, ps] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const common = {
    DATABASE_URL: databaseUrl,
    APP_URL: `http://127.0.0.1:${pn}`,
    LOG_LEVEL: 'warn',
    FILE_STORE: 's3',
    S3_ENDPOINT: stores.s3.endpoint,
    S3_REGION: stores.s3.region ?? 'us-east-1',
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: stores.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: stores.s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    APP_KEY: CLUSTER_APP_KEY,
    // nginx is the one proxy in front: the client's address is the one it forwards.
    TRUST_PROXY: '127.0.0.1',
    ...env,
  };
  const seeder = new Instance('seed', 'all', ps, { ...common, SEED: 'demo' }, dir);
  await seeder.start();
  await seeder.stop();

  const web =
    topology === 'split'
      ? [new Instance('web1', 'web', p1, common, dir), new Instance('web2', 'web', p2, common, dir)]
      : [new Instance('all', 'all', p1, common, dir)];
  const worker = topology === 'split' ? new Instance('worker', 'worker', pw, common, dir) : null;
  await Promise.all([...web, ...(worker ? [worker] : [])].map((i) => i.start()));
  const nginx = new Balancer(
    pn,
    web.map((i) => i.port),
    dir,
  );
  await nginx.start();
  return {
    nginx,
    web,
    worker,
    databaseUrl,
    stop() {
      nginx.stop();
      for (const instance of [...web, ...(worker ? [worker] : [])]) instance.kill();
    },
  };
}

/**
 * A free loopback port below the kernel's ephemeral range (32768 and up on Linux), chosen at random:
 * a port the kernel hands out itself (listen on 0) may be given again meanwhile as the local end of
 * one of the many outgoing connections (to PostgreSQL, to S3) made before the instance listens on
 * it, and the instance would then fail to start with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (takenPorts.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) {
      takenPorts.add(port);
      return port;
    }
    if (attempt > 200) throw new Error('no free port between 20000 and 32000');
  }
}
/** Ports already handed to an instance of this run (not listening yet, so not seen as taken). */
const takenPorts = new Set<number>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200 (or `ms` pass: an error naming what did not come up). */
export async function untilOk(url: string, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${what} did not answer ${url} within ${ms / 1000} s`);
    await sleep(200);
  }
}

/** One process of the app in a role, restartable on the same port and data directory. */
export class Instance {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  /** Every exit code so far, in order (a graceful stop is 0). */
  readonly exitCodes: Array<number | null> = [];
  readonly log: string;

  constructor(
    readonly name: string,
    readonly role: 'web' | 'worker' | 'all',
    readonly port: number,
    private readonly env: Record<string, string>,
    dir: string,
  ) {
    this.log = path.join(dir, `${name}.log`);
    mkdirSync(path.join(dir, name), { recursive: true });
    this.env = { ...env, DATA_DIR: path.join(dir, name) };
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process and waits until it is ready (`/api/health/ready`). */
  async start(): Promise<void> {
    const out = { fd: 0 };
    out.fd = (await import('node:fs')).openSync(this.log, 'a');
    const child = spawn(process.execPath, ['dist-server/main.js'], {
      env: { ...process.env, ...this.env, ROLE: this.role, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', out.fd, out.fd],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))));
    await Promise.race([
      untilOk(`${this.url}/api/health/ready`, 120_000, this.name),
      this.exited.then((code) => {
        // The log's end is in the error itself: on CI the directory is gone by the time anyone reads it.
        const tail = readFileSync(this.log, 'utf8').trim().split('\n').slice(-40).join('\n');
        throw new Error(`${this.name} exited with ${code} while starting (${this.log}):\n${tail}`);
      }),
    ]);
  }

  /** SIGTERM, then waits for the process to end by itself (it drains); its exit code. */
  async stop(timeoutMs = 60_000): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    child.kill('SIGTERM');
    const code = await Promise.race([this.exited, sleep(timeoutMs).then(() => 'timeout' as const)]);
    if (code === 'timeout') {
      child.kill('SIGKILL');
      this.exitCodes.push(null);
      throw new Error(`${this.name} did not stop within ${timeoutMs / 1000} s of SIGTERM`);
    }
    this.exitCodes.push(code);
    this.child = null;
    return code;
  }

  kill(): void {
    this.child?.kill('SIGKILL');
  }
}

/** nginx in front of the web instances, with an access log that tells which answers it retried on another instance. */
export class Balancer {
  private child: ChildProcess | null = null;
  readonly accessLog: string;
  private readonly conf: string;

  constructor(
    readonly port: number,
    upstreams: number[],
    private readonly dir: string,
  ) {
    this.accessLog = path.join(dir, 'nginx-access.log');
    this.conf = path.join(dir, 'nginx.conf');
    mkdirSync(path.join(dir, 'nginx-temp'), { recursive: true });
    writeFileSync(this.conf, nginxConf(port, upstreams, dir, this.accessLog));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const test = spawnSync(NGINX, ['-t', '-c', this.conf, '-p', this.dir], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx refuses its configuration: ${test.stderr}`);
    this.child = spawn(NGINX, ['-c', this.conf, '-p', this.dir, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
    await untilOk(`${this.url}/api/health/live`, 20_000, 'nginx');
  }

  stop(): void {
    this.child?.kill('SIGQUIT');
  }

  /** The access log's lines: one per answer nginx gave, with every upstream it tried. */
  entries(): AccessEntry[] {
    return readFileSync(this.accessLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as AccessEntry);
  }
}

export interface AccessEntry {
  method: string;
  uri: string;
  status: number;
  /** "127.0.0.1:4001, 127.0.0.1:4002" when the request was retried on the second after the first failed. */
  upstream: string;
  upstream_status: string;
}

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/**
 * The load balancer as README's "Running on several machines" describes it: round robin over the
 * web instances; a connection refused (an instance restarting), a timeout, or a 502/503/504 from an
 * instance that is draining is retried on the next one — also for a POST, since an instance refuses
 * connections or answers 503 before it has done anything with a request (idempotent retries of the
 * rest are the client's, with its Idempotency-Key). Uploads are streamed through, not buffered.
 */
function nginxConf(port: number, upstreams: number[], dir: string, accessLog: string): string {
  return `
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${path.join(dir, 'nginx-temp')};
  proxy_temp_path ${path.join(dir, 'nginx-temp')};
  fastcgi_temp_path ${path.join(dir, 'nginx-temp')};
  uwsgi_temp_path ${path.join(dir, 'nginx-temp')};
  scgi_temp_path ${path.join(dir, 'nginx-temp')};
  log_format cluster escape=json '{"method":"$request_method","uri":"$request_uri","status":$status,"upstream":"$upstream_addr","upstream_status":"$upstream_status"}';
  access_log ${accessLog} cluster;
  upstream app {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 200m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host:$server_port;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      proxy_next_upstream error timeout http_502 http_503 http_504 non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
    }
  }
}
`;
}
