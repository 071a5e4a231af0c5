import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  defaultLanguageSchema,
  defaultLanguageViewSchema,
  localeSchema,
  translationListSchema,
  translationParams,
  translationSaveSchema,
} from '../../../shared/schemas/i18n';
import { actorOf } from '../../lib/staff-actor';
import { readDefaultLocale } from './i18n.repository';
import { listTranslations, resetTranslation, saveDefaultLanguage, saveTranslation, type TranslationsDeps } from './translations.service';

const tags = ['admin'];
const permission = 'translations.manage' as const;
const writeLimit = { rateLimit: { max: 300, timeWindow: '10 minutes' } };

/** /api/admin/translations (staff's wording per language) and /api/admin/settings/language. Audited. */
export function translationsAdminRoutes(deps: TranslationsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/translations/:locale',
      {
        config: { permission },
        schema: { tags, summary: 'Every message in one language: English, the shipped text and staff’s edit', params: z.object({ locale: localeSchema }), response: { 200: translationListSchema } },
      },
      async (request) => listTranslations(deps, request.params.locale),
    );

    app.put(
      '/translations/:locale/:key',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'Reword one message in one language; it must use the same placeholders as the shipped text', params: translationParams, body: translationSaveSchema },
      },
      async (request) => saveTranslation(deps, actorOf(request), request.params.locale, request.params.key, request.body.message),
    );

    app.delete(
      '/translations/:locale/:key',
      { config: { permission, ...writeLimit }, schema: { tags, summary: 'Go back to the shipped text of one message', params: translationParams } },
      async (request, reply) => {
        await resetTranslation(deps, actorOf(request), request.params.locale, request.params.key);
        return reply.status(204).send();
      },
    );

    app.get(
      '/settings/language',
      { config: { permission: 'settings.manage' }, schema: { tags, summary: "The shop's default language", response: { 200: defaultLanguageViewSchema } } },
      async () => ({ defaultLocale: await readDefaultLocale(deps.db) }),
    );

    app.put(
      '/settings/language',
      {
        config: { permission: 'settings.manage', ...writeLimit },
        schema: { tags, summary: "The shop's default language: for visitors whose browser asks for none of the shipped ones", body: defaultLanguageSchema },
      },
      async (request) => saveDefaultLanguage(deps, actorOf(request), request.body.defaultLocale, request.body.reason),
    );
  };
}
