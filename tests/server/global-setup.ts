import type { TestProject } from 'vitest/node';
import { makeDatabaseTemplate, SNAPSHOT_ENV, TEMPLATE_ENV } from '../helpers/database-template';

/**
 * Once per run of the server tests: the migrated database every test app copies (a PGlite dump, and
 * a template database on TEST_DATABASE_URL's server when one is named), named to the test processes
 * in their environment and removed at the run's end.
 */
export default async function setup(_project: TestProject): Promise<() => Promise<void>> {
  const template = await makeDatabaseTemplate();
  process.env[SNAPSHOT_ENV] = template.snapshotFile;
  if (template.templateName) process.env[TEMPLATE_ENV] = template.templateName;
  return async () => {
    delete process.env[SNAPSHOT_ENV];
    delete process.env[TEMPLATE_ENV];
    await template.remove();
  };
}
