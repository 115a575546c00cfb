import path from 'node:path';
import secureJson from 'secure-json-parse';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AppDeps } from './deps';
import { resolveAppKey } from './lib/app-key';
import { registerAuth } from './lib/auth';
import { registerErrorHandling } from './lib/errors';
import { createMailer, type Mailer } from './lib/mail';
import { setMaxConcurrentHashes } from './lib/passwords';
import { registerRateLimiting } from './lib/rate-limit';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerSpa } from './lib/spa';
import { registerXsrf } from './lib/xsrf';
import { registerZodValidation } from './lib/zod';
import accountsRoutes from './modules/accounts/routes';
import { sessionStore } from './modules/accounts/sessions';
import countriesRoutes from './modules/countries/routes';
import healthRoutes from './modules/health/routes';
import oauthRoutes from './modules/oauth/routes';
import catalogueAdminRoutes from './modules/catalogue/admin';
import pricesRoutes from './modules/prices/routes';
import settingsRoutes from './modules/settings/routes';
import { settingsService } from './modules/settings/service';
import countriesAdmin from './modules/countries/admin';
import filesRoutes from './modules/files/routes';
import settingsAdmin from './modules/settings/admin';
import usersAdmin from './modules/users/admin';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Where the built SPA lives; null serves the API only. Default: ./dist */
  distDir?: string | null;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

/** The whole HTTP application on an open, migrated database. Tests drive it with inject() and real HTTP. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.logLevel,
      // Tokens travel in headers; never write them to the log.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
  });

  setMaxConcurrentHashes(config.maxConcurrentHashes);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    mailer,
    sessions: sessionStore(database.db),
    settings: settingsService(database.db),
    appKey: resolveAppKey(config.appKey, config.dataDir),
  };
  app.decorate('deps', deps);

  registerErrorHandling(app);
  registerZodValidation(app);
  // react-admin's DELETE sends `Content-Type: application/json` with no body: treat an empty body as none.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    try {
      // secure-json-parse, as Fastify's own parser: refuses __proto__ and constructor.prototype keys.
      done(null, secureJson.parse(body as string, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      const err = Object.assign(new Error('Invalid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
      done(err, undefined);
    }
  });
  registerSecurityHeaders(app, { hsts: config.appUrl.startsWith('https://') });
  registerXsrf(app, { key: deps.appKey, secure: config.appUrl.startsWith('https://') });
  registerAuth(app, (token) => deps.sessions.resolve(token));
  await registerRateLimiting(app);

  await app.register(healthRoutes, deps);
  await app.register(accountsRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(countriesRoutes, deps);
  await app.register(oauthRoutes, deps);
  await app.register(filesRoutes, deps);
  await app.register(usersAdmin, deps);
  await app.register(settingsAdmin, deps);
  await app.register(countriesAdmin, deps);
  await app.register(pricesRoutes, deps);
  await app.register(catalogueAdminRoutes, deps);

  await registerSpa(app, opts.distDir === undefined ? path.resolve('dist') : opts.distDir);
  app.addHook('onClose', async () => mailer.idle());
  return app as unknown as FastifyInstance;
}
