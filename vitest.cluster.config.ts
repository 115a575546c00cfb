import { defineConfig } from 'vitest/config';

/**
 * The multi-machine test (tests/cluster): processes of the built server, nginx, PostgreSQL and an
 * S3-compatible store, started by `.ci/run`. Not part of `npm test`: it needs those servers and
 * several minutes.
 */
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
