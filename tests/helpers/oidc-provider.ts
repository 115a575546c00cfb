import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, sign, type JsonWebKey } from 'node:crypto';

/**
 * A real OpenID Connect provider on 127.0.0.1 for tests (the `oidc-provider` package, with its
 * development login and consent pages): any login name signs in; its claims come from `accounts`
 * (an unknown name is `<name>@example.test`, or itself when it is an address; verified). PKCE is required, as our client always sends it.
 */

export interface TestAccount {
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** When set, rewrites the token endpoint's JSON answer (tests of forged ID tokens). */
  tamperTokens: ((body: Record<string, unknown>) => Promise<Record<string, unknown>>) | null;
  /** Signs an ID token with the provider's own key (so only the claims given are wrong). */
  signIdToken(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/**
 * oidc-provider warns that its development conveniences (login pages, in-memory store, default
 * lifetimes) are for development: all true of a test provider, so those lines are not shown;
 * anything else it says is.
 */
const EXPECTED_NOTICES = ['devInteractions', 'in-memory adapter', 'default ttl.'];
function quietDevelopmentNotices(): () => void {
  const { warn, info } = console;
  const quiet =
    (original: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      const text = String(args[0] ?? '');
      if (text.includes('oidc-provider') && EXPECTED_NOTICES.some((notice) => text.includes(notice))) return;
      original(...args);
    };
  console.warn = quiet(warn);
  console.info = quiet(info);
  return () => {
    console.warn = warn;
    console.info = info;
  };
}

export async function startTestProvider(opts: { redirectUris: string[]; port?: number; clientId?: string; clientSecret?: string }): Promise<TestProvider> {
  const restore = quietDevelopmentNotices();
  const { default: Provider } = await import('oidc-provider');
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = opts.clientId ?? 'print-junction';
  const clientSecret = opts.clientSecret ?? 'a-test-client-secret-of-some-length';

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk: JsonWebKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const accounts = new Map<string, TestAccount>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [jwk] },
    cookies: { keys: ['a-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      // A login that is an e-mail address is that address; any other is <login>@example.test.
      const account = accounts.get(id) ?? { email: id.includes('@') ? id : `${id}@example.test`, email_verified: true, given_name: 'Test', family_name: id };
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: account.email,
            email_verified: account.email_verified ?? true,
            given_name: account.given_name,
            family_name: account.family_name,
          };
        },
      };
    },
  });
  const result: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    tamperTokens: null,
    async signIdToken(claims) {
      const now = Math.floor(Date.now() / 1000);
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const input = `${part({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })}.${part({ iat: now, exp: now + 600, ...claims })}`;
      return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      restore();
    },
  };
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/token' && ctx.status === 200 && result.tamperTokens && ctx.body && typeof ctx.body === 'object') {
      ctx.body = await result.tamperTokens(ctx.body as Record<string, unknown>);
    }
  });
  handler = provider.callback();
  return result;
}

/** A cookie jar for one origin, enough for the provider's own session cookies. */
export class CookieJar {
  private cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Drives the provider's pages like a browser: follows its redirects, signs in as `login`, consents,
 * and answers the address it finally sends the browser back to (our callback, with code and state).
 * `until` says when a redirect has left the provider.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, opts: { abort?: boolean } = {}): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.origin !== origin) return url;
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    jar.take(response);
    method = 'GET';
    body = undefined;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${html.slice(0, 500)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!prompt) throw new Error(`no form at ${url.pathname}: ${html.slice(0, 500)}`);
    if (opts.abort && prompt === 'consent') {
      url = new URL(`${url.pathname}/abort`, url);
      continue;
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error('no form action');
    url = new URL(action.replace(/&amp;/g, '&'), url);
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }).toString();
  }
  throw new Error('too many steps at the provider');
}
