import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { settingNameSchema } from '../../../shared/api/settings';
import type { AppDeps } from '../../deps';
import type { ZodTypeProvider } from '../../lib/zod';

const settingsRoutes: FastifyPluginAsync<AppDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/settings/:name', { schema: { params: z.object({ name: settingNameSchema }) } }, async (request) =>
    deps.settings.readAs(request.params.name, request.auth?.user ?? null),
  );
};

export default settingsRoutes;
