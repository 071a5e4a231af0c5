import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertSettingsInputSchema, alertSettingsSchema } from '../../../../shared/schemas/admin/alerts';
import { actorOf } from '../../auth';
import { getAlertSettings, saveAlertSettings } from '../../staff-alerts';
import type { AdminDeps } from '../admin-deps';

const tags = ['admin'];
const permission = 'settings.manage' as const;

/** /api/admin/settings/alerts: the webhook staff alerts are posted to (Discord or any JSON endpoint). Admin only, audited. */
export function alertSettingsAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/settings/alerts',
      { config: { permission }, schema: { tags, summary: 'Where staff alerts go: the webhook (its key hidden) and the roles emailed for each alert', response: { 200: alertSettingsSchema } } },
      async () => getAlertSettings(deps.staffAlerts),
    );

    app.put(
      '/settings/alerts',
      {
        config: { permission, rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Set the webhook staff alerts are posted to (a Discord webhook gets its content shape), or clear it with null',
          body: alertSettingsInputSchema,
          response: { 200: alertSettingsSchema },
        },
      },
      async (request) => saveAlertSettings(deps.staffAlerts, actorOf(request), request.body),
    );
  };
}
