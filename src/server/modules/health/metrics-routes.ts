import type { FastifyPluginAsync } from 'fastify';
import { bearerMatches, type AppMetrics } from '../../lib/metrics';

/**
 * `GET /metrics`: Prometheus's text format, for a scraper that sends `Authorization: Bearer
 * METRICS_TOKEN`. Without METRICS_TOKEN the metrics are off and the address answers 404 as any
 * unknown one (rather than the SPA's page); a wrong or missing token is 401. Outside /api: it is
 * not part of the API (no OpenAPI entry), and a load balancer can keep it from the public with one rule.
 */
const metricsRoutes: FastifyPluginAsync<{ metrics: AppMetrics | undefined; token: string | undefined }> = async (app, { metrics, token }) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !token) return reply.status(404).type('application/json; charset=utf-8').send({ message: 'Not found.' });
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('application/json; charset=utf-8')
        .send({ message: 'The metrics need Authorization: Bearer with the METRICS_TOKEN.' });
    }
    const body = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
};

export default metricsRoutes;
