import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';

export function settingsService(db: Db) {
  async function find(name: string) {
    const [row] = await db.select().from(settings).where(eq(settings.name, name)).limit(1);
    return row ?? null;
  }

  return {
    find,

    /** A setting's value, or `fallback` when it is not set (server-side rules read settings this way). */
    async value(name: string, fallback: string): Promise<string> {
      return (await find(name))?.value ?? fallback;
    },

    /** Public settings to anyone; the rest to staff only; everything else looks missing (404). */
    async readAs(name: string, viewer: UserRow | null): Promise<{ name: string; value: string }> {
      const row = await find(name);
      if (!row || (!row.public && viewer?.role !== 'admin')) throw notFound('No such setting.');
      return { name: row.name, value: row.value };
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
