import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandAssetKinds, brandAssetMaxBytes } from '../../../../shared/brand';
import { brandInputSchema, brandSchema } from '../../../../shared/schemas/brand';
import { businessRulesInputSchema, businessRulesSchema } from '../../../../shared/business-rules';
import { actorOf } from '../../auth';
import { getShopSettings, removeBrandAsset, saveBrand, saveBusinessRules, uploadBrandAsset, type BrandDeps } from '../../brand';
import type { AdminDeps } from '../admin-deps';
import { HttpError } from '../../../lib/errors';

const tags = ['admin'];
const permission = 'settings.manage' as const;
const writeLimit = { rateLimit: { max: 60, timeWindow: '10 minutes' } };
const kindParams = z.object({ kind: z.enum(brandAssetKinds) });

/** Settings → Brand and Settings → Business rules. Admin only, every save audited (features/brand). */
export function brandSettingsAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const d: BrandDeps = { db: deps.db, clock: deps.clock, ids: deps.ids };
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/settings/brand',
      {
        config: { permission },
        schema: { tags, summary: 'The brand and the business rules as saved (defaults until then)', response: { 200: z.object({ brand: brandSchema, rules: businessRulesSchema }) } },
      },
      async () => {
        const { brand, rules } = await getShopSettings(deps.db);
        return { brand, rules };
      },
    );

    app.put(
      '/settings/brand',
      {
        config: { permission, ...writeLimit },
        schema: {
          tags,
          summary: "Save the shop's name, primary colour (refused unless it meets AA contrast), support address and links",
          body: brandInputSchema,
          response: { 200: brandSchema },
        },
      },
      async (request) => saveBrand(d, actorOf(request), request.body),
    );

    app.put(
      '/settings/business-rules',
      {
        config: { permission, ...writeLimit },
        schema: {
          tags,
          summary: 'Save the refund window, dunning days, SLA credit tiers and the affiliate programme, with a reason',
          body: businessRulesInputSchema,
          response: { 200: businessRulesSchema },
        },
      },
      async (request) => {
        const { reason, ...rules } = request.body;
        return saveBusinessRules(d, actorOf(request), rules, reason);
      },
    );

    await app.register(async (scope) => {
      const upload = scope.withTypeProvider<ZodTypeProvider>();
      upload.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: Math.max(...Object.values(brandAssetMaxBytes)) + 1024 }, (_request, body, done) =>
        done(null, body),
      );
      upload.put(
        '/settings/brand/:kind',
        {
          config: { permission, ...writeLimit },
          schema: { tags, summary: 'Upload the logo (PNG, WebP or JPEG, up to 200 KB) or favicon (PNG or ICO, up to 64 KB) as application/octet-stream', params: kindParams, response: { 200: brandSchema } },
        },
        async (request) => {
          if (!Buffer.isBuffer(request.body)) throw new HttpError(415, 'unsupported_media_type', 'Send the image as application/octet-stream.');
          return uploadBrandAsset(d, actorOf(request), request.params.kind, request.body);
        },
      );
    });

    app.delete(
      '/settings/brand/:kind',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'Remove the uploaded logo or favicon; the built-in one shows again', params: kindParams, response: { 200: brandSchema } },
      },
      async (request) => removeBrandAsset(d, actorOf(request), request.params.kind),
    );
  };
}
