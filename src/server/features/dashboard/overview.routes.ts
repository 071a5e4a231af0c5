import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLocale } from '../../../shared/i18n/locales';
import type { Db } from '../../db/client';
import { activityReader } from '../../lib/activity';
import { requestLocale } from '../../lib/request-locale';
import { requireUser, signedIn } from '../auth';
import type { I18nService } from '../i18n';
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
        const { lang } = request.query;
        const locale = isLocale(lang) ? lang : (requestLocale(request) ?? (await deps.i18n.current()).defaultLocale);
        return getOverview(deps.db, requireUser(request).id, { say: await activityReader(deps.i18n, locale), locale });
      },
    );
  };
}
