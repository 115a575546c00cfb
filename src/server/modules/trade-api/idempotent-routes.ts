import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { idempotencyKeySchema } from '../../../shared/api/orders';
import { Malformed } from '../../lib/domain-errors';
import { tradeCaller } from '../../lib/trade-api';
import { requestFingerprint, type IdempotencyScope, type IdempotencyStore } from './idempotency';

/** What a request holding an Idempotency-Key remembers between its hooks. */
interface Claim {
  scope: IdempotencyScope;
  key: string;
  /** The first answer, being replayed: nothing is recorded of it again. */
  replay: boolean;
}

const claims = new WeakMap<FastifyRequest, Claim>();

/**
 * The hooks that make a trade API route idempotent by its `Idempotency-Key` header: `preValidation`
 * refuses a missing or malformed key (400) before the body is judged — a request without a good key
 * is refused as such whatever its body, as the route's header schema (which documents it) would
 * only after the body; `preHandler` takes the key — or answers a retry with the first answer, or refuses with the 422 or
 * 409 — once the body has been validated, and `onSend` records the answer as it is sent, byte for
 * byte. An answer of ours that failed (5xx) lets the key go, so that a retry is answered afresh.
 */
export function idempotentRoute(store: IdempotencyStore): {
  preValidation: preValidationAsyncHookHandler;
  preHandler: preHandlerAsyncHookHandler;
  onSend: onSendHookHandler;
} {
  return {
    async preValidation(request: FastifyRequest) {
      const checked = idempotencyKeySchema.safeParse(request.headers['idempotency-key']);
      if (!checked.success) {
        const message = checked.error.issues[0]?.message ?? 'An Idempotency-Key header is required';
        throw new Malformed(message, { idempotency_key: message });
      }
    },
    async preHandler(request: FastifyRequest, reply: FastifyReply) {
      const caller = tradeCaller(request);
      const key = request.headers['idempotency-key'] as string;
      const scope = { userId: caller.user.id, test: caller.mode === 'test' };
      const path = request.url.split('?')[0];
      const stored = await store.claim(scope, key, requestFingerprint(request.method, path, request.body ?? null));
      claims.set(request, { scope, key, replay: stored !== null });
      if (stored) {
        reply.header('idempotent-replayed', 'true');
        return reply.code(stored.status).type(stored.type).send(stored.body);
      }
    },
    async onSend(request, reply, payload) {
      const claim = claims.get(request);
      if (!claim || claim.replay) return payload;
      claims.delete(request);
      if (reply.statusCode >= 500) await store.release(claim.scope, claim.key);
      else {
        const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
        await store.record(claim.scope, claim.key, { status: reply.statusCode, type: String(reply.getHeader('content-type') ?? 'application/json'), body });
      }
      return payload;
    },
  };
}
