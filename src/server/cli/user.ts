import { loadConfig } from '../config';
import { migrateDatabase, openDatabase } from '../db/client';
import { seedReferenceData } from '../db/seed';
import { upsertAccount } from '../modules/accounts/operations';
import { parseArgs } from './args';

const USAGE = `Usage: npm run user -- create --email E --password P [--role none|user|trade|admin] [--firstname F] [--lastname L]
Creates the account on the configured database (DATABASE_URL, else the embedded one in DATA_DIR),
or, for an e-mail that already has an account, changes its role (and password when given).`;

async function main(): Promise<number> {
  const { command, options } = parseArgs(process.argv.slice(2));
  if (command !== 'create' || !options.email) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const result = await upsertAccount(database.db, { ...options, email: options.email, paymentTerms: config.defaultPaymentTerms });
    console.log(`${result.created ? 'Created' : 'Updated'} account ${options.email.toLowerCase()} (id ${result.id}) with role ${result.role}.`);
    return 0;
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code));
