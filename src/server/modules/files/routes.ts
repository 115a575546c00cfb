import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/domain-errors';
import { logoKey } from '../users/service';
import { fileAnswer, type ZodTypeProvider } from '../../lib/zod';
import { anyone } from '../../lib/openapi';

const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;
const LOGO_NAME = /^[A-Za-z0-9_-]{16,64}\.(png|jpg)$/;

/**
 * Company logos, at the address GET /api/user and the staff area link to. An <img> cannot send the
 * Bearer header, so the address itself is the credential: a random 192-bit name, new on every
 * replacement (which is also why it may be cached for good). Only a file a live account names is
 * served: a replaced logo is gone, and a deleted user's logo is answered 404.
 */
const filesRoutes: FastifyPluginAsync<Pick<AppDeps, 'files' | 'users'>> = async (fastify, { files, users }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/files/logos/:name',
    { schema: { security: anyone, params: z.object({ name: z.string().max(80) }), response: { 200: fileAnswer('image/png', 'image/jpeg') } } },
    async (request, reply) => {
      const match = LOGO_NAME.exec(request.params.name);
      const file = match && (await users.logoInUse(request.params.name)) ? await files.stream(logoKey(request.params.name)) : null;
      if (!match || !file) throw notFound('No such file.');
      return reply
        .type(CONTENT_TYPES[match[1] as keyof typeof CONTENT_TYPES])
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(file.body);
    },
  );
};

export default filesRoutes;
