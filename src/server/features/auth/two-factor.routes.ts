import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okSchema,
  twoFactorDisableSchema,
  twoFactorEnableResponseSchema,
  twoFactorEnableSchema,
  twoFactorSetupResponseSchema,
} from '../../../shared/schemas/auth';
import { requestLocale } from '../../lib/request-locale';
import { requireSessionId, requireUser, signedIn } from './auth.guard';
import type { AuthDeps } from './auth.service';
import { attemptLimits, type AuthRateLimits } from './rate-limits';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from './two-factor.service';

const tags = ['account'];

/** Enrolment lives with auth, which checks the codes at sign-in; the paths sit under /account. */
export function twoFactorRoutes(deps: AuthDeps & { limits: AuthRateLimits }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', signedIn);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/account/2fa/setup',
      { schema: { tags, summary: 'Start two-factor enrolment: a secret and its QR code', response: { 200: twoFactorSetupResponseSchema } } },
      async (request) => setupTwoFactor(deps, requireUser(request).id),
    );

    app.post(
      '/account/2fa/enable',
      {
        schema: {
          tags,
          summary: 'Confirm enrolment with a code; answers ten one-time recovery codes',
          body: twoFactorEnableSchema,
          response: { 200: twoFactorEnableResponseSchema },
        },
      },
      async (request) => enableTwoFactor(deps, requireUser(request).id, requireSessionId(request), request.body.code, requestLocale(request)),
    );

    app.post(
      '/account/2fa/disable',
      { ...attemptLimits(deps.limits, 'twoFactorDisable'), schema: { tags, summary: 'Turn two-factor sign-in off; needs the password and a current code', body: twoFactorDisableSchema, response: { 200: okSchema } } },
      async (request) => {
        await disableTwoFactor(deps, requireUser(request).id, request.body, requestLocale(request));
        return { ok: true as const };
      },
    );
  };
}
