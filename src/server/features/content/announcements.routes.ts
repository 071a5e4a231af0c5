import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAnnouncementListSchema,
  adminAnnouncementSchema,
  announcementIdParams,
  announcementInputSchema,
  announcementReasonSchema,
  customerAnnouncementListSchema,
  customerAnnouncementQuerySchema,
} from '../../../shared/schemas/announcements';
import { actorOf, requireUser, signedIn } from '../auth';
import { answerLocale } from '../i18n';
import {
  announcementsFor,
  createAnnouncement,
  dismissAnnouncement,
  endAnnouncement,
  listAnnouncements,
  updateAnnouncement,
  type AnnouncementAdminDeps,
  type AnnouncementDeps,
} from './announcements.service';

/** GET /api/announcements and POST /api/announcements/:id/dismiss: the banners of the signed-in customer's dashboard. */
export function announcementRoutes(deps: AnnouncementDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/announcements',
      {
        onRequest: signedIn,
        schema: {
          tags: ['dashboard'],
          summary: "The staff's announcements aimed at this customer that they have not closed, in the page's language where staff wrote one",
          querystring: customerAnnouncementQuerySchema,
          response: { 200: customerAnnouncementListSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const locale = await answerLocale(deps.db, request, request.query.lang);
        return { announcements: await announcementsFor(deps, requireUser(request).id, locale) };
      },
    );
    app.post(
      '/announcements/:id/dismiss',
      {
        onRequest: signedIn,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags: ['dashboard'], summary: 'Close an announcement for this account, on every device', params: announcementIdParams },
      },
      async (request, reply) => {
        await dismissAnnouncement(deps, requireUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}

const tags = ['admin'];
const permission = 'announcements.manage' as const;
const writeLimit = { rateLimit: { max: 60, timeWindow: '10 minutes' } };

/** /api/admin/announcements: staff post, edit and end dashboard announcements, each audited with a reason. */
export function announcementAdminRoutes(deps: AnnouncementAdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    app.get(
      '/announcements',
      { config: { permission }, schema: { tags, summary: 'Every announcement, newest first, with its state and how many customers closed it', response: { 200: adminAnnouncementListSchema } } },
      async () => ({ announcements: await listAnnouncements(deps) }),
    );
    app.post(
      '/announcements',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'Post an announcement to customers’ dashboards', body: announcementInputSchema, response: { 201: adminAnnouncementSchema } },
      },
      async (request, reply) => reply.status(201).send(await createAnnouncement(deps, actorOf(request), request.body)),
    );
    app.put(
      '/announcements/:id',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'Change an announcement', params: announcementIdParams, body: announcementInputSchema, response: { 200: adminAnnouncementSchema } },
      },
      async (request) => updateAnnouncement(deps, actorOf(request), request.params.id, request.body),
    );
    app.post(
      '/announcements/:id/end',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'Take an announcement down now (it is kept, ended)', params: announcementIdParams, body: announcementReasonSchema, response: { 200: adminAnnouncementSchema } },
      },
      async (request) => endAnnouncement(deps, actorOf(request), request.params.id, request.body.reason),
    );
  };
}
