import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ChangePasswordInput, ProfileInput, RegisterInput, Role } from '../../../shared/api/accounts';
import { ROLES } from '../../../shared/api/accounts';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { companies, countries, userIdentities, users, type CompanyRow, type UserRow } from '../../db/schema';
import { unprocessable } from '../../lib/domain-errors';
import { nextVersion } from '../../lib/record-versions';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords';
import { endResetLinks } from './password-resets';
import { forgetCompanySessions, sessionStore, type SessionStore } from './sessions';
import type { SettingsService } from '../settings/service';
import type { MailOutbox } from '../mail/service';
import { addressColumns } from '../../lib/postal-address';
import type { ApprovalDigest } from './approval-digest';
import { newCompany } from '../companies/billing';
import { companyMay, type CompanyRole } from '../../../shared/domain/companies/roles';

import type { PaymentTerms } from '../../../shared/domain/payments/terms';

type Profile = Required<Omit<ProfileInput, 'current_password' | 'blind_dispatch'>> & { country_id: number };

export function accountsService(deps: {
  db: Db;
  sessions: SessionStore;
  settings: SettingsService;
  outbox: MailOutbox;
  approvals: Pick<ApprovalDigest, 'schedule'>;
  /** What a new account's payment terms are (DEFAULT_PAYMENT_TERMS). */
  paymentTerms: PaymentTerms;
  appUrl: string;
  appName: string;
}) {
  const { db, sessions } = deps;

  async function findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
      .limit(1);
    return row ?? null;
  }

  async function assertEmailFree(email: string, exceptUserId?: number): Promise<void> {
    const existing = await findByEmail(email);
    if (existing && existing.id !== exceptUserId) throw unprocessable({ email: 'An account with this e-mail address already exists' });
  }

  async function assertCountry(countryId: number): Promise<void> {
    const [row] = await db
      .select({ id: countries.id })
      .from(countries)
      .where(and(eq(countries.id, countryId), eq(countries.active, true)));
    if (!row) throw unprocessable({ country_id: 'Choose a country from the list' });
  }

  function assertPassword(password: string, email: string, field = 'password'): void {
    const problem = passwordProblem(password, { email });
    if (problem) throw unprocessable({ [field]: problem });
  }

  /** 422 on `current_password` unless it is the user's password (an account with none must set one first). */
  async function assertCurrentPassword(user: UserRow, password: string | undefined, missing: string): Promise<void> {
    if (user.passwordHash === null) {
      throw unprocessable({
        current_password:
          'Your account has no password yet (you sign in with another service). Set a password with "Forgotten password" on the sign-in page first.',
      });
    }
    if (!password) throw unprocessable({ current_password: missing });
    if (!(await verifyPassword(password, user.passwordHash))) throw unprocessable({ current_password: 'Your current password is not correct' });
  }

  /** The role new accounts get: setting REGISTRATION_ROLE, never admin. */
  async function registrationRole(): Promise<Role> {
    const value = (await deps.settings.value('REGISTRATION_ROLE', 'user')).trim() as Role;
    return ROLES.includes(value) && value !== 'admin' ? value : 'user';
  }

  /** The account's own columns of a profile: the company name is the company's (companyColumns). */
  function profileColumns(input: Profile) {
    const { companyName: _company, ...address } = addressColumns(input);
    return { email: input.email, title: input.title, mobile: input.mobile, ...address };
  }

  /** What an owner's profile says of the company: its name and address (the founding account's, kept alike). */
  function companyColumns(input: Profile) {
    const { companyName, address1, address2, town, county, postcode, countryId } = addressColumns(input);
    return { name: companyName, address1, address2, town, county, postcode, countryId };
  }

  return {
    findByEmail,

    /** Whether a new account waits for staff to approve it before it may order (REGISTRATION_ROLE none). */
    async approvalRequired(): Promise<boolean> {
      return (await registrationRole()) === 'none';
    },

    async register(input: RegisterInput & Profile, userAgent: string): Promise<{ token: string; user: UserRow }> {
      assertPassword(input.password, input.email);
      await assertEmailFree(input.email);
      await assertCountry(input.country_id);
      const passwordHash = await hashPassword(input.password);
      const role = await registrationRole();
      let user: UserRow;
      try {
        // The account and its welcome mail (a row of the outbox) commit together.
        user = await db.transaction(async (tx) => {
          // The new account owns a new company, named as registered, on the install's terms.
          const company = await newCompany(tx, { ...companyColumns(input), paymentTerms: deps.paymentTerms });
          const [created] = await tx
            .insert(users)
            .values({ ...profileColumns(input), passwordHash, role, companyId: company.id, companyRole: 'owner' })
            .returning();
          await deps.outbox.queue(tx, {
            to: created.email,
            subject: `Welcome to ${deps.appName}`,
            text:
              `Hello ${created.firstname},\n\nYour trade account is ready. Sign in at ${deps.appUrl}/login.\n` +
              (role === 'none' ? '\nWe check every new trade account; we will e-mail you as soon as yours is approved.\n' : '') +
              `\n${deps.appName}`,
          });
          // Staff hear of it in their next digest of accounts awaiting approval.
          if (role === 'none') await deps.approvals.schedule(tx);
          return created;
        });
      } catch (err) {
        // Two registrations racing for one e-mail: the unique index decides.
        if (isUniqueViolation(err)) {
          throw unprocessable({ email: 'An account with this e-mail address already exists' });
        }
        throw err;
      }
      const token = await sessions.create(user.id, false, userAgent);
      return { token, user };
    },

    /**
     * A first social sign-in: an account without a password, from the provider's verified
     * e-mail and names, with its identity and welcome mail in one transaction. Address and company
     * are asked for before the first order (the customer app's profile guard).
     */
    async createSocialAccount(
      profile: { email: string; firstname: string; lastname: string },
      identity: { provider: string; subject: string },
    ): Promise<UserRow> {
      const role = await registrationRole();
      try {
        return await db.transaction(async (tx) => {
          const company = await newCompany(tx, { paymentTerms: deps.paymentTerms });
          const [created] = await tx
            .insert(users)
            .values({
              email: profile.email,
              firstname: profile.firstname,
              lastname: profile.lastname,
              passwordHash: null,
              role,
              companyId: company.id,
              companyRole: 'owner',
            })
            .returning();
          await tx.insert(userIdentities).values({ userId: created.id, provider: identity.provider, subject: identity.subject, email: profile.email });
          await deps.outbox.queue(tx, {
            to: created.email,
            subject: `Welcome to ${deps.appName}`,
            text:
              `Hello ${created.firstname || 'there'},\n\nYour trade account is ready. Sign in at ${deps.appUrl}/login.\n` +
              `Before your first order, please add your address on your profile page: ${deps.appUrl}/account/profile\n` +
              (role === 'none' ? '\nWe check every new trade account; we will e-mail you as soon as yours is approved.\n' : '') +
              `\n${deps.appName}`,
          });
          if (role === 'none') await deps.approvals.schedule(tx);
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw unprocessable({ email: 'An account with this e-mail address already exists' });
        throw err;
      }
    },

    async login(input: { email: string; password: string; remember: boolean }, userAgent: string): Promise<string> {
      const user = await findByEmail(input.email);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? null);
      if (!user || !ok) throw unprocessable({ email: 'These details do not match our records' });
      return sessions.create(user.id, input.remember, userAgent);
    },

    /**
     * A new e-mail address needs the current password; it ends the outstanding reset links (they
     * went to the old address) and tells the old address of the change. An owner's profile also
     * names the company and sets its address and blind-dispatch default; the other members' company
     * name is shown read-only, so what their form sends of it is not taken.
     */
    async updateProfile(
      user: UserRow,
      input: Profile & { current_password?: string; blind_dispatch?: boolean },
    ): Promise<{ user: UserRow; company: CompanyRow }> {
      const emailChanges = input.email.toLowerCase() !== user.email.toLowerCase();
      await assertEmailFree(input.email, user.id);
      if (input.country_id !== user.countryId) await assertCountry(input.country_id);
      if (emailChanges) await assertCurrentPassword(user, input.current_password, 'To change your e-mail address, enter your current password');
      const row = await db.transaction(async (tx) => {
        // The staff record of the account changes with it: a staff form opened before is stale.
        const [updated] = await tx
          .update(users)
          .set({ ...profileColumns(input), version: nextVersion(users.version) })
          .where(eq(users.id, user.id))
          .returning();
        const owner = companyMay(user.companyRole as CompanyRole, 'manage_billing');
        const [company] = owner
          ? await tx
              .update(companies)
              .set({
                ...companyColumns(input),
                ...(input.blind_dispatch !== undefined ? { blindDispatch: input.blind_dispatch } : {}),
                version: nextVersion(companies.version),
              })
              .where(eq(companies.id, user.companyId))
              .returning()
          : await tx.select().from(companies).where(eq(companies.id, user.companyId));
        if (emailChanges) {
          await endResetLinks(tx, user.id);
          // The notice to the old address is an outbox row of the same transaction.
          await deps.outbox.queue(tx, {
            to: user.email,
            subject: `Your ${deps.appName} e-mail address was changed`,
            text:
              `Hello ${updated.firstname},\n\nThe e-mail address of your ${deps.appName} account was changed from ${user.email} to ${updated.email}. ` +
              `From now on we write to the new address, and you sign in with it.\n\n` +
              `If you did not make this change, contact us at once: somebody may have access to your account.\n\n${deps.appName}`,
          });
        }
        return { user: updated, company };
      });
      forgetCompanySessions(user.companyId);
      return row;
    },

    /** Needs the current password; ends every other session of the user (DESIGN §2). */
    async changePassword(user: UserRow, sessionId: number, input: ChangePasswordInput): Promise<void> {
      await assertCurrentPassword(user, input.current_password, 'Enter your current password');
      assertPassword(input.password, user.email);
      if (input.password === input.current_password) throw unprocessable({ password: 'Choose a password different from the current one' });
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await sessionStore(tx).endAllFor(user.id, sessionId);
        // A link asked for before the change would undo it.
        await endResetLinks(tx, user.id);
      });
    },

    assertPassword,
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
