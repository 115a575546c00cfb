import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  oauthCallbackQuerySchema,
  oauthHandoffBodySchema,
  oauthHandoffSchema,
  oauthIdentitiesSchema,
  oauthProviderParams,
  oauthProvidersSchema,
  oauthStartBodySchema,
  oauthStartSchema,
} from '../../../shared/api/oauth';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../lib/auth';
import { readCookie } from '../../lib/cookies';
import { byIp, limited } from '../../lib/rate-limit';
import { randomToken } from '../../lib/tokens';
import type { ZodTypeProvider } from '../../lib/zod';
import { FLOW_LIFETIME_MS, type FlowOutcome } from './service';
import { callbackPage } from './callback-page';
import { anyone, anyoneOrSignedIn } from '../../lib/openapi';

/** The browser's secret that ties a flow to the browser that began it: HttpOnly, only ever sent to /api/oauth. */
const BROWSER_COOKIE = 'oauth_flow';
const BROWSER_SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * Social sign-in: `POST /api/oauth/{provider}` answers `{url}`, the provider's page, which
 * the app opens in a pop-up; the provider returns to `GET /api/oauth/{provider}/callback`, whose page
 * posts the result to the opener (our own origin only). When the pop-up was blocked the whole page
 * goes, and the callback sends it back to the app with a one-time code it hands in by POST.
 */
const oauthRoutes: FastifyPluginAsync<Pick<AppDeps, 'config' | 'oauth'>> = async (fastify, { config, oauth }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const secure = config.appUrl.startsWith('https://');
  const appOrigin = new URL(config.appUrl).origin;
  const agent = (request: FastifyRequest) => request.headers['user-agent'] ?? '';
  // Starting a sign-in counts with password sign-ins from the same address (the same counter).
  const perIp = { preHandler: limited(fastify, { rule: config.rateLimits.loginPerIp, name: 'login-ip', key: byIp }) };
  const returns = { preHandler: limited(fastify, { rule: config.rateLimits.loginPerIp, name: 'oauth-return', key: byIp }) };

  const browserSecret = (request: FastifyRequest): string | undefined => {
    const value = readCookie(request.headers.cookie, BROWSER_COOKIE);
    return value && BROWSER_SECRET.test(value) ? value : undefined;
  };
  const setBrowserSecret = (reply: FastifyReply, value: string) => {
    const parts = [`${BROWSER_COOKIE}=${value}`, 'Path=/api/oauth', 'HttpOnly', 'SameSite=Lax', `Max-Age=${FLOW_LIFETIME_MS / 1000}`];
    if (secure) parts.push('Secure');
    reply.header('set-cookie', parts.join('; '));
  };

  app.get('/api/oauth/providers', { schema: { security: anyone, response: { 200: oauthProvidersSchema } } }, async () => ({ providers: oauth.list() }));

  app.get('/api/oauth/identities', { onRequest: signedInOnly, schema: { response: { 200: oauthIdentitiesSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return oauth.identities(requireUser(request).user);
  });

  app.delete(
    '/api/oauth/identities/:provider',
    { onRequest: signedInOnly, schema: { params: oauthProviderParams, response: { 200: oauthIdentitiesSchema } } },
    async (request) => oauth.unlink(requireUser(request).user, request.params.provider),
  );

  app.post(
    '/api/oauth/handoff',
    { schema: { security: anyone, body: oauthHandoffBodySchema, response: { 200: oauthHandoffSchema } }, ...returns },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return oauth.handoff(request.body.code, browserSecret(request), agent(request));
    },
  );

  app.post(
    '/api/oauth/:provider',
    { schema: { security: anyoneOrSignedIn, params: oauthProviderParams, body: oauthStartBodySchema, response: { 200: oauthStartSchema } }, ...perIp },
    async (request, reply) => {
      const secret = browserSecret(request) ?? randomToken(32);
      const url = await oauth.start(request.params.provider, request.body, request.auth?.user ?? null, secret);
      setBrowserSecret(reply, secret);
      reply.header('cache-control', 'no-store');
      return { url };
    },
  );

  app.get(
    '/api/oauth/:provider/callback',
    {
      schema: { security: anyone, params: oauthProviderParams, querystring: oauthCallbackQuerySchema, response: { 200: z.string(), 303: z.undefined() } },
      ...returns,
    },
    async (request, reply) => {
      const raw = request.raw.url ?? '';
      const query = raw.includes('?') ? raw.slice(raw.indexOf('?') + 1) : '';
      const result = await oauth.callback(request.params.provider, query, browserSecret(request), agent(request));
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (result.display === 'redirect') {
        // The page that began it hands the code in by POST (with the cookie): no session token in a URL.
        const page = result.link ? '/account/profile' : '/login';
        return reply.redirect(`${config.appUrl}${page}?oauth=${encodeURIComponent(result.handoffCode)}`, 303);
      }
      return sendCallbackPage(reply, result.outcome);
    },
  );

  function sendCallbackPage(reply: FastifyReply, outcome: FlowOutcome) {
    const nonce = randomToken(16);
    reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      )
      // The pop-up came here from the provider's site: a policy other than unsafe-none would cut it off from its opener.
      .header('cross-origin-opener-policy', 'unsafe-none');
    return reply.send(callbackPage({ outcome, appOrigin, nonce, appName: config.appName }));
  }
};

export default oauthRoutes;
