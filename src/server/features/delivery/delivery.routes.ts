import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideTaskSchema, deliveryTaskViewSchema, staffTaskListQuerySchema, staffTaskListSchema, upgradesViewSchema } from '../../../shared/schemas/delivery';
import { actorOf, requireUser, signedIn } from '../auth';
import { answerLocale } from '../i18n';
import { customerUpgrades, decideTask, listStaffTasks, type DeliveryDeps } from './delivery.service';

/**
 * What add-ons and packs deliver (decision 058): the customer's own view, and the staff task list
 * of manual deliveries under /api/admin (the staff guard checks each route's permission).
 */
export function deliveryRoutes(deps: DeliveryDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/upgrades',
      {
        onRequest: signedIn,
        schema: { tags: ['billing'], summary: "The customer's upgrade packs, manual deliveries and priority support", response: { 200: upgradesViewSchema } },
      },
      async (request) => customerUpgrades(deps, requireUser(request).id, await answerLocale(deps.db, request)),
    );

    app.get(
      '/admin/tasks',
      {
        config: { permission: 'tasks.read' },
        schema: { tags: ['admin'], summary: 'Manual deliveries: open ones first, oldest first', querystring: staffTaskListQuerySchema, response: { 200: staffTaskListSchema } },
      },
      async (request) => ({ tasks: await listStaffTasks(deps, request.query.status) }),
    );

    app.post(
      '/admin/tasks/:id/decision',
      {
        config: { permission: 'tasks.decide' },
        schema: {
          tags: ['admin'],
          summary: 'Mark a manual delivery done, or refuse it with the reason the customer reads (audited)',
          params: z.object({ id: z.uuid('No such task') }),
          body: decideTaskSchema,
          response: { 200: z.object({ task: deliveryTaskViewSchema }) },
        },
      },
      async (request) => ({ task: await decideTask(deps, actorOf(request), request.params.id, request.body) }),
    );
  };
}
