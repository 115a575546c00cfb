import * as client from 'openid-client';
import type { OAuthConfig } from '../../config';
import type { OAuthProviderId } from '../../../shared/api/oauth';

/** Who the provider says signed in: its stable subject and a verified e-mail (or why there is none). */
export interface ProviderProfile {
  subject: string;
  /** The address, lower-cased; only when the provider says it is verified. */
  email: string | null;
  firstname: string;
  lastname: string;
}

export interface OAuthProvider {
  id: OAuthProviderId;
  /** The button's label: "Continue with {name}". */
  name: string;
  /** OpenID Connect (ID token with nonce) or plain OAuth 2 (GitHub: its API says who signed in). */
  kind: 'oidc' | 'oauth2';
  scope: string;
  /** Whether the provider takes `prompt=select_account` (linking: choose which account, not the one signed in there already). */
  selectAccount: boolean;
  /** The client's configuration at the provider; discovery runs once, on first use, and is kept. */
  configuration(): Promise<client.Configuration>;
  /** The profile once the code has been exchanged (ID token already verified by openid-client). */
  profile(config: client.Configuration, tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers): Promise<ProviderProfile>;
}

const TIMEOUT_SECONDS = 10;

/** Discovery that runs once and is kept; a failure is not kept, so the next sign-in tries again. */
function lazy(make: () => Promise<client.Configuration>): () => Promise<client.Configuration> {
  let pending: Promise<client.Configuration> | null = null;
  return () => {
    pending ??= make().then(
      (config) => {
        config.timeout = TIMEOUT_SECONDS;
        return config;
      },
      (err: unknown) => {
        pending = null;
        throw err;
      },
    );
    return pending;
  };
}

function discover(issuer: string, clientId: string, clientSecret: string): () => Promise<client.Configuration> {
  return lazy(() => {
    const url = new URL(issuer);
    const insecure = url.protocol === 'http:';
    return client.discovery(url, clientId, clientSecret, client.ClientSecretPost(clientSecret), {
      timeout: TIMEOUT_SECONDS,
      ...(insecure && { execute: [client.allowInsecureRequests] }),
    });
  });
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, 100) : '');

/** Names from the ID token's claims: given and family names, else the full name split at its last space. */
function namesOf(claims: Record<string, unknown>): { firstname: string; lastname: string } {
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  if (given || family) return { firstname: given, lastname: family };
  const full = text(claims.name);
  const cut = full.lastIndexOf(' ');
  return cut > 0 ? { firstname: full.slice(0, cut), lastname: full.slice(cut + 1) } : { firstname: full, lastname: '' };
}

/**
 * The profile of an OpenID Connect sign-in, from its verified ID token. The e-mail counts only when
 * the provider says it is verified (`email_verified`); Microsoft sends no such claim, but its
 * optional claim `xms_edov` ("e-mail domain owner verified") says the same.
 */
async function oidcProfile(config: client.Configuration, tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers): Promise<ProviderProfile> {
  const claims = tokens.claims();
  if (!claims) throw new Error('The provider sent no ID token');
  let raw = claims as Record<string, unknown>;
  // Providers that keep the ID token small (as the specification's default) give the e-mail and names at the UserInfo endpoint.
  if (typeof raw.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    raw = { ...info, ...raw, email: info.email, email_verified: info.email_verified, xms_edov: raw.xms_edov };
    if (typeof raw.given_name !== 'string' && typeof raw.family_name !== 'string')
      raw = { ...raw, given_name: info.given_name, family_name: info.family_name, name: info.name };
  }
  const verified = raw.email_verified === true || raw.email_verified === 'true' || raw.xms_edov === true || raw.xms_edov === 'true';
  const email = typeof raw.email === 'string' && verified ? raw.email.trim().toLowerCase() : null;
  return { subject: claims.sub, email, ...namesOf(raw) };
}

function oidcProvider(id: OAuthProviderId, name: string, issuer: string, clientId: string, clientSecret: string, selectAccount = false): OAuthProvider {
  return {
    id,
    name,
    kind: 'oidc',
    scope: 'openid email profile',
    selectAccount,
    configuration: discover(issuer, clientId, clientSecret),
    profile: oidcProfile,
  };
}

const GITHUB_API = 'https://api.github.com';

/** GitHub is plain OAuth 2: fixed endpoints, and its API says who signed in and which addresses are verified. */
function githubProvider(clientId: string, clientSecret: string): OAuthProvider {
  const server: client.ServerMetadata = {
    issuer: 'https://github.com',
    authorization_endpoint: 'https://github.com/login/oauth/authorize',
    token_endpoint: 'https://github.com/login/oauth/access_token',
  };
  const configuration = lazy(async () => new client.Configuration(server, clientId, clientSecret, client.ClientSecretPost(clientSecret)));
  const get = async (config: client.Configuration, accessToken: string, path: string): Promise<unknown> => {
    const headers = new Headers({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'print-junction-trade' });
    const response = await client.fetchProtectedResource(config, accessToken, new URL(path, GITHUB_API), 'GET', undefined, headers);
    if (!response.ok) throw new Error(`GitHub answered ${response.status} to ${path}`);
    return response.json();
  };
  return {
    id: 'github',
    name: 'GitHub',
    kind: 'oauth2',
    selectAccount: false,
    scope: 'read:user user:email',
    configuration,
    async profile(config, tokens) {
      const user = (await get(config, tokens.access_token, '/user')) as { id?: unknown; name?: unknown; login?: unknown };
      if (typeof user.id !== 'number' && typeof user.id !== 'string') throw new Error('GitHub sent no user id');
      const emails = (await get(config, tokens.access_token, '/user/emails')) as Array<{ email?: unknown; primary?: unknown; verified?: unknown }>;
      const primary = Array.isArray(emails) ? emails.find((e) => e.primary === true && e.verified === true && typeof e.email === 'string') : undefined;
      const names = namesOf({ name: text(user.name) || text(user.login) });
      return { subject: String(user.id), email: primary ? String(primary.email).trim().toLowerCase() : null, ...names };
    },
  };
}

/** The providers configured in the environment, in the order their buttons show. */
export function configuredProviders(config: OAuthConfig): OAuthProvider[] {
  const list: OAuthProvider[] = [];
  if (config.google) list.push(oidcProvider('google', 'Google', 'https://accounts.google.com', config.google.clientId, config.google.clientSecret, true));
  if (config.microsoft) {
    const { tenant, clientId, clientSecret } = config.microsoft;
    list.push(oidcProvider('microsoft', 'Microsoft', `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/v2.0`, clientId, clientSecret, true));
  }
  if (config.github) list.push(githubProvider(config.github.clientId, config.github.clientSecret));
  if (config.oidc) list.push(oidcProvider('oidc', config.oidc.name, config.oidc.issuer, config.oidc.clientId, config.oidc.clientSecret));
  return list;
}
