import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { listMailbox, readAttachment } from './mailbox';
import { renderMailboxPage } from './mailbox-page';

const query = z.object({ to: z.string().trim().max(254).optional() });

/** GET /dev/mailbox (HTML) and GET /api/dev/mailbox (JSON, for tests). Mounted only while the built-in mailer sends: never in production, never with SMTP_URL. */
export function mailboxRoutes(deps: { db: Db; brand: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dev/mailbox', { schema: { hide: true, querystring: query } }, async (request, reply) => {
      const to = request.query.to || undefined;
      const emails = await listMailbox(deps.db, { to });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderMailboxPage(deps.brand, emails, to));
    });
    const attachment = z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(50) });
    app.get('/dev/mailbox/:id/attachments/:index', { schema: { hide: true, params: attachment } }, async (request, reply) => {
      const file = await readAttachment(deps.db, request.params.id, request.params.index);
      if (!file) return reply.code(404).send({ error: { code: 'not_found', message: 'No such attachment.' } });
      // Inline, so a PDF opens in the browser's viewer; the name is quoted and stripped of quotes.
      return reply
        .type(file.contentType)
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${file.filename.replace(/["\\\r\n]/g, '')}"`)
        .send(file.content);
    });
    app.get('/api/dev/mailbox', { schema: { hide: true, querystring: query } }, async (request, reply) => {
      const emails = await listMailbox(deps.db, { to: request.query.to || undefined });
      return reply.header('cache-control', 'no-store').send(emails.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })));
    });
  };
}
