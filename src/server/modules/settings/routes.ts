import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { settingNameSchema, settingSchema } from '../../../shared/api/settings';
import type { AppDeps } from '../../deps';
import type { ZodTypeProvider } from '../../lib/zod';
import { anyone } from '../../lib/openapi';

const settingsRoutes: FastifyPluginAsync<Pick<AppDeps, 'settings'>> = async (fastify, { settings }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/settings/:name',
    { schema: { security: anyone, params: z.object({ name: settingNameSchema }), response: { 200: settingSchema } } },
    async (request) => settings.readAs(request.params.name, request.auth?.user ?? null),
  );
};

export default settingsRoutes;
