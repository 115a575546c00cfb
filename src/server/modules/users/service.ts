import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminUser, adminUserCreateSchema, adminUserUpdateSchema } from '../../../shared/api/admin-users';
import type { Db } from '../../db/client';
import { countries, users, type UserRow } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import type { ListQuery, ListSpec } from '../../lib/rest-list';
import { randomToken } from '../../lib/tokens';
import { presentUser } from '../accounts/present';
import type { PasswordResetService } from '../accounts/password-resets';
import { forgetUserSessions, sessionStore } from '../accounts/sessions';
import { prepareLogo } from './logo-image';

type CreateInput = z.output<typeof adminUserCreateSchema>;
type UpdateInput = Partial<z.output<typeof adminUserUpdateSchema>>;

/** The staff list of users: what may be filtered and sorted, and what `q` searches. */
export const usersListSpec: ListSpec = {
  fields: {
    id: { column: users.id, type: 'int' },
    email: { column: users.email, type: 'text' },
    role: { column: users.role, type: 'enum', values: ['none', 'user', 'trade', 'admin'] },
    firstname: { column: users.firstname, type: 'text' },
    lastname: { column: users.lastname, type: 'text' },
    company_name: { column: users.companyName, type: 'text' },
    town: { column: users.town, type: 'text' },
    postcode: { column: users.postcode, type: 'text' },
    country_id: { column: users.countryId, type: 'int' },
    created_at: { column: users.createdAt, type: 'date' },
  },
  sortable: ['id', 'email', 'role', 'firstname', 'lastname', 'company_name', 'town', 'postcode', 'created_at'],
  defaultSort: ['id', 'DESC'],
  // Name, company, e-mail, postcode and town, lower-cased in a stored column with a trigram index (migration 0002).
  searchText: sql`${users.searchText}`,
  scope: isNull(users.deletedAt),
  id: users.id,
};

export function presentAdminUser(row: UserRow): AdminUser {
  return { ...presentUser(row), password_set: row.passwordHash !== null };
}

const isUniqueViolation = (error: unknown) =>
  String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505';
const EMAIL_TAKEN = { email: 'An account with this e-mail address already exists' };

function columnsOf(input: UpdateInput): Partial<typeof users.$inferInsert> {
  const map: Record<string, keyof typeof users.$inferInsert> = {
    email: 'email',
    role: 'role',
    title: 'title',
    firstname: 'firstname',
    lastname: 'lastname',
    company_name: 'companyName',
    telephone: 'telephone',
    mobile: 'mobile',
    address1: 'address1',
    address2: 'address2',
    town: 'town',
    county: 'county',
    postcode: 'postcode',
    country_id: 'countryId',
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && map[key]) out[map[key]] = key === 'postcode' ? String(value).toUpperCase() : value;
  }
  return out as Partial<typeof users.$inferInsert>;
}

