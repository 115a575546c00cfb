import { loadConfig } from './config';
import { buildApp } from './app';
import { migrateDatabase, openDatabase } from './db/client';
import { seedDemo, seedReferenceData } from './db/seed';
import { seedDemoOrders } from './db/seed/demo-orders';
import { seedDemoTickets } from './db/seed/demo-tickets';

/** Read config, open the database, migrate, seed, listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.databaseTimeouts });
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  const demo = config.seed === 'demo' ? await seedDemo(database.db) : [];

  const app = await buildApp({ config, database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.ready();
  // Demo orders go through the real services (artwork checked by the job), so they need the app.
  if (demo.length) {
    await seedDemoOrders(app.deps);
    await seedDemoTickets(app.deps);
  }
  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}/db`;
  const lines = [`${config.appName} is running at ${config.appUrl} on ${where}.`];
  if (demo.length) {
    lines.push('Demo data was seeded. Sign in with:');
    for (const d of demo) lines.push(`  ${d.role.padEnd(6)} ${d.email}  /  ${d.password}`);
  }
  if (!config.smtpUrl) lines.push(`Mail is written to ${config.dataDir}/outbox (set SMTP_URL to send it).`);
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
