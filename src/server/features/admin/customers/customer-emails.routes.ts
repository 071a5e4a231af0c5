import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerActionResponseSchema, customerEmailListSchema, customerNoteSchema } from '../../../../shared/schemas/admin/customers';
import { actorOf } from '../../auth';
import type { AdminDeps } from '../admin-deps';
import { listCustomerEmails, resendCustomerEmail } from './customer-emails.service';

const tags = ['admin'];
const params = z.object({ id: z.string().max(100) });
const emailParams = params.extend({ emailId: z.uuid('That is not an email id') });

/** The customer page's Emails section: what the outbox sent them, its state, and Resend (decision 057). */
export function customerEmailsAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/customers/:id/emails',
      {
        config: { permission: 'customers.read' },
        schema: { tags, summary: "The newest 100 emails sent to a customer, with each one's delivery state", params, response: { 200: customerEmailListSchema } },
      },
      async (request) => ({ emails: await listCustomerEmails(deps, request.params.id) }),
    );

    app.post(
      '/customers/:id/emails/:emailId/resend',
      {
        config: { permission: 'customers.access' },
        schema: { tags, summary: 'Queue one of the customer\'s emails again, unchanged', params: emailParams, body: customerNoteSchema, response: { 200: customerActionResponseSchema } },
      },
      async (request) => resendCustomerEmail(deps, actorOf(request), request.params.id, request.params.emailId, request.body.reason),
    );
  };
}
