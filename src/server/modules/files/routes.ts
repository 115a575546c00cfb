import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { appFileStore } from '../../lib/files';
import type { ZodTypeProvider } from '../../lib/zod';

const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;
const LOGO_NAME = /^[A-Za-z0-9_-]{16,64}\.(png|jpg)$/;

/**
 * Company logos, at the address GET /api/user and the staff area link to. An <img> cannot send the
 * Bearer header, so the address itself is the credential: a random 192-bit name, new on every
 * replacement (which is also why it may be cached for good).
 */
const filesRoutes: FastifyPluginAsync<AppDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const files = appFileStore(deps.config);

  app.get('/api/files/logos/:name', { schema: { params: z.object({ name: z.string().max(80) }) } }, async (request, reply) => {
    const match = LOGO_NAME.exec(request.params.name);
    const file = match ? await files.stream(`logos/${request.params.name}`) : null;
    if (!match || !file) throw notFound('No such file.');
    return reply
      .type(CONTENT_TYPES[match[1] as keyof typeof CONTENT_TYPES])
      .header('content-length', file.size)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(file.body);
  });
};

export default filesRoutes;
