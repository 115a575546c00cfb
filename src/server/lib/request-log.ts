import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line per request (DESIGN §1), written when the answer has gone: Fastify's
 * "incoming request" line is dropped and its "request completed" line carries the request too.
 * The request goes in as `req`, so the logger's `req` serializer decides what of the address is
 * written (tokens in a path are redacted there); `route` is the route's pattern, never the values
 * in it. Fastify's own error lines (default error handler, stream errors) are left as they are.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // An app built without a logger (buildApp's `logger: false`) would build the line for nothing.
    if (this.isLogDisabled(request)) return;
    const line = { req: request, route: request.routeOptions.url, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
