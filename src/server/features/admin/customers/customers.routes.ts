import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerActionResponseSchema,
  customerCreditAdjustSchema,
  customerCreditResponseSchema,
  customerCreditSchema,
  customerDetailSchema,
  customerListQuerySchema,
  customerListSchema,
  customerNoteSchema,
  customerReasonSchema,
  customerVatIdVerifySchema,
  viewAsResponseSchema,
} from '../../../../shared/schemas/admin/customers';
import { okSchema } from '../../../../shared/schemas/auth';
import { clearViewAsCookie, VIEW_AS_COOKIE, actorOf } from '../../auth';
import { adjustCredit, customerCredit } from '../../billing';
import type { AdminDeps } from '../admin-deps';
import {
  disableCustomerTwoFactor,
  resendCustomerVerification,
  sendCustomerPasswordReset,
  signOutCustomerEverywhere,
  suspendCustomer,
  unsuspendCustomer,
} from './customer-actions.service';
import { getCustomerDetail, listCustomersPage } from './customers.service';
import { verifyCustomerVatId } from './customer-vat-id.service';
import { endViewAs, startViewAs } from './view-as.service';

const tags = ['admin'];
const params = z.object({ id: z.string().max(100) });
function action<B extends z.ZodType>(summary: string, body: B) {
  return { tags, summary, params, body, response: { 200: customerActionResponseSchema } };
}

/** The staff console's customers area: the list, the customer page, its actions and "view as customer". */
export function customersAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const billing = { ...deps, seller: { name: deps.brand, email: deps.config.SUPPORT_EMAIL, url: deps.publicUrl } };
  const secureCookies = deps.config.NODE_ENV === 'production';
  return async (app) => {
    app.get(
      '/customers',
      {
        config: { permission: 'customers.read' },
        schema: { tags, summary: 'Customers and staff, searched, filtered and sorted, a page at a time', querystring: customerListQuerySchema, response: { 200: customerListSchema } },
      },
      async (request) => listCustomersPage(deps, request.query),
    );

    app.get(
      '/customers/:id',
      {
        config: { permission: 'customers.read' },
        schema: { tags, summary: 'Everything about one customer: profile, sessions, servers, money, tickets, referrals, activity', params, response: { 200: customerDetailSchema } },
      },
      async (request) => getCustomerDetail(deps, actorOf(request), request.params.id),
    );

    app.get(
      '/customers/:id/credit',
      {
        config: { permission: 'money.read' },
        schema: { tags, summary: "A customer's credit balance and ledger", params, response: { 200: customerCreditSchema } },
      },
      async (request) => customerCredit(deps, request.params.id),
    );

    app.post(
      '/customers/:id/credit',
      {
        config: { permission: 'money.write' },
        schema: {
          tags,
          summary: "Give or take back credit, with a reason shown on the ledger; the balance cannot go below zero",
          params,
          body: customerCreditAdjustSchema,
          response: { 201: customerCreditResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await adjustCredit(billing, actorOf(request), request.params.id, request.body)),
    );

    app.post(
      '/customers/:id/suspend',
      { config: { permission: 'customers.access' }, schema: action('Suspend the account: signed out, cannot sign in or buy, servers suspended on the panel', customerReasonSchema) },
      async (request) => suspendCustomer(deps, actorOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/customers/:id/unsuspend',
      { config: { permission: 'customers.access' }, schema: action('Lift the suspension and bring back the servers it suspended', customerReasonSchema) },
      async (request) => unsuspendCustomer(deps, actorOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/customers/:id/resend-verification',
      { config: { permission: 'customers.access' }, schema: action('Email a new verification link (unverified accounts only)', customerNoteSchema) },
      async (request) => resendCustomerVerification(deps, actorOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/customers/:id/password-reset',
      { config: { permission: 'customers.access' }, schema: action('Email a one-hour password reset link', customerNoteSchema) },
      async (request) => sendCustomerPasswordReset(deps, actorOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/customers/:id/two-factor/disable',
      { config: { permission: 'customers.access' }, schema: action('Turn off two-factor sign-in (lost authenticator)', customerReasonSchema) },
      async (request) => disableCustomerTwoFactor(deps, actorOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/customers/:id/sign-out-everywhere',
      { config: { permission: 'customers.access' }, schema: action('End every session of the account', customerReasonSchema) },
      async (request) => signOutCustomerEverywhere(deps, actorOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/customers/:id/vat-id/verify',
      {
        config: { permission: 'vat.verify' },
        schema: action("Mark the customer's EU VAT ID as verified by hand, when VIES cannot check it; a reason is required", customerVatIdVerifySchema),
      },
      async (request) => verifyCustomerVatId(deps, actorOf(request), request.params.id, request.body),
    );

    app.post(
      '/customers/:id/view-as',
      {
        config: { permission: 'customers.access' },
        schema: { tags, summary: "Open a read-only view of the customer's dashboard (sets the sp_view_as cookie)", params, body: customerReasonSchema, response: { 200: viewAsResponseSchema } },
      },
      async (request, reply) => {
        const view = await startViewAs(deps, actorOf(request), request.authSession?.id, request.params.id, request.body.reason);
        void reply.setCookie(VIEW_AS_COOKIE, view.token, { httpOnly: true, sameSite: 'lax', path: '/', secure: secureCookies, expires: view.expires });
        return { customerId: view.customerId, customerEmail: view.customerEmail, expiresAt: view.expiresAt };
      },
    );

    app.post(
      '/view-as/exit',
      { config: { permission: 'customers.read' }, schema: { tags, summary: 'End the read-only customer view and clear its cookie', response: { 200: okSchema } } },
      async (request, reply) => {
        await endViewAs(deps, request.authSession?.id);
        clearViewAsCookie(reply, secureCookies);
        return { ok: true as const };
      },
    );
  };
}
