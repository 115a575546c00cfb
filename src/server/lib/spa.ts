import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * The built single-page app: files from dist/, and index.html for every other non-API path so that
 * history-mode routes load on refresh. Unknown /api paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | null): Promise<void> {
  const hasDist = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: path.resolve(distDir),
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
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
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
