import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInvoiceListQuerySchema,
  adminInvoiceListSchema,
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminProviderCheckSchema,
  adminRefundInputSchema,
} from '../../../../shared/schemas/admin/orders';
import type { AdminDeps } from '../admin-deps';
import { actorOf } from '../../auth';
import { staffDocumentPdf, type PdfDeps } from '../../billing';
import { taxReportQuerySchema } from '../../../../shared/schemas/admin/tax-report';
import { invoicesCsv, ordersCsv } from './orders.csv';
import { taxReportCsv } from './tax-report';
import { getAdminOrder, listAdminInvoices, listAdminOrders, refundAdminOrder } from './orders.service';
import { checkAdminOrderWithProvider } from './provider-check.service';

const tags = ['admin'];
const params = z.object({ id: z.string().max(100) });
const exportOrders = adminOrderListQuerySchema.omit({ page: true, pageSize: true });
const exportInvoices = adminInvoiceListQuerySchema.omit({ page: true, pageSize: true });
const csvDay = (now: Date) => now.toISOString().slice(0, 10);

function pdfDeps(deps: AdminDeps): PdfDeps {
  const { db, clock, ids, payments, events, log, i18n } = deps;
  return { db, clock, ids, payments, events, log, i18n, seller: { name: deps.brand, email: deps.config.SUPPORT_EMAIL, url: deps.publicUrl } };
}

/** The staff console's orders area: orders and invoices with filters and CSV exports, the order page, refunds. */
export function ordersAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders',
      {
        config: { permission: 'money.read' },
        schema: { tags, summary: 'Orders, filtered by status, provider, game, date and amount, a page at a time', querystring: adminOrderListQuerySchema, response: { 200: adminOrderListSchema } },
      },
      async (request) => listAdminOrders(deps, request.query),
    );

    app.get(
      '/tax-report.csv',
      {
        config: { permission: 'money.read' },
        schema: {
          tags,
          summary: 'Invoices and credit notes of a period with net, tax, rate, country, VAT ID and reverse charge; or their totals per country',
          querystring: taxReportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const { from, to, view } = request.query;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="tax-report-${view}-${from}-to-${to}.csv"`)
          .header('cache-control', 'no-store')
          .send(await taxReportCsv(deps.db, request.query));
      },
    );

    app.get(
      '/orders/export.csv',
      {
        config: { permission: 'money.read' },
        schema: { tags, summary: 'The filtered orders as CSV (at most 50,000 rows)', querystring: exportOrders, produces: ['text/csv'] },
      },
      async (request, reply) => {
        const body = await ordersCsv(deps.db, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="orders-${csvDay(deps.clock.now())}.csv"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );

    app.get(
      '/orders/:id',
      {
        config: { permission: 'money.read' },
        schema: { tags, summary: 'One order: lines, payment, server, refunds made and what is left to refund', params, response: { 200: adminOrderDetailSchema } },
      },
      async (request) => getAdminOrder(deps, request.params.id),
    );

    app.post(
      '/orders/:id/refunds',
      {
        config: { permission: 'money.write' },
        schema: {
          tags,
          summary: 'Refund part or all of an order to the card or to account credit; issues a credit note and can cancel the service inside the 48-hour window',
          params,
          body: adminRefundInputSchema,
          response: { 200: adminOrderDetailSchema },
        },
      },
      async (request) => refundAdminOrder(deps, actorOf(request), request.params.id, request.body),
    );

    app.post(
      '/orders/:id/check-provider',
      {
        config: { permission: 'money.write' },
        schema: {
          tags,
          summary: "Ask the payment provider about an unpaid order's checkout, and fulfil the order if it was paid (the webhook's own idempotent path)",
          params,
          response: { 200: adminProviderCheckSchema },
        },
      },
      async (request) => checkAdminOrderWithProvider(deps, actorOf(request), request.params.id),
    );

    app.get(
      '/invoices',
      {
        config: { permission: 'money.read' },
        schema: { tags, summary: 'Invoices, filtered by status, provider, game, date and amount, a page at a time', querystring: adminInvoiceListQuerySchema, response: { 200: adminInvoiceListSchema } },
      },
      async (request) => listAdminInvoices(deps, request.query),
    );

    for (const kind of ['invoice', 'credit_note'] as const) {
      app.get(
        kind === 'invoice' ? '/invoices/:id/pdf' : '/credit-notes/:id/pdf',
        {
          config: { permission: 'money.read' },
          schema: {
            tags,
            summary: kind === 'invoice' ? "Any customer's invoice as a PDF, in the customer's language" : "Any customer's credit note as a PDF, in the customer's language",
            params,
            produces: ['application/pdf'],
          },
        },
        async (request, reply) => {
          const file = await staffDocumentPdf(pdfDeps(deps), kind, request.params.id);
          return reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .header('cache-control', 'no-store')
            .send(file.body);
        },
      );
    }

    app.get(
      '/invoices/export.csv',
      {
        config: { permission: 'money.read' },
        schema: { tags, summary: 'The filtered invoices as CSV (at most 50,000 rows)', querystring: exportInvoices, produces: ['text/csv'] },
      },
      async (request, reply) => {
        const body = await invoicesCsv(deps.db, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="invoices-${csvDay(deps.clock.now())}.csv"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  };
}
