import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailOnlySchema,
  resendVerificationSchema,
  loginResponseSchema,
  loginSchema,
  logoutSchema,
  okSchema,
  passwordResetConfirmSchema,
  sessionResponseSchema,
  signupSchema,
  verifyEmailSchema,
} from '../../../shared/schemas/auth';
import { requestLocale } from '../../lib/request-locale';
import { login, resendVerification, signup, verifyEmail, type AuthDeps } from './auth.service';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service';
import { DEVICE_COOKIE, type KnownDevices } from './known-devices';
import type { AuthRateLimits } from './rate-limits';
import { clearSessionCookie, setSessionCookie } from './sessions';

export const REFERRAL_COOKIE = 'sp_ref';

export interface AuthRouteDeps extends AuthDeps {
  limits: AuthRateLimits;
  devices: KnownDevices;
  secureCookies: boolean;
}

const ok = { ok: true } as const;
const tags = ['auth'];

export function authRoutes(deps: AuthRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/auth/signup',
      { schema: { tags, summary: 'Create an account and email a verification link', body: signupSchema, response: { 201: okSchema } } },
      async (request, reply) => {
        await deps.limits.check('signup', request.ip, request.body.email);
        await signup(deps, request.body, request.cookies[REFERRAL_COOKIE], requestLocale(request));
        return reply.status(201).send(ok);
      },
    );

    app.post(
      '/auth/login',
      { schema: { tags, summary: 'Sign in; sets the session cookie', body: loginSchema, response: { 200: loginResponseSchema } } },
      async (request, reply) => {
        const { email } = request.body;
        const device = request.cookies[DEVICE_COOKIE];
        const attempt = { knownDevice: deps.devices.knows(device, email) };
        await deps.limits.check('login', request.ip, email, attempt);
        const result = await login(deps, request.body, { userAgent: request.headers['user-agent'], ip: request.ip }, requestLocale(request));
        await deps.limits.forgive('login', request.ip, email, attempt);
        // A fresh session for every sign-in: the one the browser came with is dropped.
        if (request.authSession) await deps.sessions.revoke(request.authSession.id);
        setSessionCookie(reply, result.session.token, result.session.expiresAt, deps.secureCookies);
        deps.devices.remember(reply, device, email, deps.secureCookies);
        return { user: result.user };
      },
    );

    app.post(
      '/auth/logout',
      { schema: { tags, summary: 'Sign out this session (local) or every session (global)', body: logoutSchema, response: { 200: okSchema } } },
      async (request, reply) => {
        if (request.authSession && request.user) {
          if (request.body.scope === 'global') await deps.sessions.revokeAllForUser(request.user.id);
          else await deps.sessions.revoke(request.authSession.id);
        }
        clearSessionCookie(reply, deps.secureCookies);
        return ok;
      },
    );

    app.get(
      '/auth/session',
      { schema: { tags, summary: 'The signed-in user, or null; viewAs is set while staff view a customer read-only', response: { 200: sessionResponseSchema } } },
      async (request) => ({
        user: request.user,
        viewAs: request.viewAs
          ? { customerId: request.viewAs.customerId, customerEmail: request.viewAs.customerEmail, staffEmail: request.viewAs.staffEmail }
          : null,
      }),
    );

    app.post(
      '/auth/verify-email',
      {
        schema: {
          tags,
          summary: "Confirm an address with the emailed token and the account's password; signs in, sets the session cookie",
          body: verifyEmailSchema,
          response: { 200: loginResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await verifyEmail(deps, request.body, { userAgent: request.headers['user-agent'], ip: request.ip }, requestLocale(request));
        if (request.authSession) await deps.sessions.revoke(request.authSession.id);
        setSessionCookie(reply, result.session.token, result.session.expiresAt, deps.secureCookies);
        deps.devices.remember(reply, request.cookies[DEVICE_COOKIE], result.user.email, deps.secureCookies);
        return { user: result.user };
      },
    );

    app.post(
      '/auth/resend-verification',
      { schema: { tags, summary: 'Email a new verification link', body: resendVerificationSchema, response: { 200: okSchema } } },
      async (request) => {
        await deps.limits.check('resendVerification', request.ip, request.body.email);
        await resendVerification(deps, request.body.email, requestLocale(request), request.body.returnTo);
        return ok;
      },
    );

    app.post(
      '/auth/password-reset',
      { schema: { tags, summary: 'Email a single-use reset link, valid one hour', body: emailOnlySchema, response: { 200: okSchema } } },
      async (request) => {
        await deps.limits.check('passwordReset', request.ip, request.body.email);
        await requestPasswordReset(deps, request.body.email, requestLocale(request));
        return ok;
      },
    );

    app.post(
      '/auth/password-reset/confirm',
      { schema: { tags, summary: 'Set a new password and sign out every session; with two-factor on, needs a current code', body: passwordResetConfirmSchema, response: { 200: okSchema } } },
      async (request) => {
        await confirmPasswordReset(deps, request.body.token, request.body.password, request.body.code, requestLocale(request));
        return ok;
      },
    );
  };
}
