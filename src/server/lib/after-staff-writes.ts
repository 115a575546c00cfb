import type { FastifyInstance } from 'fastify';

/**
 * Runs `forget` after every staff write that succeeded (a non-GET under /api/admin answered below
 * 400): what an instance keeps of the catalogue, agreements, delivery services or settings is then
 * read afresh at the next request on this instance (others within their cache's second). Added to
 * the root before the routes; runs before the answer goes, after the change committed.
 */
export function afterStaffWrites(fastify: FastifyInstance, forget: () => void): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.url.startsWith('/api/admin/')) forget();
    done(null, payload);
  });
}
