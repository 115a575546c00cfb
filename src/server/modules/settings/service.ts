import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SETTING_VALUE_RULES, type StaffSetting, type staffSettingUpdateSchema } from '../../../shared/api/staff-settings';
import type { Setting } from '../../../shared/api/settings';
import type { Db } from '../../db/client';
import { settings, type SettingRow, type UserRow } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/domain-errors';
import { claimVersion, type RecordKind } from '../../lib/record-versions';
import { fieldsOf, type ListSpec } from '../../lib/list-query';

function presentSetting(row: SettingRow): StaffSetting {
  return {
    id: row.id,
    name: row.name,
    value: row.value,
    description: row.description,
    public: row.public,
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

const SETTING: RecordKind = { noun: 'setting', missing: 'No such setting.' };

/** The staff list of settings: filters, sorts and what `q` searches. */
export const settingsListSpec: ListSpec<StaffSetting, SettingRow> = {
  table: settings,
  present: (rows) => rows.map(presentSetting),
  fields: fieldsOf(settings, { id: 'int', name: 'text', public: 'bool', updated_at: 'date' }),
  sortable: ['id', 'name', 'public', 'updated_at'],
  defaultSort: ['name', 'ASC'],
  searchText: sql`lower(${settings.name} || ' ' || ${settings.value} || ' ' || ${settings.description})`,
  id: settings.id,
};

/** Site settings: read by name (public ones by anyone), and edited by staff within each setting's rule. */
export function settingsService(db: Db) {
  async function find(name: string) {
    const [row] = await db.select().from(settings).where(eq(settings.name, name)).limit(1);
    return row ?? null;
  }

  async function byId(id: number): Promise<SettingRow | null> {
    const [row] = await db.select().from(settings).where(eq(settings.id, id)).limit(1);
    return row ?? null;
  }

  return {
    list: settingsListSpec,

    /** A setting's value, or `fallback` when it is not set (server-side rules read settings this way). */
    async value(name: string, fallback: string): Promise<string> {
      return (await find(name))?.value ?? fallback;
    },

    /** Public settings to anyone; the rest to staff only; everything else looks missing (404). */
    async readAs(name: string, viewer: UserRow | null): Promise<Setting> {
      const row = await find(name);
      if (!row || (!row.public && viewer?.role !== 'admin')) throw notFound('No such setting.');
      return { name: row.name, value: row.value };
    },

    async get(id: number): Promise<StaffSetting | null> {
      const row = await byId(id);
      return row ? presentSetting(row) : null;
    },

    /** Staff edits: a setting with a value rule (a number, a role…) takes only values that pass it. */
    async update(id: number, input: Partial<z.output<typeof staffSettingUpdateSchema>>, version: number): Promise<StaffSetting> {
      const current = await byId(id);
      if (!current) throw notFound('No such setting.');
      const changes = { ...input };
      const rule = SETTING_VALUE_RULES[current.name];
      if (changes.value !== undefined && rule) {
        const checked = rule.safeParse(changes.value);
        if (!checked.success) throw unprocessable({ value: checked.error.issues[0]?.message ?? 'This value is not valid' });
        changes.value = checked.data;
      }
      return db.transaction(async (tx) => {
        await claimVersion(tx, { table: settings, id: settings.id, version: settings.version }, id, version, SETTING);
        const [row] = await tx
          .update(settings)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(settings.id, id))
          .returning();
        return presentSetting(row);
      });
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
