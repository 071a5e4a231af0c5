import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** A malformed id is answered like a missing ticket (404), so it is only length-checked here. */
export const ticketParams = z.object({ id: z.string().max(64) });

/** Writing limits per account, so one session cannot flood the queue or the staff inbox. */
export const writeLimit = {
  rateLimit: {
    max: 30,
    timeWindow: '10 minutes',
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  },
};
