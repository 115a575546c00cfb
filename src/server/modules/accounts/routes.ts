import type { FastifyPluginAsync } from 'fastify';
import {
  changePasswordSchema,
  loginSchema,
  passwordEmailSchema,
  passwordResetSchema,
  profileSchema,
  registerSchema,
} from '../../../shared/api/accounts';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { bodyEmail, limitedBy } from '../../lib/rate-limit';
import type { ZodTypeProvider } from '../../lib/zod';
import { presentUser } from './present';
import { accountsService } from './service';
import { passwordResetService } from './password-resets';

const RESET_SENT = 'If an account uses that address, we have e-mailed it a link to reset the password. The link works for 60 minutes.';

const accountsRoutes: FastifyPluginAsync<AppDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { rateLimits } = deps.config;
  const accounts = accountsService({ ...deps, appUrl: deps.config.appUrl, appName: deps.config.appName });
  const resets = passwordResetService({ db: deps.db, accounts, mailer: deps.mailer, appUrl: deps.config.appUrl, appName: deps.config.appName });
  const agent = (ua: string | undefined) => ua ?? '';

  app.post('/api/register', { schema: { body: registerSchema }, config: limitedBy(rateLimits.register, 'register') }, async (request, reply) => {
    const { token } = await accounts.register(request.body, agent(request.headers['user-agent']));
    return reply.status(201).send({ token });
  });

  app.post('/api/login', { schema: { body: loginSchema }, config: limitedBy(rateLimits.login, 'login', bodyEmail) }, async (request) => {
    const token = await accounts.login(request.body, agent(request.headers['user-agent']));
    return { token };
  });

  app.post('/api/logout', async (request, reply) => {
    if (request.auth) await deps.sessions.end(request.auth.sessionId);
    return reply.status(204).send();
  });

  app.get('/api/user', async (request) => presentUser(requireUser(request).user));

  app.patch('/api/user', { schema: { body: profileSchema } }, async (request) => {
    const { user } = requireUser(request);
    return presentUser(await accounts.updateProfile(user, request.body));
  });

  app.patch('/api/user/password', { schema: { body: changePasswordSchema } }, async (request) => {
    const { user, sessionId } = requireUser(request);
    await accounts.changePassword(user, sessionId, request.body);
    return { message: 'Your password has been changed. Other devices have been signed out.' };
  });

  app.post(
    '/api/password/email',
    { schema: { body: passwordEmailSchema }, config: limitedBy(rateLimits.passwordEmail, 'password-email', bodyEmail) },
    async (request) => {
      await resets.request(request.body.email);
      return { message: RESET_SENT };
    },
  );

  app.post('/api/password/reset', { schema: { body: passwordResetSchema }, config: limitedBy(rateLimits.passwordReset, 'password-reset') }, async (request) => {
    await resets.reset(request.body.token, request.body.password);
    return { message: 'Your password has been reset. Please sign in with the new password.' };
  });
};

export default accountsRoutes;
