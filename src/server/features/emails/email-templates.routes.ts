import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EmailTemplateId } from '../../../shared/email-templates';
import { emailPreviewSchema, emailTemplateListSchema, emailTemplateParams, emailTemplateTextSchema } from '../../../shared/schemas/email-templates';
import { localeSchema } from '../../../shared/schemas/i18n';
import { actorOf } from '../../lib/staff-actor';
import { listEmailTemplates, previewEmailTemplate, resetEmailTemplate, saveEmailTemplate, type EmailTemplatesDeps } from './email-templates.service';

const tags = ['admin'];
const permission = 'translations.manage' as const;
const writeLimit = { rateLimit: { max: 300, timeWindow: '10 minutes' } };

/** /api/admin/email-templates: each email's subject, body and button per language, with a preview. Audited. */
export function emailTemplatesAdminRoutes(deps: EmailTemplatesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/email-templates/:locale',
      {
        config: { permission },
        schema: { tags, summary: 'Every email in one language: the shipped text, staff’s edit and its variables', params: z.object({ locale: localeSchema }), response: { 200: emailTemplateListSchema } },
      },
      async (request) => listEmailTemplates(deps, request.params.locale),
    );

    app.put(
      '/email-templates/:locale/:id',
      {
        config: { permission, ...writeLimit },
        schema: {
          tags,
          summary: 'Reword one email in one language; unknown variables and missing required ones are refused',
          params: emailTemplateParams,
          body: emailTemplateTextSchema,
          response: { 200: emailTemplateListSchema },
        },
      },
      async (request) => saveEmailTemplate(deps, actorOf(request), request.params.locale, request.params.id as EmailTemplateId, request.body),
    );

    app.delete(
      '/email-templates/:locale/:id',
      { config: { permission, ...writeLimit }, schema: { tags, summary: 'Go back to the shipped text of one email', params: emailTemplateParams } },
      async (request, reply) => {
        await resetEmailTemplate(deps, actorOf(request), request.params.locale, request.params.id as EmailTemplateId);
        return reply.status(204).send();
      },
    );

    app.post(
      '/email-templates/:locale/:id/preview',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'Render a text (saved or not) with sample values', params: emailTemplateParams, body: emailTemplateTextSchema, response: { 200: emailPreviewSchema } },
      },
      async (request) => previewEmailTemplate(deps, request.params.locale, request.params.id as EmailTemplateId, request.body),
    );
  };
}
