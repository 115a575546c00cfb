import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import scalarApiReference from '@scalar/fastify-api-reference';
import { contentSecurityPolicy } from '../../lib/security-headers';

/** Where the trade API's reference is read. */
export const DEVELOPERS_PATH = '/developers';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * `/developers`: the trade API's document (/api/v1/openapi.json, its introduction the getting
 * started) rendered by Scalar's reference page, its script served from the package (no CDN), with
 * nothing fetched from another origin: no web fonts, no telemetry, no hosted API client. The page
 * starts Scalar with one inline script; the page's policy allows that script by its hash and
 * nothing else, the app's own policy otherwise.
 */
export async function registerDevelopersPage(app: FastifyInstance, { title }: { title: string }): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
      const hashes = [...payload.matchAll(INLINE_SCRIPT)].map(([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
      reply.header('content-security-policy', contentSecurityPolicy(hashes));
      reply.header('cache-control', 'no-cache');
      return payload;
    });
    await scope.register(scalarApiReference, {
      routePrefix: DEVELOPERS_PATH,
      configuration: {
        url: '/api/v1/openapi.json',
        pageTitle: title,
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: 'never',
        agent: { disabled: true },
        documentDownloadType: 'json',
        // The one way in: "Try it" asks for the key at once.
        authentication: { preferredSecurityScheme: 'apiKey' },
      },
    });
  });
}
