import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvitationResponseSchema,
  acceptInvitationSchema,
  invitationPreviewSchema,
  invitationTokenParams,
} from '../../../../shared/schemas/admin/staff';
import type { AdminDeps } from '../admin-deps';
import { acceptInvitation, previewInvitation } from './invitation-acceptance.service';
import { createInvitationLimits } from './invitation-limits';

const tags = ['auth'];

/**
 * /api/auth/invitations: the invitee's side, public (the emailed token is the credential).
 * Registered without the /admin prefix, so the staff guard does not apply.
 */
export function invitationRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const limits = createInvitationLimits(deps.rateLimiter, deps.config.AUTH_IP_LIMIT_SCALE);
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/auth/invitations/:token',
      {
        schema: {
          tags,
          summary: 'What a staff invitation link is for, and whether it still works',
          params: invitationTokenParams,
          response: { 200: invitationPreviewSchema },
        },
      },
      async (request) => {
        await limits.check('preview', request.ip, request.params.token);
        return previewInvitation(deps, request.params.token);
      },
    );

    app.post(
      '/auth/invitations/accept',
      {
        schema: {
          tags,
          summary: 'Accept a staff invitation: set the password and take the invited role',
          body: acceptInvitationSchema,
          response: { 200: acceptInvitationResponseSchema },
        },
      },
      async (request) => {
        await limits.check('accept', request.ip, request.body.token);
        return acceptInvitation(deps, request.body, request.ip ?? null);
      },
    );
  };
}
