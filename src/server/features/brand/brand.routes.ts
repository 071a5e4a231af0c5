import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandAssetKinds } from '../../../shared/brand';
import { brandSchema } from '../../../shared/schemas/brand';
import type { Db } from '../../db/client';
import { findAsset } from './brand.repository';
import { getShopSettings } from './shop-settings';
import { businessRulesSchema } from '../../../shared/business-rules';

const tags = ['brand'];

/**
 * The brand and business rules as the storefront shows them, and the uploaded logo and favicon.
 * Public: everything here is printed on public pages anyway.
 */
export function brandRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/brand',
      {
        schema: {
          tags,
          summary: "The shop's name, logo, colour, contact links and the business rules its pages state",
          response: { 200: z.object({ version: z.number().int(), brand: brandSchema, rules: businessRulesSchema }) },
        },
      },
      async (_request, reply) => {
        // Short: a save shows within seconds, yet a burst of page loads asks once.
        reply.header('cache-control', 'public, max-age=2');
        return getShopSettings(deps.db);
      },
    );

    app.get(
      '/brand/:kind/:hash',
      {
        schema: {
          tags,
          summary: 'The uploaded logo or favicon; the hash in the address changes with the file, so it is cached for good',
          params: z.object({ kind: z.enum(brandAssetKinds), hash: z.string().regex(/^[0-9a-f]{1,64}$/) }),
        },
      },
      async (request, reply) => {
        const asset = await findAsset(deps.db, request.params.kind);
        if (!asset) return reply.status(404).send({ error: { code: 'not_found', message: 'No image has been uploaded here.' } });
        const current = asset.sha256.startsWith(request.params.hash);
        return reply
          .type(asset.contentType)
          .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=60')
          .header('etag', `"${asset.sha256.slice(0, 32)}"`)
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(asset.data, 'base64'));
      },
    );
  };
}
