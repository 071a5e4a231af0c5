import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingHistoryEntrySchema,
  billingOverviewSchema,
  cancellationSchema,
  creditNoteDetailSchema,
  invoiceDetailSchema,
  paymentMethodSchema,
} from '../../../shared/schemas/billing';
import { localeCookie } from '../../../shared/i18n/locales';
import { requireUser, signedIn } from '../auth';
import { creditNotePdf, documentLocale, invoicePdf, type PdfDeps, type PdfFile } from './invoice-pdf.service';
import { wordingIn } from './wording';
import { billingHistory, billingOverview, creditNoteDetail, invoiceDetail } from './billing.service';
import { cancelAtPeriodEnd, resumeService } from './cancellation.service';
import { listPaymentMethods, removePaymentMethod, setDefaultPaymentMethod } from './payment-methods.service';

const tags = ['billing'];
/** Ids are only length-checked: a malformed one is answered like a missing row, with 404. */
const idParams = z.object({ id: z.string().max(100) });
const methodList = z.array(paymentMethodSchema);

/** Billing overview, saved cards, history, invoices, cancel at period end, and staff credit. */
export function billingRoutes(deps: Omit<PdfDeps, 'log'>): FastifyPluginAsyncZod {
  return async (app) => {
    const d: PdfDeps = { ...deps, log: app.log };
    const language = (request: FastifyRequest) => ({ cookie: request.cookies?.[localeCookie], acceptLanguage: request.headers['accept-language'] });
    // What billing stored as words (lines, notes, the history's entries), in the page's language: the same choice as its PDF.
    const wording = async (request: FastifyRequest) => wordingIn(d.i18n, await documentLocale(d, requireUser(request).id, language(request)));
    const sendPdf = (reply: FastifyReply, file: PdfFile) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/billing',
      {
        onRequest: signedIn,
        schema: { tags, summary: 'Balance, next payment, this month, saved cards, and upcoming bills', response: { 200: billingOverviewSchema } },
      },
      // Staff viewing as the customer read the saved cards as known, changing nothing.
      async (request) => billingOverview(d, requireUser(request).id, { readOnly: request.viewAs !== null }),
    );

    app.get(
      '/billing/payment-methods',
      {
        onRequest: signedIn,
        schema: { tags, summary: 'Your saved cards; the default is charged for renewals', response: { 200: methodList } },
      },
      async (request) => listPaymentMethods(d, requireUser(request).id),
    );

    app.post(
      '/billing/payment-methods/:id/default',
      {
        onRequest: signedIn,
        schema: { tags, summary: 'Make one of your cards the default', params: idParams, response: { 200: methodList } },
      },
      async (request) => setDefaultPaymentMethod(d, requireUser(request).id, request.params.id),
    );

    app.delete(
      '/billing/payment-methods/:id',
      {
        onRequest: signedIn,
        schema: { tags, summary: 'Remove one of your saved cards', params: idParams, response: { 200: methodList } },
      },
      async (request) => removePaymentMethod(d, requireUser(request).id, request.params.id),
    );

    app.get(
      '/invoices',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Every charge, refund and credit, and the renewals to come, newest first',
          response: { 200: z.array(billingHistoryEntrySchema) },
        },
      },
      async (request) => billingHistory(d, requireUser(request).id, await wording(request)),
    );

    app.get(
      '/invoices/:id',
      {
        onRequest: signedIn,
        schema: { tags, summary: "One of your invoices; another customer's answers 404", params: idParams, response: { 200: invoiceDetailSchema } },
      },
      async (request) => invoiceDetail(d, requireUser(request).id, request.params.id, await wording(request)),
    );

    app.get(
      '/credit-notes/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: "One of your credit notes (issued by a refund, linked to its invoice); another customer's answers 404",
          params: idParams,
          response: { 200: creditNoteDetailSchema },
        },
      },
      async (request) => creditNoteDetail(d, requireUser(request).id, request.params.id, await wording(request)),
    );

    app.get(
      '/invoices/:id/pdf',
      {
        onRequest: signedIn,
        schema: { tags, summary: "One of your invoices as a PDF, in your language; another customer's answers 404", params: idParams, produces: ['application/pdf'] },
      },
      async (request, reply) => sendPdf(reply, await invoicePdf(d, requireUser(request).id, request.params.id, language(request))),
    );

    app.get(
      '/credit-notes/:id/pdf',
      {
        onRequest: signedIn,
        schema: { tags, summary: "One of your credit notes as a PDF, in your language; another customer's answers 404", params: idParams, produces: ['application/pdf'] },
      },
      async (request, reply) => sendPdf(reply, await creditNotePdf(d, requireUser(request).id, request.params.id, language(request))),
    );

    app.post(
      '/services/:id/cancel',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Cancel a service at the end of its paid period; asking again answers the same date',
          params: idParams,
          response: { 200: cancellationSchema },
        },
      },
      async (request) => cancelAtPeriodEnd(d, requireUser(request).id, request.params.id),
    );

    app.delete(
      '/services/:id/cancel',
      {
        onRequest: signedIn,
        schema: { tags, summary: 'Withdraw a cancellation: the service renews as usual', params: idParams },
      },
      async (request, reply) => {
        await resumeService(d, requireUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );

  };
}
