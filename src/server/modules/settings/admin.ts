import type { FastifyPluginAsync } from 'fastify';
import { count, eq, sql } from 'drizzle-orm';
import { adminSettingUpdateSchema, SETTING_VALUE_RULES, type AdminSetting } from '../../../shared/api/admin-settings';
import { settings, type SettingRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { staffOnly } from '../../lib/auth';
import { unprocessable } from '../../lib/errors';
import { restResource, type ListSpec } from '../../lib/rest-list';

export const settingsListSpec: ListSpec = {
  fields: {
    id: { column: settings.id, type: 'int' },
    name: { column: settings.name, type: 'text' },
    public: { column: settings.public, type: 'bool' },
    updated_at: { column: settings.updatedAt, type: 'date' },
  },
  sortable: ['id', 'name', 'public', 'updated_at'],
  defaultSort: ['name', 'ASC'],
  searchText: sql`lower(${settings.name} || ' ' || ${settings.value} || ' ' || ${settings.description})`,
  id: settings.id,
};

function presentSetting(row: SettingRow): AdminSetting {
  return { id: row.id, name: row.name, value: row.value, description: row.description, public: row.public, updated_at: row.updatedAt.toISOString() };
}

/** Staff edit of settings at /api/admin/settings: values, descriptions and the public flag; no create or delete. */
const settingsAdmin: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  app.addHook('onRequest', staffOnly);

  const findOne = async (id: number) => {
    const [row] = await db.select().from(settings).where(eq(settings.id, id)).limit(1);
    return row ?? null;
  };

  restResource(app, {
    name: 'settings',
    list: settingsListSpec,
    async findMany(query) {
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(settings).where(query.where).orderBy(...query.orderBy).limit(query.limit).offset(query.offset),
        db.select({ total: count() }).from(settings).where(query.where),
      ]);
      return { rows: rows.map(presentSetting), total };
    },
    findOne: async (id) => {
      const row = await findOne(id);
      return row ? presentSetting(row) : null;
    },
    update: {
      schema: adminSettingUpdateSchema,
      async run(id, input) {
        const current = (await findOne(id))!;
        const rule = SETTING_VALUE_RULES[current.name];
        if (input.value !== undefined && rule) {
          const checked = rule.safeParse(input.value);
          if (!checked.success) throw unprocessable({ value: checked.error.issues[0]?.message ?? 'This value is not valid' });
          input.value = checked.data;
        }
        const [row] = await db
          .update(settings)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(settings.id, id))
          .returning();
        return presentSetting(row);
      },
    },
  });
};

export default settingsAdmin;
