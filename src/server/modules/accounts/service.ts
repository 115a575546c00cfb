import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ChangePasswordInput, ProfileInput, RegisterInput, Role } from '../../../shared/api/accounts';
import { ROLES } from '../../../shared/api/accounts';
import type { Db } from '../../db/client';
import { countries, users, type UserRow } from '../../db/schema';
import { unprocessable } from '../../lib/errors';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords';
import { forgetUserSessions, sessionStore, type SessionStore } from './sessions';
import type { SettingsService } from '../settings/service';
import type { Mailer } from '../../lib/mail';

type Profile = Required<ProfileInput> & { country_id: number };

export function accountsService(deps: { db: Db; sessions: SessionStore; settings: SettingsService; mailer: Mailer; appUrl: string; appName: string }) {
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
    const [row] = await db.select({ id: countries.id }).from(countries).where(and(eq(countries.id, countryId), eq(countries.active, true)));
    if (!row) throw unprocessable({ country_id: 'Choose a country from the list' });
  }

  function assertPassword(password: string, email: string, field = 'password'): void {
    const problem = passwordProblem(password, { email });
    if (problem) throw unprocessable({ [field]: problem });
  }

  /** The role new accounts get: setting REGISTRATION_ROLE, never admin. */
  async function registrationRole(): Promise<Role> {
    const value = (await deps.settings.value('REGISTRATION_ROLE', 'user')).trim() as Role;
    return ROLES.includes(value) && value !== 'admin' ? value : 'user';
  }

  function profileColumns(input: Profile) {
    return {
      email: input.email,
      title: input.title,
      firstname: input.firstname,
      lastname: input.lastname,
      companyName: input.company_name,
      telephone: input.telephone,
      mobile: input.mobile,
      address1: input.address1,
      address2: input.address2,
      town: input.town,
      county: input.county,
      postcode: input.postcode.toUpperCase(),
      countryId: input.country_id,
    };
  }

  return {
    findByEmail,

    async register(input: RegisterInput & Profile, userAgent: string): Promise<{ token: string; user: UserRow }> {
      assertPassword(input.password, input.email);
      await assertEmailFree(input.email);
      await assertCountry(input.country_id);
      const passwordHash = await hashPassword(input.password);
      const role = await registrationRole();
      let user: UserRow;
      try {
        [user] = await db.insert(users).values({ ...profileColumns(input), passwordHash, role }).returning();
      } catch (err) {
        // Two registrations racing for one e-mail: the unique index decides.
        if (String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505') {
          throw unprocessable({ email: 'An account with this e-mail address already exists' });
        }
        throw err;
      }
      const token = await sessions.create(user.id, false, userAgent);
      deps.mailer.send({
        to: user.email,
        subject: `Welcome to ${deps.appName}`,
        text:
          `Hello ${user.firstname},\n\nYour trade account is ready. Sign in at ${deps.appUrl}/login.\n` +
          (role === 'none' ? '\nWe check every new trade account; we will e-mail you as soon as yours is approved.\n' : '') +
          `\n${deps.appName}`,
      });
      return { token, user };
    },

    async login(input: { email: string; password: string; remember: boolean }, userAgent: string): Promise<string> {
      const user = await findByEmail(input.email);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? null);
      if (!user || !ok) throw unprocessable({ email: 'These details do not match our records' });
      return sessions.create(user.id, input.remember, userAgent);
    },

    async updateProfile(user: UserRow, input: Profile): Promise<UserRow> {
      await assertEmailFree(input.email, user.id);
      if (input.country_id !== user.countryId) await assertCountry(input.country_id);
      const [row] = await db.update(users).set(profileColumns(input)).where(eq(users.id, user.id)).returning();
      forgetUserSessions(user.id);
      return row;
    },

    /** Needs the current password; ends every other session of the user (DESIGN §2). */
    async changePassword(user: UserRow, sessionId: number, input: ChangePasswordInput): Promise<void> {
      if (!(await verifyPassword(input.current_password, user.passwordHash))) {
        throw unprocessable({ current_password: 'Your current password is not correct' });
      }
      assertPassword(input.password, user.email);
      if (input.password === input.current_password) throw unprocessable({ password: 'Choose a password different from the current one' });
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await sessionStore(tx).endAllFor(user.id, sessionId);
      });
    },

    assertPassword,
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
