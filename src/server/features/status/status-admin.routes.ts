import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminIncidentListSchema,
  adminIncidentSchema,
  incidentCreateSchema,
  incidentIdParams,
  incidentUpdateSchema,
} from '../../../shared/schemas/status';
import { actorOf } from '../auth';
import { createIncident, staffIncidents, updateIncident, type IncidentDeps } from './incidents.service';

const tags = ['admin'];
const permission = 'status.manage' as const;
const writeLimit = { rateLimit: { max: 60, timeWindow: '10 minutes' } };

/** /api/admin/incidents: staff post incidents and maintenance notices, and update them. */
export function statusAdminRoutes(deps: IncidentDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    app.get(
      '/incidents',
      { config: { permission }, schema: { tags, summary: 'Incidents and maintenance notices, newest first, with their updates', response: { 200: adminIncidentListSchema } } },
      async () => ({ incidents: await staffIncidents(deps) }),
    );
    app.post(
      '/incidents',
      {
        config: { permission, ...writeLimit },
        schema: {
          tags,
          summary: 'Post an incident or maintenance notice, with a reason; customers with a server in an affected location are emailed by a job (emailing: true until all are)',
          body: incidentCreateSchema,
          response: { 201: adminIncidentSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await createIncident(deps, actorOf(request), request.body)),
    );
    app.post(
      '/incidents/:id/updates',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'Add an update and set the state (resolved or completed closes it)', params: incidentIdParams, body: incidentUpdateSchema, response: { 200: adminIncidentSchema } },
      },
      async (request) => updateIncident(deps, actorOf(request), request.params.id, request.body),
    );
  };
}
