import { boolean, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { recordVersion } from './columns';

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    /** ISO 3166-1 alpha-2. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    version: recordVersion(),
  },
  (t) => [index('countries_name_idx').on(t.name)],
);
