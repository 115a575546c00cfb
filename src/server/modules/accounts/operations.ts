import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { ROLES, type Role } from '../../../shared/api/accounts';
import type { PaymentTerms } from '../../../shared/domain/payments/terms';
import type { Db } from '../../db/client';
import { companies, users } from '../../db/schema';
import { endResetLinks } from './password-resets';
import { forgetUserSessions, sessionStore } from './sessions';
import { hashPassword, passwordProblem } from '../../lib/passwords';
import { nextVersion } from '../../lib/record-versions';

export interface UpsertAccountInput {
  email: string;
  password?: string;
  role?: string;
  firstname?: string;
  lastname?: string;
  /** A new account's company's payment terms (DEFAULT_PAYMENT_TERMS); an existing account keeps its company's. */
  paymentTerms?: PaymentTerms;
}

/**
 * The operations CLI's `user create`: makes an account, or — for an e-mail that exists — changes
 * its role (and password when given). Same password rules as the API. Throws a readable Error.
 */
export async function upsertAccount(db: Db, input: UpsertAccountInput): Promise<{ id: number; created: boolean; role: Role }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`Not an e-mail address: ${input.email}`);
  if (input.role !== undefined && !ROLES.includes(input.role as Role)) throw new Error(`Unknown role "${input.role}": use one of ${ROLES.join(', ')}`);
  if (input.password !== undefined) {
    const problem = passwordProblem(input.password, { email });
    if (problem) throw new Error(`Password refused: ${problem}`);
  }
  const [existing] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)))
    .limit(1);
  if (existing) {
    const role = (input.role ?? existing.role) as Role;
    // The role is part of the staff record: a staff form opened before is stale.
    const changes: Partial<Omit<typeof users.$inferInsert, 'version'>> & { version: SQL } = { role, version: nextVersion(users.version) };
    if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      await tx.update(users).set(changes).where(eq(users.id, existing.id));
      // A new password or losing access ends the account's sessions, as in the app.
      if (input.password !== undefined || role === 'none') await sessionStore(tx).endAllFor(existing.id);
      // A reset link asked for before the new password would undo it.
      if (input.password !== undefined) await endResetLinks(tx, existing.id);
    });
    if (input.password === undefined && role !== 'none') forgetUserSessions(existing.id);
    return { id: existing.id, created: false, role };
  }
  if (input.password === undefined) throw new Error('A new account needs --password');
  const role = (input.role ?? 'user') as Role;
  const passwordHash = await hashPassword(input.password);
  const row = await db.transaction(async (tx) => {
    // The account owns a new company of its own, on the install's terms.
    const [company] = await tx
      .insert(companies)
      .values(input.paymentTerms ? { paymentTerms: input.paymentTerms } : {})
      .returning({ id: companies.id });
    const [made] = await tx
      .insert(users)
      .values({ email, role, passwordHash, firstname: input.firstname ?? email.split('@')[0], lastname: input.lastname ?? '', companyId: company.id })
      .returning({ id: users.id });
    return made;
  });
  return { id: row.id, created: true, role };
}
