import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { localeCookie } from '../../../shared/i18n/locales';
import { languageChoiceSchema, messagesParams } from '../../../shared/schemas/i18n';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { I18nService } from './i18n.service';
import { etagMatches } from '../../lib/compression';

const tags = ['i18n'];
const YEAR_S = 365 * 24 * 3600;

export interface I18nRouteDeps {
  db: Db;
  i18n: I18nService;
  secureCookies: boolean;
}

/** The messages a page fetches for its language, and the language pickers' choice. */
export function i18nRoutes(deps: I18nRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/i18n/:locale/:namespace',
      { schema: { tags, summary: 'The compiled messages of one namespace in one language, with staff edits', params: messagesParams } },
      async (request, reply) => {
        const { locale, namespace } = request.params;
        const { version } = await deps.i18n.current();
        const etag = `"i${version}-${locale}-${namespace}"`;
        // Revalidated on every use, so staff's edits reach browsers at once; unchanged, a 304.
        reply.header('cache-control', 'no-cache').header('etag', etag);
        if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
        return { locale, namespace, messages: await deps.i18n.messages(locale, namespace) };
      },
    );

    app.put(
      '/i18n/language',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: "Remember the visitor's language (a cookie), and the account's preference when signed in",
          body: languageChoiceSchema,
          response: { 200: languageChoiceSchema },
        },
      },
      async (request, reply) => {
        const { locale } = request.body;
        if (request.user && !request.viewAs) {
          await deps.db
            .update(users)
            .set({ preferences: sql`jsonb_set(${users.preferences}, '{language}', to_jsonb(${locale}::text))` })
            .where(sql`${users.id} = ${request.user.id}`);
        }
        void reply.setCookie(localeCookie, locale, { path: '/', maxAge: YEAR_S, sameSite: 'lax', secure: deps.secureCookies });
        return { locale };
      },
    );
  };
}

