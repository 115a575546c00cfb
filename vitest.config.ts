import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import databases from './tests/server/databases.json';

// On a PostgreSQL server (TEST_DATABASE_URL), the server project runs the files where the database
// matters (tests/server/databases.json says which, and why); TEST_POSTGRES_ALL=1 runs every one there.
const serverFiles =
  process.env.TEST_DATABASE_URL && process.env.TEST_POSTGRES_ALL !== '1'
    ? Object.keys(databases.onPostgres).map((file) => `tests/server/${file}`)
    : ['tests/server/**/*.test.ts'];

export default defineConfig({
  test: {
    // Two at once on CI's two cores (the default would be one): each test file's app has its own
    // database, port and directory. VITEST_MAX_WORKERS=1 on a one-core machine.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'server',
          include: serverFiles,
          environment: 'node',
          pool: 'forks',
          // One module graph per worker, not per file: importing the server (Fastify, drizzle, the AWS
          // SDK, PDFium…) took seconds a file. Each file still makes its own app on its own database.
          isolate: false,
          globalSetup: ['tests/server/global-setup.ts'],
          setupFiles: ['tests/server/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'lint',
          include: ['tests/lint/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          include: ['tests/shared/**/*.test.{ts,tsx}', 'tests/customer/**/*.test.{ts,tsx}', 'tests/admin/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup-dom.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
