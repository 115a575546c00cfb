import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/domain-errors';
import { stripeSigned } from '../../lib/openapi';
import type { ZodTypeProvider } from '../../lib/zod';

/**
 * `POST /api/payments/stripe/webhook` (DESIGN §3 Payments): Stripe's signed events. No session and no
 * XSRF: the `Stripe-Signature` header over the exact bytes sent is the credential, so the body is
 * kept raw here (parsed JSON would not be those bytes) and checked by the stripe library. Any 2xx
 * tells Stripe to stop sending the event; a 400 (bad signature) or 5xx makes it try again later.
 */
const paymentsRoutes: FastifyPluginAsync<Pick<AppDeps, 'payments'>> = async (fastify, { payments }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // This plugin's own parsers: every body as the bytes received.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/payments/stripe/webhook',
    {
      config: { signedElsewhere: true },
      schema: {
        security: stripeSigned,
        summary:
          "Stripe's events (checkout.session.completed, checkout.session.expired), signed in the Stripe-Signature header; 400 when the signature is missing or wrong",
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      if (!payments.enabled) throw notFound();
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      await payments.receive(body, typeof signature === 'string' ? signature : undefined);
      return { received: true as const };
    },
  );
};

export default paymentsRoutes;
