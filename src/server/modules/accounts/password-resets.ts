import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, users, type UserRow } from '../../db/schema';
import { unprocessable } from '../../lib/domain-errors';
import type { JobQueue } from '../../lib/jobs';
import { hashPassword } from '../../lib/passwords';
import { randomToken, sha256 } from '../../lib/tokens';
import type { MailOutbox } from '../mail/service';
import type { AccountsService } from './service';
import { sessionStore } from './sessions';

export const RESET_LIFETIME_MS = 60 * 60 * 1000;
/** The job queue a requested reset runs on; the payload is the address as it was asked for. */
export const RESET_QUEUE = 'password-reset';
interface ResetJob {
  email: string;
}
/** A staff-made account's first "set your password" link: the customer may not read mail within the hour. */
export const WELCOME_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const INVALID = { token: 'This reset link is invalid or has expired. Please ask for a new one.' };

/** The two mails that carry a set-password link: a requested reset, and the welcome of an account staff opened. */
type LinkKind = 'reset' | 'welcome';

function linkMail(kind: LinkKind, user: Pick<UserRow, 'firstname'>, link: string, appName: string): { subject: string; text: string } {
  if (kind === 'welcome') {
    return {
      subject: `Your ${appName} account: set your password`,
      text:
        `Hello ${user.firstname},\n\nWe have opened a trade account for you at ${appName}. To choose your password and sign in, open:\n\n${link}\n\n` +
        `The link works once, for 7 days. When it has expired, use "Forgotten password" on the sign-in page.\n\n${appName}`,
    };
  }
  return {
    subject: `Reset your ${appName} password`,
    text:
      `Hello ${user.firstname},\n\nSomebody asked to reset the password of your account. To choose a new password, open:\n\n${link}\n\n` +
      `The link works once, for 60 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.\n\n${appName}`,
  };
}

/** Ends a user's outstanding set-password links: after a change of password or of e-mail address, or a reset. */
export async function endResetLinks(db: Db, userId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Deletes reset rows past their expiry (used or not): nothing can redeem them any more. */
export async function purgeExpiredResets(db: Db): Promise<number> {
  const gone = await db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date())).returning({ id: passwordResets.id });
  return gone.length;
}

export function passwordResetService(deps: { db: Db; jobs: JobQueue; accounts: AccountsService; outbox: MailOutbox; appUrl: string; appName: string }) {
  const { db } = deps;

  /** Stores a new single-use token (hashed) and mails its link; both kinds are redeemed by reset(). */
  /** `executor`: the caller's transaction when there is one (a staff-made account and its welcome commit together). */
  async function sendLink(user: UserRow, kind: LinkKind, executor?: Db): Promise<void> {
    const token = randomToken(32);
    const lifetime = kind === 'welcome' ? WELCOME_LIFETIME_MS : RESET_LIFETIME_MS;
    const link = `${deps.appUrl}/password/reset/${token}`;
    const write = async (tx: Db) => {
      await tx.insert(passwordResets).values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + lifetime) });
      // The link and the mail that carries it (an outbox row) commit together.
      await deps.outbox.queue(tx, { to: user.email, ...linkMail(kind, user, link, deps.appName), links: [link] });
    };
    await (executor ? write(executor) : db.transaction((tx) => write(tx)));
  }

  /** The unused, unexpired reset row of a token, with its (live) user. */
  async function redeemable(token: string) {
    const [row] = await db
      .select({ reset: passwordResets, user: users })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()), isNull(users.deletedAt)))
      .limit(1);
    return row ?? null;
  }

  // The work of a requested reset — finding the account, the token, its row and its mail — is done
  // here, in the background, and only for an account that exists.
  deps.jobs.register<ResetJob>(
    RESET_QUEUE,
    async ({ email }) => {
      const user = await deps.accounts.findByEmail(email);
      if (user) await sendLink(user, 'reset');
    },
    { concurrency: 2, maxAttempts: 5 },
  );

  return {
    /**
     * Answers the same, in the same time, whether or not the e-mail is known: the request writes one
     * job, whatever the address, and the job finds the account and mails the link. Looking the
     * account up here and writing its link only when there is one took measurably longer for a
     * known address, which told a caller timing it which addresses have accounts.
     */
    async request(email: string): Promise<void> {
      await deps.jobs.enqueue(db, RESET_QUEUE, { email } satisfies ResetJob);
    },

    /** The welcome of an account staff opened: a link to set the first password (it does not sign in). */
    async welcome(user: UserRow, executor?: Db): Promise<void> {
      await sendLink(user, 'welcome', executor);
    },

    /** Whether a link can still be used (its page asks before the customer types a password); 422 when not. */
    async check(token: string): Promise<void> {
      if (!(await redeemable(token))) throw unprocessable(INVALID);
    },

    /** Single use, 60 minutes; a reset ends every session of the user and does not sign them in. */
    async reset(token: string, password: string): Promise<void> {
      const row = await redeemable(token);
      if (!row) throw unprocessable(INVALID);
      deps.accounts.assertPassword(password, row.user.email);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        // Claim the token inside the transaction so that two submissions cannot both succeed.
        const claimed = await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResets.id, row.reset.id), isNull(passwordResets.usedAt)))
          .returning({ id: passwordResets.id });
        if (!claimed.length) throw unprocessable(INVALID);
        await tx.update(users).set({ passwordHash }).where(eq(users.id, row.user.id));
        await endResetLinks(tx, row.user.id);
        await sessionStore(tx).endAllFor(row.user.id);
      });
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
