import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import {
  acceptInvitationSchema,
  companyInvitationSchema,
  companyMemberSchema,
  companyMembersSchema,
  invitationAcceptedSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
  inviteMemberSchema,
  updateMemberSchema,
} from '../../../shared/api/company-members';
import { ownersOnly, signedInOnly } from '../../lib/auth';
import { anyone, anyoneOrSignedIn } from '../../lib/openapi';
import { byIp, limited } from '../../lib/rate-limit';
import type { ZodTypeProvider } from '../../lib/zod';
import type { AppDeps } from '../../deps';
import { customerOf } from '../orders/routes';
import type { CompanyMembersService } from './members';

const memberParams = z.object({ id: idParam('No such member of your company.') });
const invitationParams = z.object({ id: idParam('No such invitation.') });
const tokenParams = z.object({ token: invitationTokenSchema });

/**
 * The company's members and invitations (DESIGN §3 "Companies"): every member reads the list;
 * owners invite, change, remove and withdraw. Another company's member or invitation is 404.
 * The invitation link's two calls are open to visitors: the link's token is the credential.
 */
const companyMemberRoutes: FastifyPluginAsync<Pick<AppDeps, 'config'> & { members: CompanyMembersService }> = async (fastify, { config, members }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Guessing tokens is bounded like guessing reset links.
  const linkLimit = { preHandler: limited(fastify, { rule: config.rateLimits.passwordReset, name: 'invitation-link', key: byIp }) };

  app.get(
    '/api/company/members',
    {
      onRequest: signedInOnly,
      schema: {
        summary: 'Your company’s members',
        description: 'Every member with their role and approval limit; owners also get the open invitations.',
        response: { 200: companyMembersSchema },
      },
    },
    async (request) => members.list(customerOf(request)),
  );

  app.post(
    '/api/company/members',
    {
      onRequest: ownersOnly,
      schema: {
        summary: 'Invite a colleague',
        description:
          'E-mails a single-use link that works for 7 days. Inviting an address again renews its invitation (a new link); an existing member is refused 422 on `email`.',
        body: inviteMemberSchema,
        response: { 201: companyInvitationSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await members.invite(customerOf(request), request.body)),
  );

  app.delete(
    '/api/company/invitations/:id',
    {
      onRequest: ownersOnly,
      schema: { summary: 'Withdraw an invitation', params: invitationParams, response: { 200: companyInvitationSchema } },
    },
    async (request) => members.withdraw(customerOf(request), request.params.id),
  );

  app.patch(
    '/api/company/members/:id',
    {
      onRequest: ownersOnly,
      schema: {
        summary: 'Change a member’s role or approval limit',
        description: 'The last owner cannot stop being one (422 on `role`). A stale `version` answers 409.',
        params: memberParams,
        body: updateMemberSchema,
        response: { 200: companyMemberSchema },
      },
    },
    async (request) => members.update(customerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/company/members/:id',
    {
      onRequest: ownersOnly,
      schema: {
        summary: 'Remove a member',
        description:
          'Their sessions end and their account becomes a company of its own; their orders stay with yours, and their unconfirmed baskets go with them (one waiting for approval stops waiting). The last owner is refused 422.',
        params: memberParams,
        response: { 200: z.object({ id: z.number() }) },
      },
    },
    async (request) => members.remove(customerOf(request), request.params.id),
  );

  app.get(
    '/api/invitations/:token',
    {
      schema: {
        security: anyone,
        summary: 'What an invitation link invites to',
        description: 'The company, who invited, the address and the role. A used, withdrawn or expired link answers 410 saying which.',
        params: tokenParams,
        response: { 200: invitationPreviewSchema },
      },
      ...linkLimit,
    },
    async (request) => members.preview(request.params.token),
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      schema: {
        security: anyoneOrSignedIn,
        summary: 'Accept an invitation',
        description:
          'A visitor sends `firstname`, `lastname`, `password` and `password_confirmation`: a new account in the company, signed in (the answer’s `token`). A signed-in customer whose account has no orders of its own sends nothing: the account moves into the company (`token` null).',
        params: tokenParams,
        body: acceptInvitationSchema,
        response: { 200: invitationAcceptedSchema },
      },
      ...linkLimit,
    },
    async (request) => {
      const accepted = await members.accept(request.params.token, request.body, request.auth?.user ?? null, request.headers['user-agent'] ?? '');
      return { token: accepted.token, company_name: accepted.companyName };
    },
  );
};

export default companyMemberRoutes;
