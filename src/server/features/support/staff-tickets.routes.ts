import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffTicketDetailSchema,
  staffTicketSummarySchema,
  ticketListQuerySchema,
  ticketReplySchema,
  ticketStatusUpdateSchema,
} from '../../../shared/schemas/support';
import { requireUser, withRole } from '../auth/auth.guard';
import { getTicketForStaff, listAllTickets, replyAsStaff, setTicketStatus } from './staff-tickets.service';
import { ticketParams, writeLimit } from './ticket-route-options';
import type { SupportDeps } from './support.service';

const tags = ['admin'];
const staffOnly = withRole(['admin', 'support']);

/** The staff queue: every ticket, guest tickets from the contact form included. Support or admin only. */
export function staffTicketRoutes(deps: SupportDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tickets',
      {
        onRequest: staffOnly,
        schema: {
          tags,
          summary: 'Every ticket, most recently updated first',
          querystring: ticketListQuerySchema,
          response: { 200: z.array(staffTicketSummarySchema) },
        },
      },
      async (request) => listAllTickets(deps, request.query),
    );

    app.get(
      '/tickets/:id',
      {
        onRequest: staffOnly,
        schema: { tags, summary: 'A ticket with its thread and requester', params: ticketParams, response: { 200: staffTicketDetailSchema } },
      },
      async (request) => getTicketForStaff(deps, request.params.id),
    );

    app.post(
      '/tickets/:id/replies',
      {
        onRequest: staffOnly,
        config: writeLimit,
        schema: {
          tags,
          summary: 'Reply as staff; the ticket becomes pending and the customer is emailed',
          params: ticketParams,
          body: ticketReplySchema,
          response: { 201: staffTicketDetailSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await replyAsStaff(deps, requireUser(request), request.params.id, request.body.body)),
    );

    app.patch(
      '/tickets/:id',
      {
        onRequest: staffOnly,
        schema: {
          tags,
          summary: 'Change the status of a ticket',
          params: ticketParams,
          body: ticketStatusUpdateSchema,
          response: { 200: staffTicketDetailSchema },
        },
      },
      async (request) => setTicketStatus(deps, request.params.id, request.body.status),
    );
  };
}
