import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeyListSchema, apiKeySchema } from '../../../shared/api/trade-api';
import { billingOwnersOnly, signedInOnly } from '../../lib/auth';
import { NotAllowed } from '../../lib/domain-errors';
import type { ZodTypeProvider } from '../../lib/zod';
import { customerOf } from '../orders/routes';
import type { ApiKeysService } from './keys';

const keyParams = z.object({ id: idParam('No such API key.') });

/** Why an account that pays by card may not have keys: an API order cannot stop to take a card. */
export const CARD_TERMS_REFUSAL =
  'The trade API places orders on account, so it needs a credit account: yours pays by card before each order. Contact us to open a credit account.';

/**
 * The company's trade API keys at /account/api (DESIGN §3 "Trade API keys and webhooks"): listed,
 * made (the key itself is in that answer only) and revoked, by its owners (a buyer or viewer is told
 * 403 why). Another company's key is 404.
 */
const apiKeyRoutes: FastifyPluginAsync<{ apiKeys: ApiKeysService }> = async (fastify, { apiKeys }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', signedInOnly);
  app.addHook('onRequest', billingOwnersOnly);

  app.get(
    '/api/account/api-keys',
    {
      schema: {
        summary: 'Your trade API keys',
        description: 'Live keys first, then newest first; revoked keys stay listed. Never the key itself: only its first characters (`key_start`).',
        response: { 200: apiKeyListSchema },
      },
    },
    async (request) => apiKeys.list(customerOf(request).companyId),
  );

  app.post(
    '/api/account/api-keys',
    {
      schema: {
        summary: 'Make a trade API key',
        description:
          'A `live` key places real orders; a `test` key works on the sandbox. The answer holds the key itself (`key`), once: only its hash is kept. A company paying by card before each order is refused 403: the API needs a credit account. Owners only.',
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema },
      },
    },
    async (request, reply) => {
      const user = customerOf(request);
      // Read afresh, not from the session's cached user: a change of terms by staff holds at once.
      if ((await apiKeys.paymentTerms(user.companyId)) === 'card') throw new NotAllowed(CARD_TERMS_REFUSAL);
      return reply.code(201).send(await apiKeys.create(user.id, request.body));
    },
  );

  app.delete(
    '/api/account/api-keys/:id',
    {
      schema: {
        summary: 'Revoke a trade API key',
        description: 'The key stops working at once (401 on its next request); it stays listed as revoked. Revoking it again changes nothing.',
        params: keyParams,
        response: { 200: apiKeySchema },
      },
    },
    async (request) => apiKeys.revoke(customerOf(request).companyId, request.params.id),
  );
};

export default apiKeyRoutes;
