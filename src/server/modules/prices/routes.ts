import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { orderableProductsSchema, priceListSchema } from '../../../shared/api/prices';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { COMPRESS_THRESHOLD_BYTES } from '../../lib/compression';
import { matchesEtag } from '../../lib/etag';
import { jsonBytes, type ZodTypeProvider } from '../../lib/zod';
import { encodedBody, negotiateEncoding, type PreparedAnswer } from './prepared-answer';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A finished answer as HTTP: 304 when the browser's copy is current (`If-None-Match`), else its
 * bytes, compressed once and kept with the answer (so @fastify/compress leaves them alone).
 */
async function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer) {
  reply.header('cache-control', 'private, no-cache').header('etag', answer.etag).header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const encoding = answer.body.length >= COMPRESS_THRESHOLD_BYTES ? negotiateEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.type(JSON_TYPE).send(answer.body);
  const bytes = await encodedBody(answer, encoding);
  return reply.type(JSON_TYPE).header('content-encoding', encoding).send(bytes);
}

/**
 * The customer's price list and orderable catalogue (DESIGN §3): scoped to the signed-in user. The
 * service answers finished JSON bytes, assembled from cached per-product parts typed by these
 * response schemas (snapshot.ts), and they are sent as they are.
 */
const pricesRoutes: FastifyPluginAsync<Pick<AppDeps, 'prices'>> = async (fastify, { prices }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/prices', { schema: { response: { 200: jsonBytes(priceListSchema) } } }, async (request, reply) =>
    sendAnswer(request, reply, await prices.priceList(requireUser(request).user)),
  );

  app.get('/api/products', { schema: { response: { 200: jsonBytes(orderableProductsSchema) } } }, async (request, reply) =>
    sendAnswer(request, reply, await prices.orderable(requireUser(request).user)),
  );
};

export default pricesRoutes;
