import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, userIdentities, users } from '../../../src/server/db/schema';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../helpers/oidc-provider';
import { createTestApp, resetTokenFor, type TestApp } from '../helpers/app';
import { ApiClient, registerAs } from '../helpers/client';

/**
 * Social sign-in against a real OpenID Connect provider (oidc-provider on 127.0.0.1): the whole
 * authorization code flow with PKCE, state and nonce, and every way it must refuse.
 */

const APP_URL = 'http://localhost:3000';
const CALLBACK = `${APP_URL}/api/oauth/oidc/callback`;

let provider: TestProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [CALLBACK] });
  t = await createTestApp({
    oauth: { oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, name: 'Print SSO' } },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});
beforeEach(() => {
  provider.tamperTokens = null;
});

interface Message {
  type: string;
  token?: string;
  remember?: boolean;
  linked?: string;
  error?: string;
}

function cookieOf(res: LightMyRequestResponse, name: string): string | undefined {
  const all = res.headers['set-cookie'];
  for (const line of Array.isArray(all) ? all : all ? [all] : []) {
    const m = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (m) return m[1];
  }
  return undefined;
}

/** POST /api/oauth/oidc: the provider's address and the browser cookie that ties the flow to this browser. */
async function start(client: ApiClient, body: Record<string, unknown> = {}): Promise<{ url: URL; browser: string }> {
  const res = await client.post('/api/oauth/oidc', body);
  expect(res.statusCode, res.body).toBe(200);
  const browser = cookieOf(res, 'oauth_flow');
  expect(browser).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect([res.headers['set-cookie']].flat()).toEqual(
    expect.arrayContaining([expect.stringMatching(/^oauth_flow=.*Path=\/api\/oauth; HttpOnly; SameSite=Lax/)]),
  );
  return { url: new URL(res.json().url), browser: browser! };
}

/** The provider sends the browser back to our callback (with or without the flow's cookie). */
function callback(returnUrl: URL, browser: string | undefined): Promise<LightMyRequestResponse> {
  expect(returnUrl.origin + returnUrl.pathname).toBe(CALLBACK);
  return t.app.inject({ method: 'GET', url: returnUrl.pathname + returnUrl.search, headers: browser ? { cookie: `oauth_flow=${browser}` } : {} });
}

/** What the callback page posts to the opener. */
function messageOf(res: LightMyRequestResponse): Message {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const m = /var message = (\{.*?\});/.exec(res.body);
  if (!m) throw new Error(`no message in ${res.body}`);
  return JSON.parse(m[1]) as Message;
}

/** One whole pop-up sign-in as `login` at the provider; answers the posted message. */
async function popupSignIn(client: ApiClient, login: string, body: Record<string, unknown> = {}): Promise<Message> {
  const { url, browser } = await start(client, body);
  return messageOf(await callback(await signInAtProvider(url.href, login), browser));
}

async function identitiesOf(userId: number) {
  return t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
}

async function userCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return row.n;
}

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const COULD_NOT = /Print SSO could not sign you in/;
const EXPIRED = /expired or was started in another browser/;

