import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config';
import { buildApp } from './app';
import { migrateDatabase, openDatabase } from './db/client';
import { seedDemo, seedReferenceData } from './db/seed';
import { seedDemoOrders } from './db/seed/demo-orders';
import { seedDemoTickets } from './db/seed/demo-tickets';
import { gracefulShutdown } from './lib/shutdown';

const ROLE_DOES: Record<Config['role'], string> = {
  all: 'answering requests and running the background jobs',
  web: 'answering requests only (ROLE=web: the workers run the jobs)',
  worker: 'running the background jobs only (ROLE=worker: HTTP for /api/health/* and /metrics)',
};

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** Called on the built app before it is ready (a test's process adds what it needs to observe). */
  prepare?(app: FastifyInstance): void;
}

/** Read config, open the database, migrate, seed, listen; SIGTERM and SIGINT shut down gracefully. */
export async function startServer(opts: StartOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(opts.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.databaseTimeouts });
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  const demo = config.seed === 'demo' ? await seedDemo(database.db) : [];

  const app = await buildApp({ config, database });
  opts.prepare?.(app);
  const shutdown = gracefulShutdown({ app, database, timeoutMs: config.shutdownTimeoutMs, exit: (code) => process.exit(code) });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.ready();
  // Demo orders go through the real services (artwork checked by the job), so they need the app.
  if (demo.length) {
    await seedDemoOrders(app.deps);
    await seedDemoTickets(app.deps);
  }
  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}/db`;
  const at = config.role === 'worker' ? `http://${config.host}:${config.port} (health and metrics)` : config.appUrl;
  const lines = [`${config.appName} is running at ${at} on ${where}, ${ROLE_DOES[config.role]}.`];
  if (demo.length) {
    lines.push('Demo data was seeded. Sign in with:');
    for (const d of demo) lines.push(`  ${d.role.padEnd(6)} ${d.email}  /  ${d.password}`);
  }
  if (!config.smtpUrl && config.role !== 'web') lines.push(`Mail is written to ${config.dataDir}/outbox (set SMTP_URL to send it).`);
  console.log(`\n${lines.join('\n')}\n`);
  return app;
}
