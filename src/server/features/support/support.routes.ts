import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactSchema,
  ticketDetailSchema,
  ticketFormSchema,
  ticketListQuerySchema,
  ticketReplySchema,
  ticketSummarySchema,
} from '../../../shared/schemas/support';
import { requestLocale } from '../../lib/request-locale';
import { requireUser, signedIn } from '../auth';
import { staffTicketRoutes } from './staff-tickets.routes';
import { ticketParams, writeLimit } from './ticket-route-options';
import {
  createTicket,
  getOwnTicket,
  listOwnTickets,
  replyAsCustomer,
  resolveOwnTicket,
  submitContact,
  type SupportDeps,
} from './support.service';

const tags = ['support'];

/** The customer's own tickets, the public contact form, and (under /admin) the staff queue. */
export function supportRoutes(deps: Omit<SupportDeps, 'log'>): FastifyPluginAsyncZod {
  return async (app) => {
    const d: SupportDeps = { ...deps, log: app.log };
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/contact',
      {
        config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
        schema: { tags, summary: 'The public contact form; stored as a guest ticket', body: contactSchema },
      },
      async (request, reply) => {
        const result = await submitContact(d, request.body, requestLocale(request));
        return reply.status(201).send(result);
      },
    );

    app.get(
      '/tickets',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Your tickets, most recently updated first; q searches subjects and messages',
          querystring: ticketListQuerySchema,
          response: { 200: z.array(ticketSummarySchema) },
        },
      },
      async (request) => listOwnTickets(d, requireUser(request).id, request.query),
    );

    app.post(
      '/tickets',
      {
        onRequest: signedIn,
        config: writeLimit,
        schema: { tags, summary: 'Open a ticket', body: ticketFormSchema, response: { 201: ticketDetailSchema } },
      },
      async (request, reply) => reply.status(201).send(await createTicket(d, requireUser(request), request.body)),
    );

    app.get(
      '/tickets/:id',
      {
        onRequest: signedIn,
        schema: { tags, summary: 'One of your tickets with its thread', params: ticketParams, response: { 200: ticketDetailSchema } },
      },
      async (request) => getOwnTicket(d, requireUser(request).id, request.params.id),
    );

    app.post(
      '/tickets/:id/replies',
      {
        onRequest: signedIn,
        config: writeLimit,
        schema: {
          tags,
          summary: 'Reply to your ticket; reopens it if it was resolved',
          params: ticketParams,
          body: ticketReplySchema,
          response: { 201: ticketDetailSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await replyAsCustomer(d, requireUser(request), request.params.id, request.body.body)),
    );

    app.post(
      '/tickets/:id/resolve',
      {
        onRequest: signedIn,
        schema: { tags, summary: 'Mark your ticket as resolved', params: ticketParams, response: { 200: ticketDetailSchema } },
      },
      async (request) => resolveOwnTicket(d, requireUser(request), request.params.id),
    );

    await app.register(staffTicketRoutes(d), { prefix: '/admin' });
  };
}
