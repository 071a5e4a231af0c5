import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffIdParams,
  staffInviteResponseSchema,
  staffInviteSchema,
  staffListSchema,
  staffMemberSchema,
  staffRemoveSchema,
  staffRoleChangeSchema,
} from '../../../../shared/schemas/admin/staff';
import type { AdminDeps } from '../admin-deps';
import { actorOf } from '../../auth';
import { changeStaffRole, inviteStaff, listStaff, removeStaff, resendInvitation, revokeInvitation } from './staff.service';

const tags = ['admin'];
const ok = z.object({ ok: z.literal(true) });
const writeLimit = { rateLimit: { max: 60, timeWindow: '10 minutes' } };

/** /api/admin/staff: staff accounts, invitations, role changes and removal. Admins only. */
export function staffAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff',
      {
        config: { permission: 'staff.manage' },
        schema: { tags, summary: 'Staff accounts and open invitations', response: { 200: staffListSchema } },
      },
      async () => listStaff(deps),
    );

    app.post(
      '/staff/invitations',
      {
        config: { permission: 'staff.manage', ...writeLimit },
        schema: {
          tags,
          summary: 'Invite a person to the staff by email, with a role; the link is valid 7 days',
          body: staffInviteSchema,
          response: { 201: staffInviteResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await inviteStaff(deps, actorOf(request), request.body)),
    );

    app.post(
      '/staff/invitations/:id/resend',
      {
        config: { permission: 'staff.manage', ...writeLimit },
        schema: {
          tags,
          summary: 'Email a new link for an open invitation (the old link stops working)',
          params: staffIdParams,
          response: { 200: staffInviteResponseSchema },
        },
      },
      async (request) => resendInvitation(deps, actorOf(request), request.params.id),
    );

    app.delete(
      '/staff/invitations/:id',
      {
        config: { permission: 'staff.manage' },
        schema: { tags, summary: 'Revoke an open invitation', params: staffIdParams, response: { 200: ok } },
      },
      async (request) => {
        await revokeInvitation(deps, actorOf(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.patch(
      '/staff/:id',
      {
        config: { permission: 'staff.manage' },
        schema: {
          tags,
          summary: "Change a staff member's role; the last admin cannot be demoted",
          params: staffIdParams,
          body: staffRoleChangeSchema,
          response: { 200: staffMemberSchema },
        },
      },
      async (request) => changeStaffRole(deps, actorOf(request), request.params.id, request.body, request.authSession?.id),
    );

    app.delete(
      '/staff/:id',
      {
        config: { permission: 'staff.manage' },
        schema: {
          tags,
          summary: 'Remove staff access (the account becomes a customer and is signed out everywhere)',
          params: staffIdParams,
          body: staffRemoveSchema,
          response: { 200: ok },
        },
      },
      async (request) => {
        await removeStaff(deps, actorOf(request), request.params.id, request.body);
        return { ok: true as const };
      },
    );
  };
}