/** Staff management of accounts (issue 4): create with a welcome link, edit, role rules, soft delete, logo. */
export function adminUsersService(deps: { db: Db; resets: PasswordResetService; files: FileStore }) {
  const { db, files } = deps;

  async function live(id: number): Promise<UserRow> {
    const [row] = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
    if (!row) throw notFound('No such user.');
    return row;
  }

  async function assertEmailFree(email: string, exceptId?: number): Promise<void> {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt), exceptId ? ne(users.id, exceptId) : undefined))
      .limit(1);
    if (taken) throw unprocessable(EMAIL_TAKEN);
  }

  async function assertCountry(countryId: number): Promise<void> {
    const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
    if (!row) throw unprocessable({ country_id: 'Choose a country from the list' });
  }

  /** Runs a write; two requests racing for one e-mail are told apart by the unique index. */
  async function guardedWrite<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw unprocessable(EMAIL_TAKEN);
      throw error;
    }
  }

  return {
    async findMany(query: ListQuery): Promise<{ rows: AdminUser[]; total: number }> {
      return db.transaction(async (tx) => {
        // PostgreSQL's default random_page_cost (4, for spinning disks) prices the trigram index above
        // a full scan of this small, cached table, though a search through it is 3–4× faster.
        await tx.execute(sql`set local random_page_cost = 1.1`);
        const rows = await tx.select().from(users).where(query.where).orderBy(...query.orderBy).limit(query.limit).offset(query.offset);
        const [{ total }] = await tx.select({ total: count() }).from(users).where(query.where);
        return { rows: rows.map(presentAdminUser), total };
      });
    },

    async findOne(id: number): Promise<AdminUser | null> {
      const [row] = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
      return row ? presentAdminUser(row) : null;
    },

    /** A new account has no password: its owner sets one through the link e-mailed now. */
    async create(input: CreateInput): Promise<AdminUser> {
      await assertEmailFree(input.email);
      await assertCountry(input.country_id);
      const [row] = await guardedWrite(() =>
        db
          .insert(users)
          .values({ ...columnsOf(input), firstname: input.firstname, lastname: input.lastname, email: input.email, passwordHash: null })
          .returning(),
      );
      await deps.resets.welcome(row);
      return presentAdminUser(row);
    },

    /** An admin may not take away their own admin role; role `none` ends the user's sessions. */
    async update(id: number, input: UpdateInput, actor: UserRow): Promise<AdminUser> {
      const current = await live(id);
      if (id === actor.id && input.role !== undefined && input.role !== 'admin') {
        throw unprocessable({ role: 'You cannot take away your own admin role. Ask another admin to do it.' });
      }
      if (input.email !== undefined && input.email !== current.email) await assertEmailFree(input.email, id);
      if (input.country_id !== undefined && input.country_id !== current.countryId) await assertCountry(input.country_id);
      const changes = columnsOf(input);
      const row = await guardedWrite(() =>
        db.transaction(async (tx) => {
          const [updated] = Object.keys(changes).length ? await tx.update(users).set(changes).where(eq(users.id, id)).returning() : [current];
          if (updated.role === 'none' && current.role !== 'none') await sessionStore(tx).endAllFor(id);
          return updated;
        }),
      );
      // Signed-in requests see the new role (or e-mail…) at once, not when the session cache expires.
      forgetUserSessions(id);
      return presentAdminUser(row);
    },

    /** Soft delete: the account and its e-mail address are freed, its sessions end; its history stays. */
    async softDelete(id: number, actor: UserRow): Promise<AdminUser> {
      if (id === actor.id) throw unprocessable({ id: 'You cannot delete your own account. Ask another admin to do it.' });
      await live(id);
      const row = await db.transaction(async (tx) => {
        const [deleted] = await tx.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id)).returning();
        await sessionStore(tx).endAllFor(id);
        return deleted;
      });
      return presentAdminUser(row);
    },

    /** Stores the resized logo under a new random name, then removes the one it replaces. */
    async setLogo(id: number, upload: Buffer): Promise<AdminUser> {
      const current = await live(id);
      const image = await prepareLogo(upload);
      const name = `${randomToken(24)}.${image.extension}`;
      await files.put(logoKey(name), image.data);
      const [row] = await db.update(users).set({ companyLogo: name }).where(eq(users.id, id)).returning();
      forgetUserSessions(id);
      if (current.companyLogo) await files.delete(logoKey(current.companyLogo));
      return presentAdminUser(row);
    },

    async removeLogo(id: number): Promise<AdminUser> {
      const current = await live(id);
      const [row] = await db.update(users).set({ companyLogo: null }).where(eq(users.id, id)).returning();
      forgetUserSessions(id);
      if (current.companyLogo) await files.delete(logoKey(current.companyLogo));
      return presentAdminUser(row);
    },
  };
}

/** Logos live under `logos/` in the file store; users.company_logo holds the file's name. */
export const logoKey = (name: string) => `logos/${name}`;

export type AdminUsersService = ReturnType<typeof adminUsersService>;
