import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { recordVersion } from './columns';

export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  value: text('value').notNull().default(''),
  description: text('description').notNull().default(''),
  /** Public settings are readable by anyone (the status banner); the rest by staff only. */
  public: boolean('public').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: recordVersion(),
});

export type SettingRow = typeof settings.$inferSelect;
