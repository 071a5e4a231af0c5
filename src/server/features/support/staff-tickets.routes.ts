import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffTicketDetailSchema,
  staffTicketSummarySchema,
  ticketListQuerySchema,
  ticketReplySchema,
  ticketStatusUpdateSchema,
} from '../../../shared/schemas/support';
import { requireUser } from '../auth';
import { getTicketForStaff, listAllTickets, replyAsStaff, setTicketStatus } from './staff-tickets.service';
import { ticketParams, writeLimit } from './ticket-route-options';
import type { SupportDeps } from './support.service';

const tags = ['admin'];

/** The staff queue: every ticket, guest tickets from the contact form included. Support or admin only. */
export function staffTicketRoutes(deps: SupportDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tickets',
      {
        config: { permission: 'tickets.read' },
        schema: {
          tags,
          summary: 'Every ticket: customers with priority support first, then most recently updated first',
          querystring: ticketListQuerySchema,
          response: { 200: z.array(staffTicketSummarySchema) },
        },
      },
      async (request) => listAllTickets(deps, request.query),
    );

    app.get(
      '/tickets/:id',
      {
        config: { permission: 'tickets.read' },
        schema: { tags, summary: 'A ticket with its thread and requester', params: ticketParams, response: { 200: staffTicketDetailSchema } },
      },
      async (request) => getTicketForStaff(deps, request.params.id),
    );

    app.post(
      '/tickets/:id/replies',
      {
        config: { permission: 'tickets.write', ...writeLimit },
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
        config: { permission: 'tickets.write' },
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
