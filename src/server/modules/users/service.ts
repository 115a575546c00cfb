import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { companyNameProblem, type StaffUser, type staffUserCreateSchema, type staffUserUpdateSchema } from '../../../shared/api/staff-users';
import { ROLES } from '../../../shared/api/accounts-basics';
import type { PaymentTerms } from '../../../shared/domain/payments/terms';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { companies, countries, users, type CompanyRow, type UserRow } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/domain-errors';
import { claimVersion, lockForDelete, nextVersion, type RecordKind } from '../../lib/record-versions';
import type { FileStore } from '../../lib/files';
import { fieldsOf, type ListSpec } from '../../lib/list-query';
import { randomToken } from '../../lib/tokens';
import { presentUser } from '../accounts/present';
import { endResetLinks, type PasswordResetService } from '../accounts/password-resets';
import type { MailOutbox } from '../mail/service';
import { forgetCompanySessions, forgetUserSessions, sessionStore } from '../accounts/sessions';
import { accountCompanyName, accountsMatching, companyById, newCompany } from '../companies/billing';
import { prepareLogo } from './logo-image';
import { columnValues } from '../../db/columns';

type CreateInput = z.output<typeof staffUserCreateSchema>;
type UpdateInput = Partial<z.output<typeof staffUserUpdateSchema>>;

/** An account as staff see it: its company's name, terms, credit and logo with it (the company holds them). */
export function presentAdminUser(row: UserRow, company: CompanyRow): StaffUser {
  return {
    ...presentUser(row, company),
    password_set: row.passwordHash !== null,
    version: row.version,
    payment_terms: company.paymentTerms as PaymentTerms,
    credit_limit: company.creditLimit,
    credit_days: company.creditDays,
    company_version: company.version,
  };
}

/** The companies of a page of accounts, in one query. */
async function companiesOf(db: Db, rows: UserRow[]): Promise<Map<number, CompanyRow>> {
  const ids = [...new Set(rows.map((row) => row.companyId))];
  const found = ids.length ? await db.select().from(companies).where(inArray(companies.id, ids)) : [];
  return new Map(found.map((company) => [company.id, company]));
}

const USER: RecordKind = { noun: 'user', missing: 'No such user.' };
const versioned = { table: users, id: users.id, version: users.version };

/** The staff list of users: what may be filtered and sorted, and what `q` searches. */
export function usersListSpec(db: Db): ListSpec<StaffUser, UserRow> {
  return {
    table: users,
    present: async (rows) => {
      const byId = await companiesOf(db, rows);
      return rows.map((row) => presentAdminUser(row, byId.get(row.companyId)!));
    },
    fields: fieldsOf(users, {
      id: 'int',
      email: 'text',
      role: { type: 'enum', values: ROLES },
      firstname: 'text',
      lastname: 'text',
      company_id: 'int',
      town: 'text',
      postcode: 'text',
      country_id: 'int',
      created_at: 'date',
    }),
    sortable: ['id', 'email', 'role', 'firstname', 'lastname', 'company_name', 'company_id', 'town', 'postcode', 'created_at'],
    // The company's name is its company's: sorted by it through the account's link.
    sortBy: { company_name: accountCompanyName },
    defaultSort: ['id', 'DESC'],
    // Name, e-mail, postcode and town (a stored column with a trigram index, migration 0002) or the company's name.
    searchWord: (pattern) => sql`${users.id} in ${accountsMatching(pattern)}`,
    scope: isNull(users.deletedAt),
    id: users.id,
  };
}

const EMAIL_TAKEN = { email: 'An account with this e-mail address already exists' };

/** The mail that tells a customer whose account awaited approval (role `none`) that they may now sign in. */
export function approvalMail(user: Pick<UserRow, 'firstname' | 'email'>, links: { appUrl: string; appName: string }) {
  const link = `${links.appUrl.replace(/\/+$/, '')}/login`;
  return {
    to: user.email,
    subject: `Your ${links.appName} account is approved`,
    text:
      `Hello ${user.firstname},\n\nYour ${links.appName} account has been approved: you can now sign in, see your prices and place orders.\n\n` +
      `Sign in at:\n\n${link}\n\nwith the e-mail address ${user.email} and the password you chose when you registered.\n\n${links.appName}`,
    links: [link],
  };
}

/** The fields sent, as the table's columns; postcodes are kept upper-case, as Royal Mail writes them. */
function columnsOf(input: UpdateInput): Partial<typeof users.$inferInsert> {
  const values = columnValues(users, input);
  return values.postcode === undefined ? values : { ...values, postcode: values.postcode.toUpperCase() };
}

