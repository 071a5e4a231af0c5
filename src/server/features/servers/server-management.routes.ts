import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backupListSchema,
  backupResponseSchema,
  createBackupSchema,
  playerListSchema,
  powerActionSchema,
  resourceHistorySchema,
  restartScheduleResponseSchema,
  restartScheduleSchema,
  serverResourcesSchema,
  serverResponseSchema,
} from '../../../shared/schemas/servers';
import { requireUser, signedIn } from '../auth';
import { backupDownload, createBackup, deleteBackup, listBackups } from './backups.service';
import { powerAction } from './power.service';
import { getRestartSchedule, setRestartSchedule } from './restart-schedule.service';
import type { ManagementDeps } from './server-access';
import { resourceHistory, serverPlayers, serverResources } from './usage.service';

const tags = ['servers'];
const params = z.object({ id: z.string().max(64) });
const backupParams = z.object({ id: z.string().max(64), backupId: z.string().max(64) });
const perUser = (max: number, timeWindow: string) => ({
  rateLimit: { max, timeWindow, keyGenerator: (request: { user: { id: string } | null; ip: string }) => request.user?.id ?? request.ip },
});

/** Power, usage, players, backups and the restart schedule of the customer's own servers. */
export function serverManagementRoutes(deps: ManagementDeps & { watch?: (serverId: string) => void }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/servers/:id/power',
      {
        onRequest: signedIn,
        config: perUser(30, '1 minute'),
        schema: {
          tags,
          summary: 'Start, stop or restart; 409 server_suspended, server_not_ready, already_running or already_stopped',
          params,
          body: powerActionSchema,
          response: { 202: serverResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(202).send({ server: await powerAction(deps, requireUser(request).id, request.params.id, request.body.action) }),
    );

    app.get(
      '/servers/:id/resources',
      { onRequest: signedIn, schema: { tags, summary: 'CPU, memory, disk, uptime and players against the plan', params, response: { 200: serverResourcesSchema } } },
      async (request) => serverResources(deps, requireUser(request).id, request.params.id, { readOnly: request.viewAs !== null }),
    );

    app.get(
      '/servers/:id/resources/history',
      { onRequest: signedIn, schema: { tags, summary: 'CPU and memory once a minute over the last hour', params, response: { 200: resourceHistorySchema } } },
      async (request) => resourceHistory(deps, requireUser(request).id, request.params.id),
    );

    app.get(
      '/servers/:id/players',
      { onRequest: signedIn, schema: { tags, summary: 'The players online now', params, response: { 200: playerListSchema } } },
      async (request) => serverPlayers(deps, requireUser(request).id, request.params.id),
    );

    app.get(
      '/servers/:id/backups',
      { onRequest: signedIn, schema: { tags, summary: "The server's backups, newest first, and the plan's limit", params, response: { 200: backupListSchema } } },
      async (request) => listBackups(deps, requireUser(request).id, request.params.id),
    );

    app.post(
      '/servers/:id/backups',
      {
        onRequest: signedIn,
        config: perUser(10, '10 minutes'),
        schema: { tags, summary: 'Start a backup; 409 backup_limit when the plan is full', params, body: createBackupSchema.nullish(), response: { 202: backupResponseSchema } },
      },
      async (request, reply) =>
        reply.status(202).send({ backup: await createBackup(deps, requireUser(request).id, request.params.id, request.body?.name) }),
    );

    app.delete(
      '/servers/:id/backups/:backupId',
      { onRequest: signedIn, config: perUser(30, '10 minutes'), schema: { tags, summary: 'Delete a backup', params: backupParams } },
      async (request, reply) => {
        await deleteBackup(deps, requireUser(request).id, request.params.id, request.params.backupId);
        return reply.status(204).send();
      },
    );

    app.get(
      '/servers/:id/backups/:backupId/download',
      { onRequest: signedIn, schema: { tags, summary: "The backup file as an attachment, or a redirect to the panel's signed URL", params: backupParams } },
      async (request, reply) => {
        const download = await backupDownload(deps, requireUser(request).id, request.params.id, request.params.backupId);
        if (download.kind === 'redirect') return reply.redirect(download.url, 302);
        return reply
          .header('content-type', download.contentType)
          .header('content-length', String(download.sizeBytes))
          .header('content-disposition', `attachment; filename="${download.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(createReadStream(download.path));
      },
    );

    app.get(
      '/servers/:id/restart-schedule',
      { onRequest: signedIn, schema: { tags, summary: 'The daily restart time (HH:MM UTC), or null', params, response: { 200: restartScheduleResponseSchema } } },
      async (request) => getRestartSchedule(deps, requireUser(request).id, request.params.id),
    );

    app.put(
      '/servers/:id/restart-schedule',
      {
        onRequest: signedIn,
        schema: { tags, summary: 'Set the daily restart time (HH:MM UTC), or null to turn it off', params, body: restartScheduleSchema, response: { 200: restartScheduleResponseSchema } },
      },
      async (request) => setRestartSchedule(deps, requireUser(request).id, request.params.id, request.body.time),
    );
  };
}
