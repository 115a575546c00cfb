import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  changePasswordSchema,
  loginSchema,
  messageSchema,
  passwordEmailSchema,
  passwordResetSchema,
  profileSchema,
  registerSchema,
  registrationInfoSchema,
  tokenResponseSchema,
  userSchema,
  type User,
} from '../../../shared/api/accounts';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../lib/auth';
import { bodyEmail, byIp, byIpAndEmail, byUser, limited, oneAtATime, type Limit } from '../../lib/rate-limit';
import type { ZodTypeProvider } from '../../lib/zod';
import { presentUser } from './present';
import { anyone, anyoneOrSignedIn } from '../../lib/openapi';

const RESET_SENT = 'If an account uses that address, we have e-mailed it a link to reset the password. The link works for 60 minutes.';

const accountsRoutes: FastifyPluginAsync<Pick<AppDeps, 'config' | 'accounts' | 'resets' | 'sessions'>> = async (
  fastify,
  { config, accounts, resets, sessions },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { rateLimits } = config;
  const token = { 200: tokenResponseSchema };
  const message = { 200: messageSchema };
  const agent = (ua: string | undefined) => ua ?? '';
  const limit = (...limits: Limit[]) => ({ preHandler: limited(fastify, ...limits) });
  /** Attempts at the current password: the password change, and the e-mail change (only when the address changes). */
  const currentPassword = (when: (request: FastifyRequest) => boolean = () => true): Limit => ({
    rule: rateLimits.currentPassword,
    name: 'current-password',
    key: (request) => (when(request) ? byUser(request) : null),
  });

  // What the registration page says about checks: only whether new accounts wait for approval,
  // not the role they get (REGISTRATION_ROLE itself is for staff).
  app.get('/api/register', { schema: { security: anyone, response: { 200: registrationInfoSchema } } }, async () => {
    return { approval_required: await accounts.approvalRequired() };
  });

  app.post(
    '/api/register',
    {
      schema: { security: anyone, body: registerSchema, response: { 201: tokenResponseSchema } },
      ...limit({ rule: rateLimits.register, name: 'register', key: byIp }),
    },
    async (request, reply) => {
      const session = await accounts.register(request.body, agent(request.headers['user-agent']));
      return reply.status(201).send({ token: session.token });
    },
  );

  // Three limits, each counting every attempt: one address on one account, one address on any
  // accounts (so it cannot keep the password hashes busy), and one account from any addresses.
  const counted = limited(
    fastify,
    { rule: rateLimits.login, name: 'login', key: byIpAndEmail },
    { rule: rateLimits.loginPerIp, name: 'login-ip', key: byIp },
    { rule: rateLimits.loginPerAccount, name: 'login-account', key: bodyEmail },
  );
  // …and one check at a time per address, so a burst from one client cannot fill the hash queue.
  const oneCheck = oneAtATime(byIp);
  const login = { preHandler: [counted, oneCheck.preHandler], onResponse: oneCheck.onResponse, onRequestAbort: oneCheck.onRequestAbort };
  app.post('/api/login', { schema: { security: anyone, body: loginSchema, response: token }, ...login }, async (request) => {
    return { token: await accounts.login(request.body, agent(request.headers['user-agent'])) };
  });

  app.post('/api/logout', { schema: { security: anyoneOrSignedIn, response: { 204: z.undefined() } } }, async (request, reply) => {
    if (request.auth) await sessions.end(request.auth.sessionId);
    return reply.status(204).send();
  });

  // Not async: the answer is at hand (the auth hook found the session), so no promise per call. The
  // user row of a cached session is one object for that second: it is presented once.
  const presented = new WeakMap<UserRow, User>();
  app.get('/api/user', { schema: { response: { 200: userSchema } } }, (request) => {
    const { user, company } = requireUser(request);
    let answer = presented.get(user);
    if (!answer) presented.set(user, (answer = presentUser(user, company)));
    return answer;
  });

  const changesEmail = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return !!request.auth && typeof email === 'string' && email.toLowerCase() !== request.auth.user.email.toLowerCase();
  };
  app.patch(
    '/api/user',
    { onRequest: signedInOnly, schema: { body: profileSchema, response: { 200: userSchema } }, ...limit(currentPassword(changesEmail)) },
    async (request) => {
      const { user } = requireUser(request);
      const saved = await accounts.updateProfile(user, request.body);
      return presentUser(saved.user, saved.company);
    },
  );

  app.patch(
    '/api/user/password',
    { onRequest: signedInOnly, schema: { body: changePasswordSchema, response: message }, ...limit(currentPassword()) },
    async (request) => {
      const { user, sessionId } = requireUser(request);
      await accounts.changePassword(user, sessionId, request.body);
      return { message: 'Your password has been changed. Other devices have been signed out.' };
    },
  );

  app.post(
    '/api/password/email',
    {
      schema: { security: anyone, body: passwordEmailSchema, response: message },
      // Per client and address, and per address from anywhere: counted alike for known and unknown
      // addresses, so that neither the answer nor the limit tells which have accounts.
      ...limit(
        { rule: rateLimits.passwordEmail, name: 'password-email', key: byIpAndEmail },
        { rule: rateLimits.passwordEmailPerAddress, name: 'password-email-address', key: bodyEmail },
      ),
    },
    async (request) => {
      await resets.request(request.body.email);
      return { message: RESET_SENT };
    },
  );

  // The reset page asks first, so an expired or used link says so before the customer types a password.
  const tokenParams = z.object({ token: passwordResetSchema.shape.token });
  app.get(
    '/api/password/reset/:token',
    {
      schema: { security: anyone, params: tokenParams, response: { 200: z.object({ valid: z.literal(true) }) } },
      ...limit({ rule: rateLimits.passwordReset, name: 'password-reset-check', key: byIp }),
    },
    async (request) => {
      await resets.check(request.params.token);
      return { valid: true as const };
    },
  );

  app.post(
    '/api/password/reset',
    {
      schema: { security: anyone, body: passwordResetSchema, response: message },
      ...limit({ rule: rateLimits.passwordReset, name: 'password-reset', key: byIp }),
    },
    async (request) => {
      await resets.reset(request.body.token, request.body.password);
      return { message: 'Your password has been reset. Please sign in with the new password.' };
    },
  );
};

export default accountsRoutes;
