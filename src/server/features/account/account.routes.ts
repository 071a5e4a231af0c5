import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localeCookie } from '../../../shared/i18n/locales';
import { z } from 'zod';
import {
  accountSchema,
  accountSessionSchema,
  notificationsSchema,
  passwordChangeSchema,
  preferencesSchema,
  profileUpdateSchema,
} from '../../../shared/schemas/account';
import { okSchema, tokenBodySchema } from '../../../shared/schemas/auth';
import { requireSessionId, requireUser, signedIn, attemptLimits, clearSessionCookie, type AuthRateLimits } from '../auth';
import {
  changePassword,
  confirmEmailChange,
  deleteSession,
  getAccount,
  listSessions,
  saveNotifications,
  savePreferences,
  updateProfile,
  type AccountDeps,
} from './account.service';

const tags = ['account'];
const ok = { ok: true } as const;

/** The signed-in user's own account; nothing here takes a user id from the caller. */
export function accountRoutes(deps: AccountDeps & { secureCookies: boolean; limits: AuthRateLimits }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const schema = <T extends object>(summary: string, extra: T) => ({ tags, summary, ...extra });

    app.get(
      '/account',
      { onRequest: signedIn, schema: schema('The account and its settings', { response: { 200: accountSchema } }) },
      async (request) => getAccount(deps, requireUser(request).id),
    );

    app.patch(
      '/account',
      {
        onRequest: signedIn,
        schema: schema('Update names; a new email is confirmed by a link first', {
          body: profileUpdateSchema,
          response: { 200: accountSchema },
        }),
      },
      async (request) => updateProfile(deps, requireUser(request).id, request.body),
    );

    app.post(
      '/account/confirm-email',
      { schema: schema('Confirm an email change with the emailed token (no sign-in needed)', { body: tokenBodySchema, response: { 200: okSchema } }) },
      async (request) => {
        await confirmEmailChange(deps, request.body.token);
        return ok;
      },
    );

    app.post(
      '/account/password',
      { onRequest: signedIn, ...attemptLimits(deps.limits, 'passwordChange'), schema: schema('Change the password; signs out other sessions', { body: passwordChangeSchema, response: { 200: okSchema } }) },
      async (request) => {
        await changePassword(deps, requireUser(request).id, requireSessionId(request), request.body);
        return ok;
      },
    );

    app.put(
      '/account/notifications',
      { onRequest: signedIn, schema: schema('Save the notification toggles', { body: notificationsSchema, response: { 200: notificationsSchema } }) },
      async (request) => saveNotifications(deps, requireUser(request).id, request.body),
    );

    app.put(
      '/account/preferences',
      { onRequest: signedIn, schema: schema('Save the language the account reads the shop in', { body: preferencesSchema, response: { 200: preferencesSchema } }) },
      async (request, reply) => {
        const saved = await savePreferences(deps, requireUser(request).id, request.body);
        // The pages are served in the language the cookie names (decision 054); none follows the browser.
        if (saved.language) void reply.setCookie(localeCookie, saved.language, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'lax', secure: deps.secureCookies });
        else void reply.clearCookie(localeCookie, { path: '/' });
        return saved;
      },
    );

    app.get(
      '/account/sessions',
      { onRequest: signedIn, schema: schema('Active sessions of this account', { response: { 200: z.array(accountSessionSchema) } }) },
      async (request) => listSessions(deps, requireUser(request).id, requireSessionId(request)),
    );

    app.delete(
      '/account/sessions/:id',
      { onRequest: signedIn, schema: schema('Sign out one of your sessions', { params: z.object({ id: z.string() }), response: { 200: okSchema } }) },
      async (request, reply) => {
        await deleteSession(deps, requireUser(request).id, request.params.id);
        if (request.params.id === request.authSession?.id) clearSessionCookie(reply, deps.secureCookies);
        return ok;
      },
    );
  };
}
