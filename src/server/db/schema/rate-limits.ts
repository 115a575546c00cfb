import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/**
 * The rate limits' counters (lib/rate-limit.ts), one row per limit and key, kept in the database so
 * that every instance counts against the same allowance and a restart forgets nothing. The columns
 * are the ones rate-limiter-flexible's drizzle store reads and writes: `points` used in the window
 * that ends at `expire`. The key is the limit's name and a SHA-256 of what it counts by, so no
 * address or e-mail is kept. No index on `expire`: each request writes it when a window starts, and
 * the purge's scan of a table this small costs less than keeping an index for it.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: instant('expire').notNull(),
});
