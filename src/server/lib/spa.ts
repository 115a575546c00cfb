import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isTradeApiPath, PROBLEM_MEDIA_TYPE, problemOf } from './problem';

/** Vite names files under assets/ by their content: a changed file is a new URL, so they never go stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is checked with the server on every use, so a deploy shows at once. */
export const REVALIDATE = 'no-cache';

/** True for a file the static plugin serves from dist/assets/ (the file itself or its .br/.gz twin). */
export function isHashedAsset(filePath: string): boolean {
  return filePath.includes(`${path.sep}assets${path.sep}`);
}

interface RoutePreload {
  path: string;
  files: string[];
}

/** `/orders/:id` → a matcher of that path (a parameter is one non-empty segment). */
function pathMatcher(pattern: string): RegExp {
  const segments = pattern.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

/**
 * index.html for each signed-in page with `<link rel="modulepreload">` for the code it needs
 * (route-preloads.json, written by the build: the route-preloads plugin in vite.config.ts), made once per route. Sent
 * when the browser holds a session cookie — a hint, never a credential: a stale cookie only fetches
 * a few files early, and the app itself decides what to show.
 */
function signedInPages(distDir: string): (pathname: string) => string | null {
  const listFile = path.join(distDir, 'route-preloads.json');
  if (!existsSync(listFile)) return () => null;
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const pages = (JSON.parse(readFileSync(listFile, 'utf8')) as RoutePreload[]).map((route) => ({
    match: pathMatcher(route.path),
    html: html.replace('</head>', `${route.files.map((file) => `    <link rel="modulepreload" crossorigin href="${file}">`).join('\n')}\n  </head>`),
  }));
  return (pathname) => pages.find((page) => page.match.test(pathname))?.html ?? null;
}

/** The session cookie's name (shared/auth): its presence says the visitor is probably signed in. */
const SESSION_HINT = /(?:^|;\s*)token=[^;]/;

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

  const signedInPage = hasDist ? signedInPages(distDir) : () => null;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    // A missing hashed asset must fail as a 404, or a lazy import would receive HTML.
    if (isTradeApiPath(pathname)) {
      return reply
        .status(404)
        .type(PROBLEM_MEDIA_TYPE)
        .send(problemOf(404, `No trade API route ${request.method} ${pathname.slice('/api/v1'.length) || '/'}`));
    }
    if (!isPage || pathname.startsWith('/assets/')) {
      return reply.status(404).send({ message: pathname.startsWith('/api') ? `No API route ${request.method} ${pathname}` : 'Not found' });
    }
    if (!hasDist) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build`, or start with `npm start`.');
    }
    const signedIn = SESSION_HINT.test(request.headers.cookie ?? '') ? signedInPage(pathname) : null;
    if (signedIn) return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('vary', 'Cookie').send(signedIn);
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
