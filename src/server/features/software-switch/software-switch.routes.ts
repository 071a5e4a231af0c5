import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { softwareOptionsSchema, softwareSwitchRequestSchema, softwareSwitchViewSchema } from '../../../shared/schemas/software-switch';
import { requireUser, signedIn } from '../auth';
import type { SoftwareSwitchDeps } from './software-switch-deps';
import { requestSoftwareSwitch, softwareOptions } from './software-switch.service';
import { answerLocale } from '../i18n';

const tags = ['servers'];
const params = z.object({ id: z.string().max(64) });

/** Changing a Minecraft server's software or version: the owner, or a subuser with the settings permission. */
export function softwareSwitchRoutes(deps: SoftwareSwitchDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/servers/:id/software',
      {
        onRequest: signedIn,
        schema: { tags, summary: "What the server runs, the software and versions it can switch to (with memory warnings, descriptions in the reader's language), and the latest switch", params, response: { 200: softwareOptionsSchema } },
      },
      async (request) => softwareOptions(deps, requireUser(request).id, request.params.id, await answerLocale(deps.db, request)),
    );

    app.post(
      '/servers/:id/software-switch',
      {
        onRequest: signedIn,
        config: { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (r: { user: { id: string } | null; ip: string }) => r.user?.id ?? r.ip } },
        schema: {
          tags,
          summary: 'Switch the software: backup, reinstall keeping world and configs, start; rolled back from the backup on failure. 409 no_software, switch_running, low_memory, server_suspended; 400 same_software',
          params,
          body: softwareSwitchRequestSchema,
          response: { 202: z.object({ switch: softwareSwitchViewSchema }) },
        },
      },
      async (request, reply) => {
        const started = await requestSoftwareSwitch(deps, requireUser(request).id, request.params.id, request.body);
        return reply.code(202).send({ switch: started });
      },
    );
  };
}
