import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  brandAssetMaxBytes,
  brandAssetTypes,
  type Brand,
  type BrandAssetKind,
} from '../../../shared/brand';
import type { brandInputSchema } from '../../../shared/schemas/brand';
import type { BusinessRules } from '../../../shared/business-rules';
import type { Db } from '../../db/client';
import { audited, type StaffActor } from '../../lib/audit';
import { badRequest, HttpError } from '../../lib/errors';
import { storeCurrencies } from '../../lib/shop-currency';
import type { Clock, Ids } from '../../lib/runtime';
import { deleteAsset, findAsset, putAsset, settingsRow, writeSettings } from './brand.repository';
import { forgetShopSettings, getShopSettings } from './shop-settings';

/* Settings → Brand and Settings → Business rules: each save is audited in its transaction. */

export interface BrandDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
}

type BrandInput = z.output<typeof brandInputSchema>;
type SavedBrand = Omit<Brand, 'logo' | 'favicon'>;

function savedBrand(input: BrandInput): SavedBrand {
  const socials = Object.fromEntries(Object.entries(input.socials).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return { name: input.name, primaryColor: input.primaryColor, supportEmail: input.supportEmail, discordUrl: input.discordUrl, socials };
}

export async function saveBrand(deps: BrandDeps, actor: StaffActor, input: BrandInput): Promise<Brand> {
  const before = (await getShopSettings(deps.db)).brand;
  await audited(deps, actor, async (tx) => {
    await settingsRow(tx, true);
    const after = savedBrand(input);
    await writeSettings(tx, { brand: after, updatedAt: deps.clock.now(), updatedBy: actor.id });
    const { logo: _logo, favicon: _favicon, ...was } = before;
    return {
      result: undefined,
      audit: { action: 'settings.brand_updated', targetType: 'settings', targetId: 'brand', targetLabel: 'Brand', before: was, after },
    };
  });
  forgetShopSettings(deps.db);
  return (await getShopSettings(deps.db)).brand;
}

export async function saveBusinessRules(deps: BrandDeps, actor: StaffActor, rules: BusinessRules, reason: string): Promise<BusinessRules> {
  await refuseMinimumsOutsideExtras(deps.db, rules);
  const before = (await getShopSettings(deps.db)).rules;
  await audited(deps, actor, async (tx) => {
    await settingsRow(tx, true);
    await writeSettings(tx, { rules, updatedAt: deps.clock.now(), updatedBy: actor.id });
    return {
      result: undefined,
      audit: {
        action: 'settings.business_rules_updated',
        targetType: 'settings',
        targetId: 'business-rules',
        targetLabel: 'Business rules',
        before: { ...before },
        after: { ...rules },
        reason,
      },
    };
  });
  forgetShopSettings(deps.db);
  return (await getShopSettings(deps.db)).rules;
}

/** A minimum payout is set only for an extra currency the shop sells in; the shop's own is minimumPayoutCents (decision 080). */
async function refuseMinimumsOutsideExtras(db: Db, rules: BusinessRules): Promise<void> {
  const { shop, extras } = await storeCurrencies(db);
  const stray = Object.keys(rules.affiliate.minimumPayoutByCurrency ?? {}).filter((code) => !extras.includes(code));
  if (stray.length === 0) return;
  const fields = Object.fromEntries(
    stray.map((code) => [
      `affiliate.minimumPayoutByCurrency.${code}`,
      code === shop
        ? `${code.toUpperCase()} is the shop's currency: set its minimum as the minimum payout`
        : `The shop does not sell in ${code.toUpperCase()}: add it under Currencies first`,
    ]),
  );
  throw badRequest(Object.values(fields)[0]!, fields);
}

const kindLabels: Record<BrandAssetKind, string> = { logo: 'logo', favicon: 'favicon' };

/** The type the bytes really are, from their first bytes: the declared type is not trusted. */
export function sniffImageType(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (bytes.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0]))) return 'image/x-icon';
  return null;
}

/**
 * Whether a PNG or JPEG is whole: a PNG ends with its IEND chunk, a JPEG has its end-of-image
 * marker. A file cut short in the upload would show as a broken image on every page, email and
 * invoice. Other types are not checked here.
 */
export function isWholeImage(type: string, bytes: Buffer): boolean {
  if (type === 'image/png') return bytes.length >= 45 && bytes.subarray(-8, -4).toString('latin1') === 'IEND';
  if (type === 'image/jpeg') return bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) > 2;
  return true;
}

function refuseUpload(message: string): never {
  throw new HttpError(400, 'validation_failed', message, { file: message });
}

export async function uploadBrandAsset(deps: BrandDeps, actor: StaffActor, kind: BrandAssetKind, bytes: Buffer): Promise<Brand> {
  const label = kindLabels[kind];
  const max = brandAssetMaxBytes[kind];
  if (bytes.length === 0) refuseUpload(`The ${label} file is empty.`);
  if (bytes.length > max) refuseUpload(`The ${label} is ${Math.ceil(bytes.length / 1024)} KB; it can be at most ${max / 1024} KB.`);
  const type = sniffImageType(bytes);
  const allowed = brandAssetTypes[kind];
  if (!type || !allowed.includes(type)) {
    const names = kind === 'logo' ? 'PNG, WebP or JPEG' : 'PNG or ICO';
    refuseUpload(`The ${label} must be a ${names} image${type ? `, not ${type.replace('image/', '').toUpperCase()}` : ''}.`);
  }
  if (!isWholeImage(type, bytes)) {
    refuseUpload(`The ${label} file is cut short or damaged: it is not a whole ${type.replace('image/', '').toUpperCase()} image. Save it again from your image editor and upload that.`);
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await audited(deps, actor, async (tx) => {
    const previous = await findAsset(tx, kind);
    await putAsset(tx, { kind, contentType: type, data: bytes.toString('base64'), sha256, bytes: bytes.length, updatedAt: deps.clock.now() });
    await writeSettings(tx, { updatedAt: deps.clock.now(), updatedBy: actor.id });
    return {
      result: undefined,
      audit: {
        action: `settings.brand_${kind}_uploaded`,
        targetType: 'settings',
        targetId: `brand-${kind}`,
        targetLabel: `Brand ${label}`,
        before: previous ? { sha256: previous.sha256, bytes: previous.bytes, contentType: previous.contentType } : null,
        after: { sha256, bytes: bytes.length, contentType: type },
      },
    };
  });
  forgetShopSettings(deps.db);
  return (await getShopSettings(deps.db)).brand;
}

export async function removeBrandAsset(deps: BrandDeps, actor: StaffActor, kind: BrandAssetKind): Promise<Brand> {
  await audited(deps, actor, async (tx) => {
    const removed = await deleteAsset(tx, kind);
    if (!removed) throw new HttpError(404, 'not_found', `There is no uploaded ${kindLabels[kind]} to remove.`);
    await writeSettings(tx, { updatedAt: deps.clock.now(), updatedBy: actor.id });
    return {
      result: undefined,
      audit: {
        action: `settings.brand_${kind}_removed`,
        targetType: 'settings',
        targetId: `brand-${kind}`,
        targetLabel: `Brand ${kindLabels[kind]}`,
        before: { sha256: removed.sha256, bytes: removed.bytes, contentType: removed.contentType },
      },
    };
  });
  forgetShopSettings(deps.db);
  return (await getShopSettings(deps.db)).brand;
}
