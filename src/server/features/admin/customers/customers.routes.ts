import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerCreditSchema, staffCreditResponseSchema, staffCreditSchema } from '../../../../shared/schemas/billing';
import { requireUser } from '../../auth/auth.guard';
import { adjustCredit, customerCredit } from '../../billing/staff-credit.service';
import type { AdminDeps } from '../admin-deps';

const idParams = z.object({ id: z.string().max(100) });

/** The staff console's customers area. */
export function customersAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const d = { ...deps, seller: { name: deps.brand, email: deps.config.SUPPORT_EMAIL, url: deps.publicUrl } };
  return async (app) => {
    app.get(
      '/users/:id/credit',
      {
        config: { permission: 'money.read' },
        schema: { tags: ['admin'], summary: "A customer's credit balance and ledger", params: idParams, response: { 200: customerCreditSchema } },
      },
      async (request) => customerCredit(d, request.params.id),
    );

    app.post(
      '/users/:id/credit',
      {
        config: { permission: 'money.write' },
        schema: {
          tags: ['admin'],
          summary: "Adjust a customer's credit (admin only); the balance cannot go below zero",
          params: idParams,
          body: staffCreditSchema,
          response: { 201: staffCreditResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await adjustCredit(d, requireUser(request).id, request.params.id, request.body)),
    );
  };
}
