import { and, asc, count, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AcceptInvitationInput, CompanyInvitation, CompanyMember, CompanyMembers, InvitationPreview } from '../../../shared/api/company-members';
import { leftCompanyNote } from '../../../shared/domain/companies/approval';
import { COMPANY_ROLE_LABELS, companyMay, type CompanyRole } from '../../../shared/domain/companies/roles';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { companies, companyInvitations, invoices, orderEvents, orders, sessions, users, type CompanyInvitationRow, type UserRow } from '../../db/schema';
import { conflict, gone, notFound, unprocessable } from '../../lib/domain-errors';
import { hashPassword } from '../../lib/passwords';
import { nextVersion, staleRecord } from '../../lib/record-versions';
import { randomToken, sha256 } from '../../lib/tokens';
import type { PaymentTerms } from '../../../shared/domain/payments/terms';
import type { MailOutbox } from '../mail/service';
import type { AccountsService } from '../accounts/service';
import { forgetUserSessions, sessionStore, type SessionStore } from '../accounts/sessions';
import { RELEASED_CHECKOUT } from '../orders/card-checkout';
import { withNewVersion } from '../orders/order-version';
import { madeIn } from '../orders/source';

/** An invitation's link is good for seven days (DESIGN §2 "Companies"). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const NO_SUCH_MEMBER = 'No such member of your company.';
const NO_SUCH_INVITATION = 'No such invitation.';
const MEMBER = { noun: 'member', missing: NO_SUCH_MEMBER };

/** Customer roles a colleague may get from the owner who invites them; staff rights never pass by invitation. */
const CUSTOMER_ROLES = new Set(['user', 'trade']);

const fullName = (u: Pick<UserRow, 'firstname' | 'lastname'>) => `${u.firstname} ${u.lastname}`.trim();
const liveMember = (companyId: number) => and(eq(users.companyId, companyId), isNull(users.deletedAt));

/** Why a link cannot be used any more: each says what to do next. */
function linkState(row: CompanyInvitationRow, now = new Date()): string | null {
  if (row.acceptedAt) return 'This invitation has already been accepted. Sign in with the account that accepted it.';
  if (row.revokedAt) return 'This invitation was withdrawn by the company. Ask its owner to invite you again if you should be a member.';
  if (row.expiresAt <= now) return 'This invitation has expired: invitations work for 7 days. Ask the company’s owner to invite you again.';
  return null;
}

function presentInvitation(row: CompanyInvitationRow, invitedBy: string | null, now = new Date()): CompanyInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as CompanyRole,
    approval_limit: row.approvalLimit,
    invited_by: invitedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

/**
 * A company's members and invitations (DESIGN §2 "Companies"): owners invite colleagues by e-mail (a
 * single-use seven-day link, only its hash kept), change their roles and limits and remove them;
 * an invitee accepts with a new account or moves their own (empty) account in. Staff move accounts
 * between companies. Every change that writes mail writes it in its own transaction.
 */
