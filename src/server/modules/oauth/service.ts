import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ServiceLog } from '../../lib/logging';
import * as client from 'openid-client';
import type { OAuthIdentities, OAuthHandoff } from '../../../shared/api/oauth';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { oauthFlows, userIdentities, users, type OAuthFlowRow, type UserRow } from '../../db/schema';
import { conflict, Invalid, notFound, unauthorized, Unavailable } from '../../lib/domain-errors';
import { randomToken, safeEqual, sha256 } from '../../lib/tokens';
import type { AccountsService } from '../accounts/service';
import type { SessionStore } from '../accounts/sessions';
import type { OAuthProvider } from './providers';

/** A flow must come back within this long; its hand-off code (pop-up blocked) is good for as long again at most. */
export const FLOW_LIFETIME_MS = 10 * 60 * 1000;
const HANDOFF_LIFETIME_MS = 2 * 60 * 1000;

/** What the callback page hands the app: a session token, a provider linked, or why not. */
export type FlowOutcome = { token: string; remember: boolean } | { linked: string } | { error: string };

/** The callback's result: posted to the opener (pop-up), or a one-time code for the page (redirect). */
export type CallbackResult =
  | { display: 'popup'; outcome: FlowOutcome }
  | { display: 'redirect'; link: boolean; handoffCode: string }
  /** No flow could be found (unknown or reused state, another browser): nothing to hand over but the message. */
  | { display: 'unknown'; outcome: { error: string } };

/** An error whose message is for the customer (shown on the login or profile page). */
class FlowError extends Error {}

const EXPIRED = 'This sign-in has expired or was started in another browser window. Please try again.';

