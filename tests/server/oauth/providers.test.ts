import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { configuredProviders } from '../../../src/server/modules/oauth/providers';

/**
 * The providers as the environment configures them, and GitHub's own way of saying who signed in
 * (plain OAuth 2: no ID token; its API's /user and /user/emails), against a stand-in for GitHub.
 */

const env = (extra: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/none', ...extra }).oauth;

describe('providers from the environment', () => {
  it('offers none when none is configured, and each one whose id and secret are set, in a fixed order', () => {
    expect(configuredProviders(env({}))).toEqual([]);
    const all = configuredProviders(
      env({
        OAUTH_OIDC_ISSUER: 'https://id.example.test/realms/print',
        OAUTH_OIDC_CLIENT_ID: 'pj',
        OAUTH_OIDC_CLIENT_SECRET: 's',
        OAUTH_OIDC_NAME: 'Printer ID',
        OAUTH_GITHUB_CLIENT_ID: 'gh',
        OAUTH_GITHUB_CLIENT_SECRET: 's',
        OAUTH_MICROSOFT_CLIENT_ID: 'ms',
        OAUTH_MICROSOFT_CLIENT_SECRET: 's',
        OAUTH_GOOGLE_CLIENT_ID: 'g',
        OAUTH_GOOGLE_CLIENT_SECRET: 's',
      }),
    );
    expect(all.map((p) => [p.id, p.name, p.kind])).toEqual([
      ['google', 'Google', 'oidc'],
      ['microsoft', 'Microsoft', 'oidc'],
      ['github', 'GitHub', 'oauth2'],
      ['oidc', 'Printer ID', 'oidc'],
    ]);
  });

  it('refuses half a client, an OpenID Connect client without its issuer, and a plain-http issuer off this machine', () => {
    expect(() => env({ OAUTH_GOOGLE_CLIENT_ID: 'g' })).toThrow(/OAUTH_GOOGLE_CLIENT_ID and OAUTH_GOOGLE_CLIENT_SECRET: set both/);
    expect(() => env({ OAUTH_OIDC_CLIENT_ID: 'x', OAUTH_OIDC_CLIENT_SECRET: 'y' })).toThrow(/OAUTH_OIDC_ISSUER: required/);
    expect(() => env({ OAUTH_OIDC_ISSUER: 'http://id.example.test', OAUTH_OIDC_CLIENT_ID: 'x', OAUTH_OIDC_CLIENT_SECRET: 'y' })).toThrow(
      /must be an https address/,
    );
    expect(env({ OAUTH_OIDC_ISSUER: 'http://127.0.0.1:4000', OAUTH_OIDC_CLIENT_ID: 'x', OAUTH_OIDC_CLIENT_SECRET: 'y' }).oidc?.name).toBe('Single sign-on');
    expect(env({ OAUTH_MICROSOFT_CLIENT_ID: 'x', OAUTH_MICROSOFT_CLIENT_SECRET: 'y' }).microsoft?.tenant).toBe('common');
  });
});

describe('GitHub (OAuth 2 and its API)', () => {
  /** GitHub's token endpoint and API as they answer, recording what was asked. */
  function fakeGitHub(emails: unknown[]) {
    const asked: string[] = [];
    const fetch: client.CustomFetch = async (url, options) => {
      asked.push(`${options.method} ${url}`);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url === 'https://github.com/login/oauth/access_token') {
        const body = options.body as URLSearchParams;
        expect(body.get('code_verifier')).toBe('a-verifier-of-enough-length-for-pkce-0123456789');
        expect(body.get('client_secret')).toBe('gh-secret');
        return json({ access_token: 'gho_test', token_type: 'bearer', scope: 'read:user,user:email' });
      }
      expect(options.headers.authorization).toBe('Bearer gho_test');
      if (url === 'https://api.github.com/user') return json({ id: 583231, login: 'octocat', name: 'The Octocat' });
      if (url === 'https://api.github.com/user/emails') return json(emails);
      return new Response('not found', { status: 404 });
    };
    return { asked, fetch };
  }

  async function signIn(emails: unknown[]) {
    const [github] = configuredProviders(env({ OAUTH_GITHUB_CLIENT_ID: 'gh-id', OAUTH_GITHUB_CLIENT_SECRET: 'gh-secret' }));
    const config = await github.configuration();
    const fake = fakeGitHub(emails);
    config[client.customFetch] = fake.fetch;
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: 'https://trade.example.test/api/oauth/github/callback',
      scope: github.scope,
      state: 'st',
    });
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    const tokens = await client.authorizationCodeGrant(config, new URL('https://trade.example.test/api/oauth/github/callback?code=abc&state=st'), {
      pkceCodeVerifier: 'a-verifier-of-enough-length-for-pkce-0123456789',
      expectedState: 'st',
    });
    return { profile: await github.profile(config, tokens), asked: fake.asked };
  }

  it('signs in by the numeric user id, with the verified primary address and the display name', async () => {
    const { profile, asked } = await signIn([
      { email: 'old@example.test', primary: false, verified: true },
      { email: 'Octo@Example.test', primary: true, verified: true },
    ]);
    expect(profile).toEqual({ subject: '583231', email: 'octo@example.test', firstname: 'The', lastname: 'Octocat' });
    expect(asked).toEqual(['POST https://github.com/login/oauth/access_token', 'GET https://api.github.com/user', 'GET https://api.github.com/user/emails']);
  });

  it('gives no address when the primary one is not verified (another verified one is not taken instead)', async () => {
    const { profile } = await signIn([
      { email: 'octo@example.test', primary: true, verified: false },
      { email: 'other@example.test', primary: false, verified: true },
    ]);
    expect(profile.email).toBeNull();
  });
});
