import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { activityReader } from '../../lib/activity';
import { requireUser, signedIn } from '../auth';
import { answerLocale, type I18nService } from '../i18n';
import { getOverview } from './overview.service';

const query = z.object({ lang: z.string().max(10).optional() });

export function overviewRoutes(deps: { db: Db; i18n: I18nService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/overview',
      {
        onRequest: signedIn,
        schema: {
          tags: ['dashboard'],
          summary: "Stat tiles and recent activity of the signed-in user, the activity in the page's language (lang, else the cookie's or browser's)",
          querystring: query,
        },
      },
      async (request) => {
        const locale = await answerLocale(deps.db, request, request.query.lang);
        return getOverview(deps.db, requireUser(request).id, { say: await activityReader(deps.i18n, locale), locale });
      },
    );
  };
}