export function companyMembersService(deps: {
  db: Db;
  sessions: SessionStore;
  outbox: MailOutbox;
  accounts: Pick<AccountsService, 'findByEmail' | 'assertPassword'>;
  /** A company made for a removed member starts on the terms new accounts get (DEFAULT_PAYMENT_TERMS). */
  paymentTerms: PaymentTerms;
  appUrl: string;
  appName: string;
}) {
  const { db } = deps;

  async function companyOf(companyId: number, executor: Db = db) {
    const [company] = await executor.select().from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!company) throw notFound('No such company.');
    return company;
  }

  /** A live member of the company, or 404 (another company's member is "no such member"). */
  async function memberOf(companyId: number, memberId: number, executor: Db = db, lock = false): Promise<UserRow> {
    const query = executor
      .select()
      .from(users)
      .where(and(eq(users.id, memberId), liveMember(companyId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(NO_SUCH_MEMBER);
    return row;
  }

  /** The company's owners, locked: two owners demoting or removing each other at once cannot leave none. */
  async function lockedOwners(tx: Db, companyId: number): Promise<number[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(liveMember(companyId), eq(users.companyRole, 'owner')))
      .for('update');
    return rows.map((r) => r.id);
  }

  /** The invitation of a link with its company and inviter, whatever its state; 404 for a token nobody was given. */
  async function byToken(token: string, executor: Db = db) {
    const [row] = await executor
      .select({ invitation: companyInvitations, companyName: companies.name, inviterFirst: users.firstname, inviterLast: users.lastname })
      .from(companyInvitations)
      .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
      .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
      .where(eq(companyInvitations.tokenHash, sha256(token)))
      .limit(1);
    if (!row) throw notFound('This invitation link is not valid. Check that you opened the whole link from the e-mail.');
    const invitedBy = row.inviterFirst === null ? null : fullName({ firstname: row.inviterFirst, lastname: row.inviterLast ?? '' });
    return { ...row, invitedBy };
  }

  function invitationMail(to: string, companyName: string, inviter: string, role: CompanyRole, link: string) {
    const name = companyName || 'their company';
    return {
      to,
      subject: `${inviter} invites you to ${name} on ${deps.appName}`,
      text:
        `Hello,\n\n${inviter} invites you to join ${name} on ${deps.appName} as ${COMPANY_ROLE_LABELS[role].toLowerCase()}. ` +
        `To accept, open:\n\n${link}\n\nThe link works once, for 7 days. If you did not expect it, ignore this e-mail.\n\n${deps.appName}`,
      links: [link],
    };
  }

  /** Claims an open invitation inside the caller's transaction; a second acceptance (or a withdrawal in between) finds it gone. */
  async function claim(tx: Db, invitationId: number, userId: number): Promise<void> {
    const claimed = await tx
      .update(companyInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: userId })
      .where(
        and(
          eq(companyInvitations.id, invitationId),
          isNull(companyInvitations.acceptedAt),
          isNull(companyInvitations.revokedAt),
          gt(companyInvitations.expiresAt, new Date()),
        ),
      )
      .returning({ id: companyInvitations.id });
    if (!claimed.length) throw gone('This invitation can no longer be accepted: it was used, withdrawn or has expired.');
  }

  /**
   * Moves an account into a company with a role, in the caller's transaction: its sessions end
   * (a browser signed in as a member of the old company must not keep reading it), its staff
   * record's version goes up. Its orders and invoices stay where they were made.
   */
  async function moveInto(tx: Db, user: UserRow, companyId: number, role: CompanyRole, approvalLimit: number | null, endSessions: boolean): Promise<UserRow> {
    const [moved] = await tx
      .update(users)
      .set({ companyId, companyRole: role, approvalLimit: role === 'buyer' ? approvalLimit : null, version: nextVersion(users.version) })
      .where(eq(users.id, user.id))
      .returning();
    await takeBasketsAlong(tx, user, companyId);
    if (endSessions) await sessionStore(tx).endAllFor(user.id);
    return moved;
  }

  /**
   * A member's baskets are theirs until confirmed (db/company-scope.ts), so they go with them into
   * their new company — not the trade API's, which the company's key made for the company and which
   * confirm themselves. A basket waiting for an owner's approval stops waiting (an owner of the old
   * company could not confirm it as the order of someone who has left): its frozen totals are
   * released, and its history says why.
   */
  async function takeBasketsAlong(tx: Db, user: UserRow, companyId: number): Promise<void> {
    const browserBasket = and(eq(orders.userId, user.id), eq(orders.companyId, user.companyId), eq(orders.status, 'basket'), madeIn('browser'));
    const waiting = await tx
      .update(orders)
      .set(withNewVersion({ ...RELEASED_CHECKOUT, approvalRequestedBy: null, approvalRequestedAt: null, companyId }))
      .where(and(browserBasket, isNotNull(orders.approvalRequestedAt)))
      .returning({ id: orders.id });
    await tx
      .update(orders)
      .set(withNewVersion({ companyId }))
      .where(and(browserBasket, isNull(orders.approvalRequestedAt)));
    if (!waiting.length) return;
    const [left] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, user.companyId));
    const note = leftCompanyNote(fullName(user) || user.email, left?.name ?? '');
    await tx
      .insert(orderEvents)
      .values(waiting.map((o) => ({ orderId: o.id, actor: 'customer', actorUserId: user.id, fromStatus: 'basket', toStatus: 'basket', note })));
  }

  /** Refuses to take the last owner out of a company that has other members (nobody could manage it then). */
  async function assertNotLastOwnerLeaving(tx: Db, user: UserRow, field: string, message: string): Promise<void> {
    if (user.companyRole !== 'owner') return;
    const owners = await lockedOwners(tx, user.companyId);
    if (owners.length > 1) return;
    const [others] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(liveMember(user.companyId), ne(users.id, user.id)));
    if (others.n > 0) throw unprocessable({ [field]: message });
  }

  /** Staff: an account's company and its members. */
  async function staffCompanyOf(userId: number) {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .limit(1);
    if (!user) throw notFound('No such user.');
    const company = await companyOf(user.companyId);
    const members = await db.select().from(users).where(liveMember(company.id)).orderBy(asc(users.id));
    return {
      id: company.id,
      name: company.name,
      payment_terms: company.paymentTerms,
      members: members.map((m) => ({
        id: m.id,
        email: m.email,
        firstname: m.firstname,
        lastname: m.lastname,
        role: m.companyRole as CompanyRole,
        approval_limit: m.approvalLimit,
      })),
    };
  }

  return {
    /** The caller's company, its members, and (for owners) its open invitations. */
    async list(me: UserRow): Promise<CompanyMembers> {
      const company = await companyOf(me.companyId);
      // Sessions are kept until they expire: the newest one's start is the last sign-in we know of.
      // Written out with an alias: drizzle leaves a single table's columns unqualified, which inside the subquery would name the sessions' own.
      const lastSignIn = sql`(select max("s"."created_at") from "sessions" "s" where "s"."user_id" = "users"."id")`.mapWith(sessions.createdAt);
      const rows = await db
        .select({ user: users, lastSignIn })
        .from(users)
        .where(liveMember(me.companyId))
        .orderBy(sql`case ${users.companyRole} when 'owner' then 0 when 'buyer' then 1 else 2 end`, asc(users.lastname), asc(users.firstname), asc(users.id));
      const members: CompanyMember[] = rows.map(({ user, lastSignIn: at }) => ({
        id: user.id,
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        role: user.companyRole as CompanyRole,
        approval_limit: user.approvalLimit,
        last_sign_in_at: at ? new Date(at).toISOString() : null,
        you: user.id === me.id,
        version: user.version,
      }));
      let invitations: CompanyInvitation[] = [];
      if (companyMay(me.companyRole as CompanyRole, 'manage_members')) {
        const open = await db
          .select({ invitation: companyInvitations, first: users.firstname, last: users.lastname })
          .from(companyInvitations)
          .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
          .where(and(eq(companyInvitations.companyId, me.companyId), isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt)))
          .orderBy(asc(companyInvitations.id));
        const now = new Date();
        invitations = open.map((r) => presentInvitation(r.invitation, r.first === null ? null : fullName({ firstname: r.first, lastname: r.last ?? '' }), now));
      }
      return {
        company: { id: company.id, name: company.name, approval_limit: company.approvalLimit },
        your_role: me.companyRole as CompanyRole,
        members,
        invitations,
      };
    },

    /**
     * Invites `email` with a role: a new single-use seven-day link, mailed in the same transaction.
     * Inviting the same address again renews its open invitation (a new link; the old one stops working).
     */
    async invite(owner: UserRow, input: { email: string; role: CompanyRole; approval_limit?: number | null }): Promise<CompanyInvitation> {
      const email = input.email.toLowerCase();
      const [already] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(liveMember(owner.companyId), sql`lower(${users.email}) = ${email}`))
        .limit(1);
      if (already) throw unprocessable({ email: `${email} is already a member of your company.` });
      const company = await companyOf(owner.companyId);
      const token = randomToken(32);
      const link = `${deps.appUrl}/invitations/${token}`;
      const values = {
        role: input.role,
        approvalLimit: input.role === 'buyer' ? (input.approval_limit ?? null) : null,
        invitedBy: owner.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
      };
      const write = () =>
        db.transaction(async (tx) => {
          const open = and(eq(companyInvitations.companyId, owner.companyId), sql`lower(${companyInvitations.email}) = ${email}`);
          const [renewed] = await tx
            .update(companyInvitations)
            .set({ ...values, createdAt: new Date() })
            .where(and(open, isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt)))
            .returning();
          const row =
            renewed ??
            (
              await tx
                .insert(companyInvitations)
                .values({ ...values, companyId: owner.companyId, email })
                .returning()
            )[0];
          await deps.outbox.queue(tx, invitationMail(email, company.name, fullName(owner), input.role, link));
          return row;
        });
      let row: CompanyInvitationRow;
      try {
        row = await write();
      } catch (err) {
        // Two invitations of one address at once: the open-invitation index lets one in; the other renews it.
        if (!isUniqueViolation(err, 'company_invitations_open_unique')) throw err;
        row = await write();
      }
      return presentInvitation(row, fullName(owner));
    },

    /** Withdraws an open invitation: its link answers "withdrawn" from now on. */
    async withdraw(owner: UserRow, invitationId: number): Promise<CompanyInvitation> {
      const [row] = await db
        .select()
        .from(companyInvitations)
        .where(and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, owner.companyId)))
        .limit(1);
      if (!row) throw notFound(NO_SUCH_INVITATION);
      if (row.acceptedAt) throw conflict('This invitation has already been accepted: remove the member instead.');
      if (row.revokedAt) return presentInvitation(row, null);
      const [withdrawn] = await db
        .update(companyInvitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(companyInvitations.id, row.id), isNull(companyInvitations.acceptedAt)))
        .returning();
      if (!withdrawn) throw conflict('This invitation has just been accepted: remove the member instead.');
      return presentInvitation(withdrawn, null);
    },

    /** An owner changes a member's role or approval limit; the last owner cannot stop being one. */
    async update(owner: UserRow, memberId: number, input: { role?: CompanyRole; approval_limit?: number | null; version?: number }): Promise<CompanyMember> {
      const row = await db.transaction(async (tx) => {
        const member = await memberOf(owner.companyId, memberId, tx, true);
        if (input.version !== undefined && input.version !== member.version) throw staleRecord(MEMBER);
        const role = input.role ?? (member.companyRole as CompanyRole);
        if (member.companyRole === 'owner' && role !== 'owner') {
          const owners = await lockedOwners(tx, owner.companyId);
          if (owners.length <= 1) throw unprocessable({ role: 'Your company needs at least one owner: make another member an owner first.' });
        }
        const approvalLimit = role === 'buyer' ? (input.approval_limit !== undefined ? input.approval_limit : member.approvalLimit) : null;
        const [updated] = await tx
          .update(users)
          .set({ companyRole: role, approvalLimit, version: nextVersion(users.version) })
          .where(eq(users.id, member.id))
          .returning();
        return updated;
      });
      // A cached session of the member carries the old role for up to a second: forget it now.
      forgetUserSessions(row.id);
      return {
        id: row.id,
        firstname: row.firstname,
        lastname: row.lastname,
        email: row.email,
        role: row.companyRole as CompanyRole,
        approval_limit: row.approvalLimit,
        last_sign_in_at: null,
        you: row.id === owner.id,
        version: row.version,
      };
    },

    /**
     * Removes a member: their sessions end, their account gets a company of its own (they own it),
     * and what they ordered stays their old company's. The last owner is refused.
     */
    async remove(owner: UserRow, memberId: number): Promise<{ id: number }> {
      const company = await companyOf(owner.companyId);
      await db.transaction(async (tx) => {
        const member = await memberOf(owner.companyId, memberId, tx, true);
        // Never the last owner, even of a company of one: it would be left with nobody to manage it.
        if (member.companyRole === 'owner' && (await lockedOwners(tx, owner.companyId)).length <= 1) {
          throw unprocessable({ member: 'Your company needs at least one owner: make another member an owner before removing this one.' });
        }
        const [own] = await tx
          .insert(companies)
          .values({
            name: fullName(member),
            paymentTerms: deps.paymentTerms,
            address1: member.address1,
            address2: member.address2,
            town: member.town,
            county: member.county,
            postcode: member.postcode,
            countryId: member.countryId,
          })
          .returning({ id: companies.id });
        await moveInto(tx, member, own.id, 'owner', null, true);
        await deps.outbox.queue(tx, {
          to: member.email,
          subject: `You are no longer a member of ${company.name || 'your company'} on ${deps.appName}`,
          text:
            `Hello ${member.firstname},\n\n${fullName(owner)} removed you from ${company.name || 'their company'} on ${deps.appName}. ` +
            `Its orders and invoices stay with it; your unconfirmed baskets come with you. Your account goes on as a company of its own: sign in at ${deps.appUrl}/login.\n\n${deps.appName}`,
        });
      });
      return { id: memberId };
    },

    /** What a link invites to; 410 with the reason when it was used, withdrawn or has expired. */
    async preview(token: string): Promise<InvitationPreview> {
      const row = await byToken(token);
      const reason = linkState(row.invitation);
      if (reason) throw gone(reason);
      return {
        company_name: row.companyName,
        invited_by: row.invitedBy,
        email: row.invitation.email,
        role: row.invitation.role as CompanyRole,
        expires_at: row.invitation.expiresAt.toISOString(),
      };
    },

    /**
     * Accepts an invitation. A visitor makes a new account (the invited address, their name and a
     * password) in the company and is signed in; a signed-in customer whose account has no orders or
     * invoices of its own moves it into the company (any other company they owned alone stays, empty).
     */
    async accept(
      token: string,
      input: AcceptInvitationInput,
      signedIn: UserRow | null,
      userAgent: string,
    ): Promise<{ token: string | null; companyName: string }> {
      const row = await byToken(token);
      const reason = linkState(row.invitation);
      if (reason) throw gone(reason);
      const invitation = row.invitation;
      const role = invitation.role as CompanyRole;

      if (signedIn) {
        if (signedIn.role === 'admin') throw unprocessable({ token: 'Staff accounts do not join customers’ companies. Sign out, then open the link again.' });
        if (signedIn.companyId === invitation.companyId) throw unprocessable({ token: 'You are already a member of this company.' });
        const [ordered] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, signedIn.id));
        const [invoiced] = await db.select({ n: count() }).from(invoices).where(eq(invoices.userId, signedIn.id));
        if (ordered.n > 0 || invoiced.n > 0) {
          throw unprocessable({
            token:
              'Your account has orders of its own, which stay with its company. Sign out and accept with a new account for this address, or ask us to move your account.',
          });
        }
        await db.transaction(async (tx) => {
          const me = (await tx.select().from(users).where(eq(users.id, signedIn.id)).for('update'))[0];
          await assertNotLastOwnerLeaving(
            tx,
            me,
            'token',
            'You are the only owner of your present company, which has other members: make one of them an owner first.',
          );
          await claim(tx, invitation.id, me.id);
          await moveInto(tx, me, invitation.companyId, role, invitation.approvalLimit, false);
        });
        forgetUserSessions(signedIn.id);
        return { token: null, companyName: row.companyName };
      }

      const missing: Record<string, string> = {};
      if (!input.firstname) missing.firstname = 'First name is required';
      if (!input.lastname) missing.lastname = 'Last name is required';
      if (!input.password) missing.password = 'Password is required';
      if (input.password && !input.password_confirmation) missing.password_confirmation = 'Repeat the password';
      if (Object.keys(missing).length) throw unprocessable(missing);
      deps.accounts.assertPassword(input.password!, invitation.email);
      if (await deps.accounts.findByEmail(invitation.email)) {
        throw unprocessable({ email: `An account with ${invitation.email} already exists: log in with it, then open this link again to accept.` });
      }
      const passwordHash = await hashPassword(input.password!);
      const company = await companyOf(invitation.companyId);
      const [inviter] = invitation.invitedBy ? await db.select({ role: users.role }).from(users).where(eq(users.id, invitation.invitedBy)) : [];
      let created: UserRow;
      try {
        created = await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              email: invitation.email,
              firstname: input.firstname!,
              lastname: input.lastname!,
              passwordHash,
              // A colleague of a vetted trade customer is vetted with them.
              role: inviter && CUSTOMER_ROLES.has(inviter.role) ? inviter.role : 'user',
              companyId: invitation.companyId,
              companyRole: role,
              approvalLimit: role === 'buyer' ? invitation.approvalLimit : null,
              // Their delivery address starts as the company's, so they can order at once.
              address1: company.address1,
              address2: company.address2,
              town: company.town,
              county: company.county,
              postcode: company.postcode,
              countryId: company.countryId,
            })
            .returning();
          await claim(tx, invitation.id, user.id);
          await deps.outbox.queue(tx, {
            to: user.email,
            subject: `Welcome to ${row.companyName || 'your company'} on ${deps.appName}`,
            text: `Hello ${user.firstname},\n\nYour account in ${row.companyName || 'your company'} is ready. Sign in at ${deps.appUrl}/login with ${user.email}.\n\n${deps.appName}`,
          });
          return user;
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw unprocessable({ email: `An account with ${invitation.email} already exists: log in with it, then open this link again to accept.` });
        throw err;
      }
      const session = await deps.sessions.create(created.id, false, userAgent);
      return { token: session, companyName: row.companyName };
    },

    staffCompanyOf,

    /**
     * Staff move an account to another company with a role (version-checked against the account's
     * staff record). Its sessions end; its orders and invoices stay with the company they were made in, its baskets go along.
     */
    async staffMove(userId: number, input: { company_id: number; role: CompanyRole; version: number }) {
      await db.transaction(async (tx) => {
        const [user] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .for('update');
        if (!user) throw notFound('No such user.');
        if (user.version !== input.version) throw staleRecord({ noun: 'user', missing: 'No such user.' });
        const [target] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company_id));
        if (!target) throw unprocessable({ company_id: 'Choose a company from the list' });
        if (target.id === user.companyId) throw unprocessable({ company_id: 'The account is already a member of this company' });
        await assertNotLastOwnerLeaving(
          tx,
          user,
          'company_id',
          'This account is the only owner of its company, which has other members: make one of them an owner first.',
        );
        await moveInto(tx, user, target.id, input.role, null, true);
      });
      return staffCompanyOf(userId);
    },
  };
}

export type CompanyMembersService = ReturnType<typeof companyMembersService>;
