import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';

/** Answers once migrations ran (the app is only built after them) and the database answers. */
const healthRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  app.get('/api/health', async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok' };
  });
};

export default healthRoutes;