export function oauthService(deps: { db: Db; accounts: AccountsService; sessions: SessionStore; providers: OAuthProvider[]; appUrl: string; log: ServiceLog }) {
  const { db, sessions } = deps;
  const byId = new Map(deps.providers.map((p) => [p.id as string, p]));
  const redirectUri = (provider: OAuthProvider) => `${deps.appUrl}/api/oauth/${provider.id}/callback`;

  function provider(id: string): OAuthProvider {
    const found = byId.get(id);
    if (!found) throw notFound('This sign-in provider is not available.');
    return found;
  }

  async function liveUser(id: number): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    return row ?? null;
  }

  /** Signs in with the identity: its user, or a new account; never an account found by e-mail alone. */
  async function signIn(p: OAuthProvider, profile: { subject: string; email: string | null; firstname: string; lastname: string }): Promise<UserRow> {
    const [linked] = await db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, p.id), eq(userIdentities.subject, profile.subject)))
      .limit(1);
    if (linked) {
      if (linked.user.deletedAt) throw new FlowError('This account has been closed. Please contact us if you need it again.');
      return linked.user;
    }
    if (!profile.email) {
      throw new FlowError(
        `${p.name} did not tell us a verified e-mail address for your account, so we cannot open an account with it. Please register with your e-mail address instead.`,
      );
    }
    const existing = await deps.accounts.findByEmail(profile.email);
    if (existing) {
      // Not linked silently: whoever controls a provider account with this address is not thereby the account's owner.
      throw new FlowError(
        `An account with the e-mail address ${profile.email} already exists. Sign in with your password, then link ${p.name} on your profile page (Update Profile).`,
      );
    }
    try {
      return await deps.accounts.createSocialAccount(
        { email: profile.email, firstname: profile.firstname, lastname: profile.lastname },
        { provider: p.id, subject: profile.subject },
      );
    } catch (err) {
      if (err instanceof Invalid) throw new FlowError(`An account with the e-mail address ${profile.email} already exists. Please sign in.`);
      throw err;
    }
  }

  async function link(p: OAuthProvider, userId: number, profile: { subject: string; email: string | null }): Promise<void> {
    const user = await liveUser(userId);
    if (!user) throw new FlowError(EXPIRED);
    const [owner] = await db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, p.id), eq(userIdentities.subject, profile.subject)));
    if (owner) {
      if (owner.userId === userId) return;
      throw new FlowError(`That ${p.name} account is already linked to another account here.`);
    }
    try {
      await db.insert(userIdentities).values({ userId, provider: p.id, subject: profile.subject, email: profile.email ?? '' });
    } catch (err) {
      if (isUniqueViolation(err)) throw new FlowError(`Your account is already linked to a ${p.name} account. Unlink that one first.`);
      throw err;
    }
  }

  /** The provider's answer → who signed in (state, PKCE, nonce and the ID token checked by openid-client). */
  async function exchange(p: OAuthProvider, flow: OAuthFlowRow, query: string) {
    const params = new URLSearchParams(query);
    const error = params.get('error');
    if (error) {
      throw new FlowError(error === 'access_denied' ? `Signing in with ${p.name} was cancelled.` : `${p.name} could not sign you in. Please try again.`);
    }
    const currentUrl = new URL(`${redirectUri(p)}?${query}`);
    try {
      const config = await p.configuration();
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        ...(p.kind === 'oidc' && { expectedNonce: flow.nonce, idTokenExpected: true }),
      });
      // Only who signed in is kept; the provider's tokens go no further than this function.
      return await p.profile(config, tokens);
    } catch (err) {
      deps.log.warn({ provider: p.id, err: err instanceof Error ? `${err.name}: ${err.message}` : String(err) }, 'social sign-in refused');
      throw new FlowError(`${p.name} could not sign you in. Please try again.`);
    }
  }

  /** The flow of a state, taken (deleted) so that it is used once; only in the browser that began it. */
  async function takeFlow(providerId: string, state: string | null, browserSecret: string | undefined): Promise<OAuthFlowRow | null> {
    if (!state || !browserSecret) return null;
    const [flow] = await db
      .delete(oauthFlows)
      .where(and(eq(oauthFlows.state, state), eq(oauthFlows.provider, providerId), isNull(oauthFlows.handoffHash), gt(oauthFlows.expiresAt, new Date())))
      .returning();
    if (!flow) return null;
    if (!safeEqual(flow.browserHash, sha256(browserSecret))) return null;
    return flow;
  }

  return {
    /** Id and label of every configured provider, for the buttons. */
    list(): Array<{ id: string; name: string }> {
      return deps.providers.map((p) => ({ id: p.id, name: p.name }));
    },

    /**
     * Starts a flow: its state, nonce and PKCE verifier are kept server-side with the browser's
     * secret (an HttpOnly cookie), and the provider's address is answered.
     */
    async start(providerId: string, input: { remember: boolean; popup: boolean; link: boolean }, user: UserRow | null, browserSecret: string): Promise<string> {
      const p = provider(providerId);
      if (input.link && !user) throw unauthorized();
      const config = await p.configuration().catch((err: unknown) => {
        deps.log.warn({ provider: p.id, err: err instanceof Error ? err.message : String(err) }, 'social sign-in provider unreachable');
        throw new Unavailable(`Signing in with ${p.name} is not available at the moment. Please try again later.`);
      });
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
      await db.insert(oauthFlows).values({
        state,
        provider: p.id,
        browserHash: sha256(browserSecret),
        codeVerifier,
        nonce,
        remember: input.remember,
        display: input.popup ? 'popup' : 'redirect',
        linkUserId: input.link ? user!.id : null,
        expiresAt: new Date(Date.now() + FLOW_LIFETIME_MS),
      });
      const params: Record<string, string> = {
        redirect_uri: redirectUri(p),
        scope: p.scope,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      };
      if (p.kind === 'oidc') params.nonce = nonce;
      // Linking to a signed-in account: let the customer choose which provider account, not the one signed in there already.
      if (input.link && p.selectAccount) params.prompt = 'select_account';
      return client.buildAuthorizationUrl(config, params).href;
    },

    /** The provider's redirect back: `query` is the callback's query string exactly as received. */
    async callback(providerId: string, query: string, browserSecret: string | undefined, userAgent: string): Promise<CallbackResult> {
      const p = provider(providerId);
      const flow = await takeFlow(p.id, new URLSearchParams(query).get('state'), browserSecret);
      if (!flow) return { display: 'unknown', outcome: { error: EXPIRED } };
      let user: UserRow | null = null;
      let error: string | null = null;
      try {
        const profile = await exchange(p, flow, query);
        if (flow.linkUserId !== null) await link(p, flow.linkUserId, profile);
        else user = await signIn(p, profile);
      } catch (err) {
        if (!(err instanceof FlowError)) throw err;
        error = err.message;
      }
      if (flow.display === 'popup') {
        const outcome: FlowOutcome = error
          ? { error }
          : user
            ? { token: await sessions.create(user.id, flow.remember, userAgent), remember: flow.remember }
            : { linked: p.id };
        return { display: 'popup', outcome };
      }
      // A redirect flow's session is made when the page hands in its one-time code, not now: no token in a URL.
      const handoffCode = randomToken(32);
      await db.insert(oauthFlows).values({
        ...flow,
        id: undefined,
        state: `handoff:${randomToken(16)}`,
        handoffHash: sha256(handoffCode),
        resultUserId: user?.id ?? null,
        resultError: error,
        expiresAt: new Date(Date.now() + HANDOFF_LIFETIME_MS),
      });
      return { display: 'redirect', link: flow.linkUserId !== null, handoffCode };
    },

    /** A redirect flow's one-time code → its result (a new session for a sign-in); only in the browser that began it. */
    async handoff(code: string, browserSecret: string | undefined, userAgent: string): Promise<OAuthHandoff> {
      const [flow] = await db
        .delete(oauthFlows)
        .where(and(eq(oauthFlows.handoffHash, sha256(code)), gt(oauthFlows.expiresAt, new Date())))
        .returning();
      if (!flow || !browserSecret || !safeEqual(flow.browserHash, sha256(browserSecret))) return { error: EXPIRED };
      if (flow.resultError) return { error: flow.resultError };
      if (flow.linkUserId !== null) return { linked: flow.provider };
      const user = flow.resultUserId === null ? null : await liveUser(flow.resultUserId);
      if (!user) return { error: EXPIRED };
      return { token: await sessions.create(user.id, flow.remember, userAgent), remember: flow.remember };
    },

    async identities(user: UserRow): Promise<OAuthIdentities> {
      const rows = await db.select().from(userIdentities).where(eq(userIdentities.userId, user.id)).orderBy(userIdentities.createdAt, userIdentities.id);
      const [fresh] = await db
        .select({ hasPassword: sql<boolean>`${users.passwordHash} is not null` })
        .from(users)
        .where(eq(users.id, user.id));
      return {
        identities: rows.map((r) => ({
          provider: r.provider,
          name: byId.get(r.provider)?.name ?? r.provider,
          email: r.email,
          created_at: r.createdAt.toISOString(),
        })),
        has_password: fresh?.hasPassword ?? user.passwordHash !== null,
      };
    },

    /** Unlinks a provider; never the last way to sign in (an account without a password keeps its one provider). */
    async unlink(user: UserRow, providerId: string): Promise<OAuthIdentities> {
      await db.transaction(async (tx) => {
        // The user's row locked: two unlinks at once cannot both see "one other way left".
        const [row] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).for('update');
        const linked = await tx.select({ provider: userIdentities.provider }).from(userIdentities).where(eq(userIdentities.userId, user.id));
        if (!linked.some((l) => l.provider === providerId)) throw notFound('That provider is not linked to your account.');
        if (!row?.passwordHash && linked.length <= 1) {
          throw conflict(
            'This is the only way you can sign in. Set a password first ("Forgotten your password?" on the sign-in page sends you a link), then unlink it.',
          );
        }
        await tx.delete(userIdentities).where(and(eq(userIdentities.userId, user.id), eq(userIdentities.provider, providerId)));
      });
      return this.identities(user);
    },
  };
}

export type OAuthService = ReturnType<typeof oauthService>;