/** The fields sent that are the company's: its name, terms, credit and blind-dispatch default. */
function companyColumnsOf(input: UpdateInput): Partial<typeof companies.$inferInsert> {
  const { company_name: name, payment_terms: paymentTerms, credit_limit: creditLimit, credit_days: creditDays, blind_dispatch: blindDispatch } = input;
  const values = { name, paymentTerms, creditLimit, creditDays, blindDispatch };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

const COMPANY: RecordKind = { noun: 'company', missing: 'No such company.' };
const companyVersioned = { table: companies, id: companies.id, version: companies.version };

/** Staff management of accounts: create with a welcome link, edit, role rules, soft delete, logo. */
export function staffUsersService(deps: {
  db: Db;
  resets: PasswordResetService;
  files: FileStore;
  outbox: MailOutbox;
  /** A new account's payment terms when staff leave them out (DEFAULT_PAYMENT_TERMS). */
  paymentTerms: PaymentTerms;
  /** Whether card payment is set up: card terms are refused without it (the customer could not confirm). */
  cardPayments: boolean;
  appUrl: string;
  appName: string;
}) {
  const { db, files } = deps;

  function assertTerms(terms: PaymentTerms | undefined, current?: string): void {
    if (terms === 'card' && current !== 'card' && !deps.cardPayments) {
      throw unprocessable({ payment_terms: 'Card payment is not set up (STRIPE_SECRET_KEY): a card customer could not confirm an order. Choose account.' });
    }
  }

  async function live(id: number): Promise<{ user: UserRow; company: CompanyRow }> {
    const [row] = await db
      .select({ user: users, company: companies })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    if (!row) throw notFound('No such user.');
    return row;
  }

  /** An account and its company as staff see them. */
  async function presented(executor: Db, row: UserRow): Promise<StaffUser> {
    return presentAdminUser(row, (await companyById(executor, row.companyId))!);
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
    list: usersListSpec(db),

    async findOne(id: number): Promise<StaffUser | null> {
      const [row] = await db
        .select({ user: users, company: companies })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return row ? presentAdminUser(row.user, row.company) : null;
    },

    /** A new account has no password: its owner sets one through the link e-mailed now. */
    async create(input: CreateInput): Promise<StaffUser> {
      const problem = companyNameProblem(input);
      if (problem) throw unprocessable(problem);
      assertTerms(input.payment_terms);
      await assertEmailFree(input.email);
      await assertCountry(input.country_id);
      // The account, its set-password link and the welcome mail (an outbox row) commit together.
      const made = await guardedWrite(() =>
        db.transaction(async (tx) => {
          // The account owns a new company of its own, named and on the terms staff gave.
          const account = columnsOf(input);
          const company = await newCompany(tx, {
            paymentTerms: deps.paymentTerms,
            ...companyColumnsOf(input),
            address1: account.address1,
            address2: account.address2,
            town: account.town,
            county: account.county,
            postcode: account.postcode,
            countryId: account.countryId,
          });
          const [created] = await tx
            .insert(users)
            .values({
              ...account,
              firstname: input.firstname,
              lastname: input.lastname,
              email: input.email,
              passwordHash: null,
              companyId: company.id,
              companyRole: 'owner',
            })
            .returning();
          await deps.resets.welcome(created, tx);
          return { created, company };
        }),
      );
      return presentAdminUser(made.created, made.company);
    },

    /**
     * An admin may not take away their own admin role; role `none` ends the user's sessions. Giving an
     * account that awaited approval (`none`) a role approves it: its owner is e-mailed a sign-in link,
     * the mail (an outbox row) committing with the change. A new e-mail address ends the account's
     * outstanding set-password links (they went to the old address), in the same transaction.
     */
    async update(id: number, input: UpdateInput & { company_version?: number }, version: number, actor: UserRow): Promise<StaffUser> {
      const { user: current, company: currentCompany } = await live(id);
      if (id === actor.id && input.role !== undefined && input.role !== 'admin') {
        throw unprocessable({ role: 'You cannot take away your own admin role. Ask another admin to do it.' });
      }
      // The account as it will be: a PUT may send the role alone.
      const problem = companyNameProblem({ role: input.role ?? current.role, company_name: input.company_name ?? currentCompany.name });
      if (problem) throw unprocessable(problem);
      assertTerms(input.payment_terms, currentCompany.paymentTerms);
      if (input.email !== undefined && input.email !== current.email) await assertEmailFree(input.email, id);
      if (input.country_id !== undefined && input.country_id !== current.countryId) await assertCountry(input.country_id);
      const changes = columnsOf(input);
      // Only what differs is the company's change: a form sends every field back, most unchanged.
      const companyChanges = Object.fromEntries(
        Object.entries(companyColumnsOf(input)).filter(([key, value]) => currentCompany[key as keyof CompanyRow] !== value),
      ) as Partial<typeof companies.$inferInsert>;
      const emailChanges = input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase();
      const row = await guardedWrite(() =>
        db.transaction(async (tx) => {
          await claimVersion(tx, versioned, id, version, USER, isNull(users.deletedAt));
          if (Object.keys(companyChanges).length) {
            // The company's terms and name are shared by its members: a form read before another
            // change to the company (an owner's, or staff's on a colleague's record) is stale.
            await claimVersion(tx, companyVersioned, current.companyId, input.company_version ?? currentCompany.version, COMPANY);
            await tx.update(companies).set(companyChanges).where(eq(companies.id, current.companyId));
          }
          const [updated] = Object.keys(changes).length
            ? await tx.update(users).set(changes).where(eq(users.id, id)).returning()
            : await tx.select().from(users).where(eq(users.id, id));
          if (emailChanges) await endResetLinks(tx, id);
          if (updated.role === 'none' && current.role !== 'none') await sessionStore(tx).endAllFor(id);
          if (current.role === 'none' && updated.role !== 'none') await deps.outbox.queue(tx, approvalMail(updated, deps));
          return updated;
        }),
      );
      // Signed-in requests see the new role (or e-mail, or terms…) at once, not when the session cache expires.
      forgetUserSessions(id);
      forgetCompanySessions(current.companyId);
      return presented(db, row);
    },

    /** Soft delete: the account and its e-mail address are freed, its sessions end; its history stays. */
    async softDelete(id: number, version: number | undefined, actor: UserRow): Promise<StaffUser> {
      if (id === actor.id) throw unprocessable({ id: 'You cannot delete your own account. Ask another admin to do it.' });
      await live(id);
      const row = await db.transaction(async (tx) => {
        await lockForDelete(tx, versioned, id, version, USER, isNull(users.deletedAt));
        const [deleted] = await tx.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id)).returning();
        await sessionStore(tx).endAllFor(id);
        return deleted;
      });
      return presented(db, row);
    },

    /**
     * Stores the resized logo under a new random name, points the row at it, and only once that has
     * committed removes the file it replaced. The row is locked while it changes, so concurrent
     * uploads take turns and each removes exactly the one it replaced; an upload whose change fails
     * removes its own file. Whatever happens, the only logo file left is the one the row names.
     */
    async setLogo(id: number, upload: Buffer): Promise<StaffUser> {
      await live(id);
      const image = await prepareLogo(upload);
      const name = `${randomToken(24)}.${image.extension}`;
      await files.put(logoKey(name), image.data);
      let changed: { row: UserRow; company: CompanyRow; replaced: string | null };
      try {
        changed = await replaceLogo(id, name);
      } catch (error) {
        await removeFile(name);
        throw error;
      }
      forgetCompanySessions(changed.row.companyId);
      if (changed.replaced) await removeFile(changed.replaced);
      // The company as this upload left it (a concurrent one may have replaced it since).
      return presentAdminUser(changed.row, changed.company);
    },

    async removeLogo(id: number): Promise<StaffUser> {
      const { row, company, replaced } = await replaceLogo(id, null);
      forgetCompanySessions(row.companyId);
      if (replaced) await removeFile(replaced);
      return presentAdminUser(row, company);
    },

    /** Whether a company with a live member names this logo file: a logo nobody's is not served. */
    async logoInUse(name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(companies)
        .innerJoin(users, and(eq(users.companyId, companies.id), isNull(users.deletedAt)))
        .where(eq(companies.logo, name))
        .limit(1);
      return row !== undefined;
    },
  };

  /**
   * Sets the logo of the account's company under a row lock on the company; answers the account and
   * the name it replaced.
   */
  async function replaceLogo(id: number, name: string | null): Promise<{ row: UserRow; company: CompanyRow; replaced: string | null }> {
    return db.transaction(async (tx) => {
      const [account] = await tx
        .select({ companyId: users.companyId })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)));
      if (!account) throw notFound('No such user.');
      const [current] = await tx.select({ logo: companies.logo }).from(companies).where(eq(companies.id, account.companyId)).for('update');
      const [company] = await tx
        .update(companies)
        .set({ logo: name, version: nextVersion(companies.version) })
        .where(eq(companies.id, account.companyId))
        .returning();
      // The logo is part of the staff record: a form opened before it changed is stale.
      const [row] = await tx
        .update(users)
        .set({ version: nextVersion(users.version) })
        .where(eq(users.id, id))
        .returning();
      return { row, company, replaced: current.logo };
    });
  }

  /** Removing a file never undoes a committed change: a file that will not go is left, not an error. */
  async function removeFile(name: string): Promise<void> {
    await files.delete(logoKey(name)).catch(() => undefined);
  }
}

/** Logos live under `logos/` in the file store; companies.logo holds the file's name. */
export const logoKey = (name: string) => `logos/${name}`;

export type StaffUsersService = ReturnType<typeof staffUsersService>;
