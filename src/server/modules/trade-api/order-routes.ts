import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import {
  tradeArtworkUrlSchema,
  tradeOrderAdvanceSchema,
  tradeOrderCreateHeadersSchema,
  tradeOrderCreateSchema,
  tradeOrderListQuerySchema,
  tradeOrderListSchema,
  tradeOrderSchema,
} from '../../../shared/api/trade-orders';
import { NotAllowed } from '../../lib/domain-errors';
import { RequestValidationError } from '../../lib/errors';
import { uploadedFile } from '../../lib/openapi';
import { tradeApiRoutes, tradeCaller } from '../../lib/trade-api';
import { artworkPart } from '../artwork/routes';
import { ARTWORK_FIELD } from '../artwork/service';
import { idempotentRoute } from './idempotent-routes';
import type { IdempotencyStore } from './idempotency';
import type { TradeOrdersService } from './orders';

const orderParams = z.object({ id: idParam('No such order.') });
const itemParams = z.object({ id: idParam('No such order.'), itemId: idParam('No such item.') });

/** New artwork for an item: the PDF itself (multipart, field `file`), or its URL (JSON). */
const artworkBody = {
  'multipart/form-data': z.object({ [ARTWORK_FIELD]: uploadedFile('The print-ready PDF, at most the ARTWORK_MAX_MB setting') }),
  'application/json': tradeArtworkUrlSchema,
};

/**
 * Orders through the trade API (DESIGN §3 "Trade API"): placed with an Idempotency-Key, read,
 * listed, cancelled, given their artwork; and the sandbox's moves of a test order. Every order is
 * the key's account's and of the key's mode: anything else answers 404.
 */
const tradeOrderRoutes = tradeApiRoutes<{ tradeOrders: TradeOrdersService; idempotency: IdempotencyStore }>((app, { tradeOrders, idempotency }) => {
  const idempotent = idempotentRoute(idempotency);

  app.post(
    '/api/v1/orders',
    {
      schema: {
        summary: 'Place an order',
        description:
          'Needs an `Idempotency-Key` header: a retry with the same key and body within 24 hours is answered the first answer (status and body); the same key with another body is a 422, and a retry while the first is still being answered a 409. The order awaits its artwork (by `artwork_url`, or `PUT …/artwork` later) and confirms itself on account once every item’s artwork has passed its check (or has warnings, with `accept_warnings`). A duplicate `external_ref` is a 409 naming the existing order in `order_id`.',
        headers: tradeOrderCreateHeadersSchema,
        body: tradeOrderCreateSchema,
        response: { 201: tradeOrderSchema },
      },
      // The answer is kept and replayed byte for byte: it is sent as written, not compressed on the way.
      compress: false,
      preValidation: idempotent.preValidation,
      preHandler: idempotent.preHandler,
      onSend: idempotent.onSend,
    },
    async (request, reply) => reply.code(201).send(await tradeOrders.create(tradeCaller(request), request.body)),
  );

  app.get(
    '/api/v1/orders',
    {
      schema: {
        summary: 'List orders',
        description:
          'Newest first, `limit` (1–100, default 25) at a time; pass `next_cursor` as `after` for the next page. Filter by `external_ref` or `status`.',
        querystring: tradeOrderListQuerySchema,
        response: { 200: tradeOrderListSchema },
      },
    },
    async (request) => tradeOrders.list(tradeCaller(request), request.query),
  );

  app.get('/api/v1/orders/:id', { schema: { summary: 'An order', params: orderParams, response: { 200: tradeOrderSchema } } }, async (request) =>
    tradeOrders.get(tradeCaller(request), request.params.id),
  );

  app.post(
    '/api/v1/orders/:id/cancel',
    {
      schema: {
        summary: 'Cancel an order',
        description:
          'A confirmed order can be cancelled until it is printing (or while on hold). An order still awaiting its artwork is discarded: it answers `cancelled` once, and is not found afterwards.',
        params: orderParams,
        response: { 200: tradeOrderSchema },
      },
    },
    async (request) => tradeOrders.cancel(tradeCaller(request), request.params.id),
  );

  // Multipart: the file is streamed to the store by the artwork service, never parsed whole.
  app.put(
    '/api/v1/orders/:id/items/:itemId/artwork',
    {
      schema: {
        summary: 'Give an item its artwork',
        description:
          'Upload the PDF (`multipart/form-data`, field `file`) or give its URL (`{"artwork_url": "https://…"}`). The artwork is checked again; the order confirms itself once every item passes.',
        params: itemParams,
        documentedBody: artworkBody,
        response: { 200: tradeOrderSchema },
      },
    },
    async (request) => {
      const caller = tradeCaller(request);
      const { id, itemId } = request.params;
      if (!request.isMultipart()) {
        const parsed = tradeArtworkUrlSchema.safeParse(request.body ?? {});
        if (!parsed.success) throw new RequestValidationError(parsed.error.issues, 'body');
        return tradeOrders.fetchArtwork(caller, id, itemId, parsed.data.artwork_url);
      }
      const file = await artworkPart(request);
      try {
        return await tradeOrders.uploadArtwork(caller, id, itemId, file);
      } finally {
        // Refused before it was read: the rest of the body is read and dropped, so the connection stays usable.
        file.stream.resume();
      }
    },
  );

  app.post(
    '/api/v1/test/orders/:id/advance',
    {
      schema: {
        summary: 'Sandbox: move a test order along',
        description:
          'Test keys only (a live key is told 403). Moves a confirmed test order to `printing`, `problem` (with `problem_text`) or `dispatched` (through printing, with a sample tracking number), as the printer would.',
        params: orderParams,
        body: tradeOrderAdvanceSchema,
        response: { 200: tradeOrderSchema },
      },
    },
    async (request) => {
      const caller = tradeCaller(request);
      if (caller.mode !== 'test') throw new NotAllowed('The sandbox moves test orders only: use a pjt_test_ key.');
      return tradeOrders.advance(caller, request.params.id, request.body.to, request.body.problem_text);
    },
  );
});

export default tradeOrderRoutes;
