import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactSchema } from '../../../shared/schemas/support';
import type { Db } from '../../db/client';
import type { Clock, Ids } from '../../lib/runtime';
import { submitContact } from './support.service';

export function supportRoutes(deps: { db: Db; clock: Clock; ids: Ids }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/contact',
      {
        config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
        schema: { tags: ['support'], summary: 'The public contact form; stored as a guest ticket', body: contactSchema },
      },
      async (request, reply) => {
        const result = await submitContact(deps, request.body);
        return reply.status(201).send(result);
      },
    );
  };
}
