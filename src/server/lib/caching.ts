import type { FastifyInstance } from 'fastify';

/** A Cache-Control that already keeps the answer out of shared caches, or says it may be shared. */
const SAYS_WHO_MAY_STORE = /\b(?:private|no-store|public)\b/i;

/**
 * What the browser and any cache on the way may keep of an API answer, in one place. An answer
 * whose route says nothing (a customer's orders, their profile, a token) is `no-store`: it is one
 * person's, and kept nowhere. A route that chose its own stands — a download or preview that may
 * be kept a while, a price list revalidated by its ETag, the public list of countries — but a
 * signed-in caller's answer is always at least `private`, never left to a shared cache.
 */
export function registerApiCaching(app: FastifyInstance): void {
  // Callback style: no promise per response on this hot path.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.url.startsWith('/api/')) return done(null, payload);
    const own = reply.getHeader('cache-control');
    if (own === undefined) reply.header('cache-control', 'no-store');
    else if (request.auth && !SAYS_WHO_MAY_STORE.test(String(own))) reply.header('cache-control', `private, ${String(own)}`);
    done(null, payload);
  });
}
