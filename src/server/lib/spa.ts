import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite names files under assets/ by their content: a changed file is a new URL, so they never go stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is checked with the server on every use, so a deploy shows at once. */
export const REVALIDATE = 'no-cache';

/** True for a file the static plugin serves from dist/assets/ (the file itself or its .br/.gz twin). */
export function isHashedAsset(filePath: string): boolean {
  return filePath.includes(`${path.sep}assets${path.sep}`);
}

/**
 * The built single-page app: files from dist/, and index.html for every other non-API path so that
 * history-mode routes load on refresh. Unknown /api paths stay JSON 404s. The build writes a .br
 * and a .gz beside each text file (vite.config.ts); they are sent to browsers that accept them.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | null): Promise<void> {
  const hasDist = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: path.resolve(distDir),
      wildcard: false,
      index: false,
      preCompressed: true,
      // Called for sendFile('index.html') too, so this decides the page's caching as well.
      setHeaders(reply, filePath) {
        reply.header('cache-control', isHashedAsset(filePath) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    // A missing hashed asset must fail as a 404, or a lazy import would receive HTML.
    if (!isPage || pathname.startsWith('/assets/')) {
      return reply.status(404).send({ message: pathname.startsWith('/api') ? `No API route ${request.method} ${pathname}` : 'Not found' });
    }
    if (!hasDist) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build`, or start with `npm start`.');
    }
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