describe('social sign-in with an OpenID Connect provider', () => {
  it('lists the configured provider by its label', async () => {
    const res = await new ApiClient(t.app).get('/api/oauth/providers');
    expect(res.json()).toEqual({ providers: [{ id: 'oidc', name: 'Print SSO' }] });
  });

  it('asks for the code with PKCE (S256), state and nonce, returning to APP_URL', async () => {
    const { url } = await start(new ApiClient(t.app));
    expect(url.origin).toBe(provider.issuer);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(provider.clientId);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(q.get('nonce')!.length).toBeGreaterThanOrEqual(32);
  });

  it('a first sign-in opens an account from the verified e-mail and names; the next finds it by subject', async () => {
    provider.accounts.set('ann', { email: 'Ann.Social@Example.test', given_name: 'Ann', family_name: 'Social' });
    const before = await userCount();
    const client = new ApiClient(t.app);
    const message = await popupSignIn(client, 'ann', { remember: true });
    expect(message).toEqual({ type: 'oauth', token: expect.any(String), remember: true });

    client.token = message.token;
    const me = (await client.get('/api/user')).json();
    expect(me).toMatchObject({ email: 'ann.social@example.test', firstname: 'Ann', lastname: 'Social', role: 'user', address1: '', country_id: null });
    expect(await userCount()).toBe(before + 1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row.passwordHash).toBeNull();
    expect(await identitiesOf(me.id)).toEqual([expect.objectContaining({ provider: 'oidc', subject: 'ann', email: 'ann.social@example.test' })]);
    // The session follows DESIGN's rules: remember → 365 days.
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, me.id));
    expect(session.remember).toBe(true);
    expect(session.expiresAt.getTime() - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

    // Signing in again (even with a changed address at the provider): the same account, still one identity.
    provider.accounts.set('ann', { email: 'ann.new@example.test', given_name: 'Ann', family_name: 'Social' });
    const again = new ApiClient(t.app);
    const second = await popupSignIn(again, 'ann');
    again.token = second.token;
    expect((await again.get('/api/user')).json().id).toBe(me.id);
    expect(await identitiesOf(me.id)).toHaveLength(1);
    expect(await userCount()).toBe(before + 1);
    expect((await t.outbox()).some((m) => m.text.includes('To: ann.social@example.test') && m.text.includes('Welcome'))).toBe(true);
  });

  it("posts its result to APP_URL's origin only, under a strict policy, with no opener policy that would cut the pop-up off", async () => {
    const { url, browser } = await start(new ApiClient(t.app));
    const res = await callback(await signInAtProvider(url.href, 'policy-check'), browser);
    expect(res.body).toContain('var origin = "http://localhost:3000";');
    expect(res.body).toContain('window.opener.postMessage(message, origin)');
    expect(res.body).not.toContain("'*'");
    const nonce = /<script nonce="([^"]+)">/.exec(res.body)![1];
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  describe('refuses a tampered flow', () => {
    it('state: a changed state, a missing or foreign browser cookie, a replayed callback', async () => {
      const before = await userCount();
      const { url, browser } = await start(new ApiClient(t.app));
      const returned = await signInAtProvider(url.href, 'state-check');

      const tampered = new URL(returned);
      tampered.searchParams.set('state', `${returned.searchParams.get('state')}x`);
      expect(messageOf(await callback(tampered, browser)).error).toMatch(EXPIRED);
      expect(messageOf(await callback(returned, undefined)).error).toMatch(EXPIRED);
      const other = await start(new ApiClient(t.app));
      expect(messageOf(await callback(returned, other.browser)).error).toMatch(EXPIRED);
      expect(await userCount()).toBe(before);

      // A refused callback used the flow up (single use): even the right cookie cannot replay it now.
      expect(messageOf(await callback(returned, browser)).error).toMatch(EXPIRED);
      expect(await userCount()).toBe(before);
    });

    it('a callback is single use', async () => {
      const { url, browser } = await start(new ApiClient(t.app));
      const returned = await signInAtProvider(url.href, 'once');
      expect(messageOf(await callback(returned, browser)).token).toEqual(expect.any(String));
      expect(messageOf(await callback(returned, browser))).toEqual({ type: 'oauth', error: expect.stringMatching(EXPIRED) });
    });

    it("nonce: an ID token carrying another nonce than the flow's", async () => {
      const before = await userCount();
      const { url, browser } = await start(new ApiClient(t.app));
      url.searchParams.set('nonce', randomBytes(32).toString('base64url'));
      const message = messageOf(await callback(await signInAtProvider(url.href, 'nonce-check'), browser));
      expect(message).toEqual({ type: 'oauth', error: expect.stringMatching(COULD_NOT) });
      expect(await userCount()).toBe(before);
    });

    it('PKCE: a code issued for another code challenge', async () => {
      const before = await userCount();
      const { url, browser } = await start(new ApiClient(t.app));
      url.searchParams.set('code_challenge', challengeOf(randomBytes(32).toString('base64url')));
      const message = messageOf(await callback(await signInAtProvider(url.href, 'pkce-check'), browser));
      expect(message).toEqual({ type: 'oauth', error: expect.stringMatching(COULD_NOT) });
      expect(await userCount()).toBe(before);
    });

    it('an ID token for another audience, though signed by the provider (the same token for us is accepted)', async () => {
      const forge = (audience: string, nonce: string) => async (body: Record<string, unknown>) => ({
        ...body,
        id_token: await provider.signIdToken({
          iss: provider.issuer,
          sub: 'forged-sub',
          aud: audience,
          nonce,
          email: 'forged@example.test',
          email_verified: true,
        }),
      });
      const before = await userCount();
      const other = await start(new ApiClient(t.app));
      provider.tamperTokens = forge('another-client', other.url.searchParams.get('nonce')!);
      expect(messageOf(await callback(await signInAtProvider(other.url.href, 'audience-check'), other.browser))).toEqual({
        type: 'oauth',
        error: expect.stringMatching(COULD_NOT),
      });
      expect(await userCount()).toBe(before);

      // The control: the same forgery addressed to our client passes, so it was the audience that was refused.
      const ours = await start(new ApiClient(t.app));
      provider.tamperTokens = forge(provider.clientId, ours.url.searchParams.get('nonce')!);
      expect(messageOf(await callback(await signInAtProvider(ours.url.href, 'audience-check'), ours.browser)).token).toEqual(expect.any(String));
    });

    it('an ID token whose claims were changed after it was signed', async () => {
      const { url, browser } = await start(new ApiClient(t.app));
      const nonce = url.searchParams.get('nonce')!;
      provider.tamperTokens = async (body) => {
        const good = await provider.signIdToken({ iss: provider.issuer, sub: 'bad-signature', aud: provider.clientId, nonce });
        const [head, , sig] = good.split('.');
        const claims = Buffer.from(JSON.stringify({ iss: provider.issuer, sub: 'someone-else', aud: provider.clientId, nonce, iat: 1, exp: 4e9 })).toString(
          'base64url',
        );
        return { ...body, id_token: `${head}.${claims}.${sig}` };
      };
      expect(messageOf(await callback(await signInAtProvider(url.href, 'signature-check'), browser)).error).toMatch(COULD_NOT);
    });
  });

  it('says so when the customer cancels at the provider', async () => {
    const { url, browser } = await start(new ApiClient(t.app));
    const returned = await signInAtProvider(url.href, 'cancel', { abort: true });
    expect(returned.searchParams.get('error')).toBe('access_denied');
    expect(messageOf(await callback(returned, browser))).toEqual({ type: 'oauth', error: 'Signing in with Print SSO was cancelled.' });
  });

  it('opens no account from an e-mail the provider has not verified', async () => {
    provider.accounts.set('unverified', { email: 'unverified@example.test', email_verified: false, given_name: 'Un', family_name: 'Verified' });
    const before = await userCount();
    const message = await popupSignIn(new ApiClient(t.app), 'unverified');
    expect(message.error).toMatch(/did not tell us a verified e-mail address/);
    expect(await userCount()).toBe(before);
  });

  it('never links an existing password account by its e-mail: the customer is told to sign in and link from the profile', async () => {
    const owner = new ApiClient(t.app);
    const registered = await registerAs(owner);
    const ownerId = (await owner.get('/api/user')).json().id;
    provider.accounts.set('taker', { email: registered.email.toUpperCase(), given_name: 'Not', family_name: 'Owner' });
    const before = await userCount();

    const message = await popupSignIn(new ApiClient(t.app), 'taker');
    expect(message.token).toBeUndefined();
    expect(message.error).toBe(
      `An account with the e-mail address ${registered.email} already exists. Sign in with your password, then link Print SSO on your profile page (Update Profile).`,
    );
    expect(await identitiesOf(ownerId)).toEqual([]);
    expect(await userCount()).toBe(before);
  });

  describe('linking and unlinking', () => {
    it('a signed-in customer links a provider, then signs in with it; unlinks it while a password remains', async () => {
      const customer = new ApiClient(t.app);
      await registerAs(customer);
      const me = (await customer.get('/api/user')).json();
      provider.accounts.set('linker', { email: 'somewhere-else@example.test', given_name: 'L', family_name: 'Inker' });

      expect(await popupSignIn(customer, 'linker', { link: true })).toEqual({ type: 'oauth', linked: 'oidc' });
      const listed = (await customer.get('/api/oauth/identities')).json();
      expect(listed).toEqual({
        identities: [{ provider: 'oidc', name: 'Print SSO', email: 'somewhere-else@example.test', created_at: expect.any(String) }],
        has_password: true,
      });

      const viaProvider = new ApiClient(t.app);
      viaProvider.token = (await popupSignIn(viaProvider, 'linker')).token;
      expect((await viaProvider.get('/api/user')).json().id).toBe(me.id);

      const unlinked = await customer.delete('/api/oauth/identities/oidc');
      expect(unlinked.statusCode).toBe(200);
      expect(unlinked.json()).toEqual({ identities: [], has_password: true });
      expect((await customer.delete('/api/oauth/identities/oidc')).statusCode).toBe(404);
    });

    it('linking needs a signed-in user', async () => {
      const res = await new ApiClient(t.app).post('/api/oauth/oidc', { link: true });
      expect(res.statusCode).toBe(401);
    });

    it('a provider account linked to someone is not linked to another', async () => {
      await popupSignIn(new ApiClient(t.app), 'first-owner');
      const other = new ApiClient(t.app);
      await registerAs(other);
      const message = await popupSignIn(other, 'first-owner', { link: true });
      expect(message.error).toBe('That Print SSO account is already linked to another account here.');
      expect(await identitiesOf((await other.get('/api/user')).json().id)).toEqual([]);
    });

    it('a social-only account cannot unlink its last way to sign in', async () => {
      const social = new ApiClient(t.app);
      social.token = (await popupSignIn(social, 'social-only')).token;
      expect((await social.get('/api/oauth/identities')).json()).toMatchObject({ has_password: false, identities: [{ provider: 'oidc' }] });
      const res = await social.delete('/api/oauth/identities/oidc');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/only way you can sign in. Set a password first/);
      expect((await social.get('/api/oauth/identities')).json().identities).toHaveLength(1);

      // With a password set (the reset link of "Forgotten your password?"), the provider may go.
      expect((await social.post('/api/password/email', { email: 'social-only@example.test' })).statusCode).toBe(200);
      const reset = await social.post('/api/password/reset', {
        token: await resetTokenFor(t, 'social-only@example.test'),
        password: 'a new long passphrase',
        password_confirmation: 'a new long passphrase',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const password = new ApiClient(t.app);
      await password.login('social-only@example.test', 'a new long passphrase');
      const unlinked = await password.delete('/api/oauth/identities/oidc');
      expect(unlinked.statusCode).toBe(200);
      expect(unlinked.json()).toEqual({ identities: [], has_password: true });
    });
  });

  describe('when the pop-up was blocked (a full-page redirect)', () => {
    it('the callback sends the page back with a one-time code, handed in by POST in the same browser', async () => {
      provider.accounts.set('redirected', { email: 'redirected@example.test', given_name: 'Re', family_name: 'Directed' });
      const client = new ApiClient(t.app);
      const { url, browser } = await start(client, { popup: false, remember: false });
      const res = await callback(await signInAtProvider(url.href, 'redirected'), browser);
      expect(res.statusCode).toBe(303);
      const location = new URL(res.headers.location as string);
      expect(location.origin + location.pathname).toBe(`${APP_URL}/login`);
      const code = location.searchParams.get('oauth')!;
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.headers.location).not.toContain('token');

      const handoff = (cookie: string | undefined) =>
        t.app.inject({
          method: 'POST',
          url: '/api/oauth/handoff',
          payload: { code },
          headers: { cookie: `XSRF-TOKEN=${encodeURIComponent(client.xsrf!)}${cookie ? `; oauth_flow=${cookie}` : ''}`, 'x-xsrf-token': client.xsrf! },
        });
      expect((await handoff(undefined)).json().error).toMatch(EXPIRED);
      // The refused attempt used the code up: a code is good once.
      expect((await handoff(browser)).json().error).toMatch(EXPIRED);
    });

    it('hands over a session token for the code, once', async () => {
      const client = new ApiClient(t.app);
      const { url, browser } = await start(client, { popup: false, remember: true });
      const res = await callback(await signInAtProvider(url.href, 'redirected-2'), browser);
      const code = new URL(res.headers.location as string).searchParams.get('oauth')!;
      const handoff = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/oauth/handoff',
          payload: { code },
          headers: { cookie: `XSRF-TOKEN=${encodeURIComponent(client.xsrf!)}; oauth_flow=${browser}`, 'x-xsrf-token': client.xsrf! },
        });
      const first = await handoff();
      expect(first.json()).toEqual({ token: expect.any(String), remember: true });
      client.token = first.json().token;
      expect((await client.get('/api/user')).json().email).toBe('redirected-2@example.test');
      expect((await handoff()).json()).toEqual({ error: expect.stringMatching(EXPIRED) });
    });

    it('a link flow comes back to the profile page', async () => {
      const client = new ApiClient(t.app);
      await registerAs(client);
      const { url, browser } = await start(client, { popup: false, link: true });
      const res = await callback(await signInAtProvider(url.href, 'redirect-linker'), browser);
      expect(new URL(res.headers.location as string).pathname).toBe('/account/profile');
    });
  });

  it('an unknown provider is 404', async () => {
    expect((await new ApiClient(t.app).post('/api/oauth/google', {})).statusCode).toBe(404);
  });
});
