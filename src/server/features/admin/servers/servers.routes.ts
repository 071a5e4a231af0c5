import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPowerSchema,
  adminServerDetailSchema,
  adminServerListQuerySchema,
  adminServerListSchema,
  adminServerResponseSchema,
  bulkRetryResultSchema,
  bulkRetrySchema,
  deleteServerSchema,
  jobsOverviewSchema,
  serverActionReasonSchema,
  simPanelSettingsSchema,
  updateSimPanelSchema,
} from '../../../../shared/schemas/admin/servers';
import { slaCreditGrantSchema, slaCreditPreviewSchema, slaCreditQuerySchema } from '../../../../shared/schemas/admin/sla-credits';
import type { AdminDeps } from '../admin-deps';
import { grantSlaCredit, slaCreditPreview } from '../../billing';
import { getBusinessRules } from '../../brand';
import { actorOf } from '../../auth';
import { retryFailedServers } from './bulk-retry.service';
import { panelNodesByLocation } from './sla-credit-nodes';
import { jobsOverview, retryJob } from './jobs.service';
import { deleteServer, retryProvisioning, staffPower, suspendServer, unsuspendServer } from './server-actions.service';
import { getAdminServer, listAdminServers } from './servers.service';
import { getSimPanelSettings, setSimPanelFailures } from './sim-panel.service';

const tags = ['admin'];
const params = z.object({ id: z.string().max(100) });
const jobParams = z.object({ queue: z.string().max(100), id: z.string().max(100) });

/** The staff console's servers area: every server, its actions, the job queue and the simulated panel. */
export function serversAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/servers',
      {
        config: { permission: 'servers.read' },
        schema: { tags, summary: 'Every server, newest first, with filters', querystring: adminServerListQuerySchema, response: { 200: adminServerListSchema } },
      },
      async (request) => listAdminServers(deps, request.query),
    );

    app.get(
      '/servers/:id',
      {
        config: { permission: 'servers.read' },
        schema: { tags, summary: 'A server with its provisioning, renewal and panel details', params, response: { 200: adminServerDetailSchema } },
      },
      async (request) => getAdminServer(deps, request.params.id),
    );

    app.post(
      '/servers/:id/retry',
      {
        config: { permission: 'servers.operate' },
        schema: {
          tags,
          summary: 'Set a failed server up again; 409 when it is not failed or its order was refunded',
          params,
          body: serverActionReasonSchema,
          response: { 200: adminServerResponseSchema },
        },
      },
      async (request) => ({ server: await retryProvisioning(deps, actorOf(request), request.params.id, request.body.reason) }),
    );

    app.post(
      '/servers/retry-failed',
      {
        config: { permission: 'servers.operate', rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Set several failed servers up again, each audited with the reason; answers which were retried and why the others were not',
          body: bulkRetrySchema,
          response: { 200: bulkRetryResultSchema },
        },
      },
      async (request) => retryFailedServers(deps, actorOf(request), request.body.serverIds, request.body.reason),
    );

    app.get(
      '/servers/:id/sla-credit',
      {
        config: { permission: 'money.read' },
        schema: {
          tags,
          summary: "A month's measured uptime of the server's node, the fee paid for it and the SLA credit the rules give (decision 081)",
          params,
          querystring: slaCreditQuerySchema,
          response: { 200: slaCreditPreviewSchema },
        },
      },
      async (request) => slaCreditPreview(deps, await getBusinessRules(deps.db), request.params.id, request.query, await panelNodesByLocation(deps.panel)),
    );

    app.post(
      '/servers/:id/sla-credit',
      {
        config: { permission: 'money.write' },
        schema: {
          tags,
          summary:
            "Grant the month's SLA credit to the owner's balance, once per server and month, dated by the claim's ticket or day; 409 when the month is not over, the claim was late or nothing is owed",
          params,
          body: slaCreditGrantSchema,
          response: { 201: slaCreditPreviewSchema },
        },
      },
      async (request, reply) => {
        const rules = await getBusinessRules(deps.db);
        const preview = await grantSlaCredit(deps, actorOf(request), rules, request.params.id, request.body, await panelNodesByLocation(deps.panel));
        return reply.code(201).send(preview);
      },
    );

    app.post(
      '/servers/:id/suspend',
      {
        config: { permission: 'servers.manage' },
        schema: { tags, summary: 'Suspend a server on the panel', params, body: serverActionReasonSchema, response: { 200: adminServerResponseSchema } },
      },
      async (request) => ({ server: await suspendServer(deps, actorOf(request), request.params.id, request.body.reason) }),
    );

    app.post(
      '/servers/:id/unsuspend',
      {
        config: { permission: 'servers.manage' },
        schema: { tags, summary: 'Lift a staff suspension', params, body: serverActionReasonSchema, response: { 200: adminServerResponseSchema } },
      },
      async (request) => ({ server: await unsuspendServer(deps, actorOf(request), request.params.id, request.body.reason) }),
    );

    app.post(
      '/servers/:id/power',
      {
        config: { permission: 'servers.operate' },
        schema: { tags, summary: 'Start, stop or restart, by the same rules as the customer', params, body: adminPowerSchema, response: { 200: adminServerResponseSchema } },
      },
      async (request) => ({
        server: await staffPower(deps, actorOf(request), request.params.id, request.body.action, request.body.reason),
      }),
    );

    app.delete(
      '/servers/:id',
      {
        config: { permission: 'servers.manage' },
        schema: {
          tags,
          summary: 'Delete a server (its name typed again to confirm); the newest backup is kept for 30 days',
          params,
          body: deleteServerSchema,
          response: { 200: adminServerResponseSchema },
        },
      },
      async (request) => ({ server: await deleteServer(deps, actorOf(request), request.params.id, request.body) }),
    );

    app.get(
      '/sim-panel',
      {
        config: { permission: 'servers.manage' },
        schema: { tags, summary: 'The simulated panel: how many of the next installs will fail', response: { 200: simPanelSettingsSchema } },
      },
      async () => getSimPanelSettings(deps),
    );

    app.put(
      '/sim-panel',
      {
        config: { permission: 'servers.manage' },
        schema: { tags, summary: 'Make the next N installs on the simulated panel fail', body: updateSimPanelSchema, response: { 200: simPanelSettingsSchema } },
      },
      async (request) => setSimPanelFailures(deps, actorOf(request), request.body.failNextInstalls),
    );

    app.get(
      '/jobs',
      {
        config: { permission: 'jobs.read' },
        schema: { tags, summary: 'The job queue: counts, failed jobs, the next renewal steps and the schedules', response: { 200: jobsOverviewSchema } },
      },
      async () => jobsOverview(deps),
    );

    app.post(
      '/jobs/:queue/:id/retry',
      {
        config: { permission: 'jobs.retry' },
        schema: {
          tags,
          summary: 'Retry a failed job',
          params: jobParams,
          response: { 200: z.object({ id: z.string(), queue: z.string(), state: z.literal('retry') }) },
        },
      },
      async (request) => retryJob(deps, actorOf(request), request.params.queue, request.params.id),
    );
  };
}
