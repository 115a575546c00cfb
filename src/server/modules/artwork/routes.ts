import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import { artworkUrlSchema, itemSchema, previewQuerySchema } from '../../../shared/api/orders';
import type { AppDeps } from '../../deps';
import { orderingWrites, signedInOnly } from '../../lib/auth';
import { unprocessable } from '../../lib/domain-errors';
import { uploadedFile } from '../../lib/openapi';
import { fileAnswer, type ZodTypeProvider } from '../../lib/zod';
import { customerOf } from '../orders/routes';
import { sendArtwork, sendPreview } from './file-routes';
import { ARTWORK_FIELD, ARTWORK_MAX_BYTES_CEILING, type UploadedArtwork } from './service';

const itemParams = z.object({ id: idParam('No such order.'), itemId: idParam('No such item.') });
/** The artwork upload, streamed to the service (so not a body Fastify parses). */
const artworkUpload = { 'multipart/form-data': z.object({ [ARTWORK_FIELD]: uploadedFile('The print-ready PDF, at most the ARTWORK_MAX_MB setting') }) };

/**
 * The upload's file part, as a name and a stream. The multipart parser lets through what the
 * ARTWORK_MAX_MB setting could ever allow (and one byte more, to tell a file over it); the service
 * applies the setting itself.
 */
export async function artworkPart(request: FastifyRequest): Promise<UploadedArtwork> {
  if (!request.isMultipart()) throw unprocessable({ [ARTWORK_FIELD]: `Send the PDF as multipart/form-data in a field named "${ARTWORK_FIELD}".` });
  const part = await request
    .file({ limits: { fileSize: ARTWORK_MAX_BYTES_CEILING + 1, files: 1, fields: 5 }, throwFileSizeLimit: false })
    .catch(() => undefined);
  if (!part || part.fieldname !== ARTWORK_FIELD) throw unprocessable({ [ARTWORK_FIELD]: 'Choose a PDF file to upload.' });
  return { name: part.filename || '', stream: part.file };
}

/**
 * An item's artwork, for the customer (DESIGN §3 "Orders (customer)"): upload or replace it, remove
 * it, download it, and see its page previews. Scoped to the signed-in customer; another customer's
 * item, artwork or preview answers 404.
 */
const artworkRoutes: FastifyPluginAsync<Pick<AppDeps, 'artwork' | 'orders' | 'files'>> = async (fastify, { artwork, orders, files }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A visitor is told 401 before a body is judged.
  app.addHook('onRequest', signedInOnly);
  // Every change here orders: a viewer of the company may read, never change (403).
  app.addHook('onRequest', orderingWrites);

  // Multipart: the file is streamed to the store by the service, never parsed whole.
  app.post(
    '/api/orders/:id/items/:itemId/artwork',
    { schema: { params: itemParams, documentedBody: artworkUpload, response: { 200: itemSchema } } },
    async (request) => {
      const user = customerOf(request);
      const file = await artworkPart(request);
      try {
        return await artwork.upload(user, request.params.id, request.params.itemId, file);
      } finally {
        // Refused before it was read (not theirs, or no longer changeable): the rest of the body is
        // read and dropped, as for any body a route does not read, so the connection stays usable.
        file.stream.resume();
      }
    },
  );

  // Artwork by URL: 202, the item marked `fetching`; the job fetches the file, then the item shows
  // it with its check pending, or `artwork_fetch.status` `failed` with the reason.
  app.post(
    '/api/orders/:id/items/:itemId/artwork/url',
    { schema: { params: itemParams, body: artworkUrlSchema, response: { 202: itemSchema } } },
    async (request, reply) => {
      const item = await artwork.fetchUrl(customerOf(request), request.params.id, request.params.itemId, request.body.artwork_url);
      return reply.code(202).send(item);
    },
  );

  app.delete('/api/orders/:id/items/:itemId/artwork', { schema: { params: itemParams, response: { 200: itemSchema } } }, async (request) =>
    artwork.remove(customerOf(request), request.params.id, request.params.itemId),
  );

  app.get(
    '/api/orders/:id/items/:itemId/artwork',
    { schema: { params: itemParams, response: { 200: fileAnswer('application/pdf') } } },
    async (request, reply) => {
      const { item } = await orders.artworkTarget(customerOf(request), request.params.id, request.params.itemId, false);
      return sendArtwork(reply, files, item);
    },
  );

  app.get(
    '/api/orders/:id/items/:itemId/preview',
    { schema: { params: itemParams, querystring: previewQuerySchema, response: { 200: fileAnswer('image/png') } } },
    async (request, reply) => {
      const { item } = await orders.artworkTarget(customerOf(request), request.params.id, request.params.itemId, false);
      // Untyped: a 304 has no body for the response schema to describe.
      return sendPreview(request, reply as FastifyReply, files, item, request.query.page);
    },
  );
};

export default artworkRoutes;
