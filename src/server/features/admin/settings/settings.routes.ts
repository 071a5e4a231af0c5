import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSettingsSchema,
  currencySettingsInputSchema,
  currencySettingsSchema,
  extraCurrenciesInputSchema,
  storeSettingsInputSchema,
  storeSettingsSchema,
  taxRateDeleteSchema,
  taxRateIdParams,
  taxRateInputSchema,
  taxRateSchema,
} from '../../../../shared/schemas/admin/settings';
import type { AdminDeps } from '../admin-deps';
import { actorOf } from '../../auth';
import { getCurrencySettings, saveCurrency, saveExtraCurrencies } from './currency.service';
import { createTaxRate, deleteTaxRate, getSettings, saveStoreSettings, updateTaxRate, type SettingsDeps } from './settings.service';

const tags = ['admin'];
const permission = 'settings.manage' as const;
const writeLimit = { rateLimit: { max: 120, timeWindow: '10 minutes' } };

/** /api/admin/settings: the seller on invoices, whether prices include tax, and tax rates. Admin only, audited. */
export function settingsAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const d: SettingsDeps = { db: deps.db, clock: deps.clock, ids: deps.ids };
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/settings',
      { config: { permission }, schema: { tags, summary: 'The store settings and the tax rates', response: { 200: adminSettingsSchema } } },
      async () => getSettings(d),
    );

    app.put(
      '/settings',
      {
        config: { permission, ...writeLimit },
        schema: {
          tags,
          summary: "Save the seller's legal name, address, country and tax ID, and whether prices include tax (a reason is needed to change that)",
          body: storeSettingsInputSchema,
          response: { 200: storeSettingsSchema },
        },
      },
      async (request) => saveStoreSettings(d, actorOf(request), request.body),
    );

    app.get(
      '/settings/currency',
      { config: { permission }, schema: { tags, summary: "The shop's currency and the currencies it may sell in", response: { 200: currencySettingsSchema } } },
      async () => getCurrencySettings(d),
    );

    app.put(
      '/settings/currency',
      {
        config: { permission, ...writeLimit },
        schema: {
          tags,
          summary: "Change the shop's currency, with a reason; refused once anything was sold",
          body: currencySettingsInputSchema,
          response: { 200: currencySettingsSchema },
        },
      },
      async (request) => saveCurrency(d, actorOf(request), request.body),
    );

    app.put(
      '/settings/extra-currencies',
      {
        config: { permission, ...writeLimit },
        schema: {
          tags,
          summary: 'Set the extra currencies customers may pay in, each with its own price list in the catalog; with a reason',
          body: extraCurrenciesInputSchema,
          response: { 200: currencySettingsSchema },
        },
      },
      async (request) => saveExtraCurrencies(d, actorOf(request), request.body),
    );

    app.post(
      '/settings/tax-rates',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'Add a tax rate for a country, or a region of it', body: taxRateInputSchema, response: { 201: taxRateSchema } },
      },
      async (request, reply) => reply.status(201).send(await createTaxRate(d, actorOf(request), request.body)),
    );

    app.put(
      '/settings/tax-rates/:id',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'Change a tax rate', params: taxRateIdParams, body: taxRateInputSchema, response: { 200: taxRateSchema } },
      },
      async (request) => updateTaxRate(d, actorOf(request), request.params.id, request.body),
    );

    app.delete(
      '/settings/tax-rates/:id',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'Remove a tax rate, with a reason', params: taxRateIdParams, body: taxRateDeleteSchema, response: { 200: z.object({ ok: z.literal(true) }) } },
      },
      async (request) => {
        await deleteTaxRate(d, actorOf(request), request.params.id, request.body.reason);
        return { ok: true as const };
      },
    );
  };
}
