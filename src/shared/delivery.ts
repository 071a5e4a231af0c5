import { z } from 'zod';

/**
 * What buying an add-on or an upgrade pack does (decision 058). Nothing is sold without one:
 * - 'panel': the server's limits on the game panel grow by `amount` per unit taken, applied by the
 *   provisioning and resize jobs and taken back when the add-on goes;
 * - 'priority-support': the customer's tickets go to the front of the staff queue while it lasts;
 * - 'manual': staff deliver it by hand: a task opens in the console, done or refused with a reason.
 * Packs are bought for the account, not for one server, so they take no panel effect.
 */
export const panelResources = ['backups', 'disk', 'databases', 'ports', 'cpu', 'ram'] as const;
export type PanelResource = (typeof panelResources)[number];

export const resourceLabels: Record<PanelResource, { name: string; unit: (n: number) => string; max: number; step: number }> = {
  backups: { name: 'Backup slots', unit: (n) => `${n} backup slot${n === 1 ? '' : 's'}`, max: 100, step: 1 },
  disk: { name: 'Extra disk', unit: (n) => `${n} GB disk`, max: 10_000, step: 1 },
  databases: { name: 'Databases', unit: (n) => `${n} database${n === 1 ? '' : 's'}`, max: 100, step: 1 },
  ports: { name: 'Extra ports', unit: (n) => `${n} extra port${n === 1 ? '' : 's'}`, max: 20, step: 1 },
  cpu: { name: 'CPU', unit: (n) => `${n} vCPU`, max: 64, step: 0.5 },
  ram: { name: 'RAM', unit: (n) => `${n} GB RAM`, max: 256, step: 1 },
};

export const deliveryTypes = ['panel', 'priority-support', 'manual'] as const;
export type DeliveryType = (typeof deliveryTypes)[number];

export const addonDeliverySchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('panel'),
      resource: z.enum(panelResources, 'Choose what it adds on the panel'),
      amount: z.number('Enter a number').positive('More than 0'),
    }),
    z.object({ type: z.literal('priority-support') }),
    z.object({ type: z.literal('manual') }),
  ],
  'Choose how it is delivered',
);
export type AddonDelivery = z.infer<typeof addonDeliverySchema>;

export const packDeliverySchema = z.discriminatedUnion(
  'type',
  [z.object({ type: z.literal('priority-support') }), z.object({ type: z.literal('manual') })],
  'Choose how it is delivered',
);
export type PackDelivery = z.infer<typeof packDeliverySchema>;

/** The amount's own limits, which a schema of the union cannot say per resource. */
export function deliveryProblem(delivery: AddonDelivery): string | null {
  if (delivery.type !== 'panel') return null;
  const r = resourceLabels[delivery.resource];
  if (delivery.amount > r.max) return `At most ${r.max}`;
  if (Math.round(delivery.amount / r.step) * r.step !== delivery.amount) return r.step === 1 ? 'Enter a whole number' : `Use steps of ${r.step}`;
  return null;
}

/** How a customer and staff read it: "+50 GB disk per unit", "Priority support", "Set up by our team". */
export function deliveryLabel(delivery: AddonDelivery | PackDelivery, quantity = 1): string {
  if (delivery.type === 'panel') return `+${resourceLabels[delivery.resource].unit(delivery.amount * quantity)}`;
  if (delivery.type === 'priority-support') return 'Priority support';
  return 'Set up by our team';
}

export interface PanelEffects {
  backups: number;
  diskGb: number;
  databases: number;
  ports: number;
  vcpu: number;
  ramGb: number;
}

export const noEffects: PanelEffects = { backups: 0, diskGb: 0, databases: 0, ports: 0, vcpu: 0, ramGb: 0 };

const field: Record<PanelResource, keyof PanelEffects> = {
  backups: 'backups',
  disk: 'diskGb',
  databases: 'databases',
  ports: 'ports',
  cpu: 'vcpu',
  ram: 'ramGb',
};

/**
 * The two add-ons sold before delivery types existed, as migration 0035 maps them: a catalog
 * built without a delivery (old versions, hand-made test catalogs) still sizes servers the same.
 */
const legacy: Record<string, AddonDelivery> = {
  'automatic-backups': { type: 'panel', resource: 'backups', amount: 7 },
  'additional-ssd': { type: 'panel', resource: 'disk', amount: 50 },
};

export function deliveryOf(addon: { key: string; delivery?: AddonDelivery }): AddonDelivery {
  return addon.delivery ?? legacy[addon.key] ?? { type: 'manual' };
}

/** What a server's add-ons add on the panel, summed over the ones taken (unknown keys add nothing). */
export function panelEffects(addons: readonly { key: string; delivery?: AddonDelivery }[], chosen: Record<string, number>): PanelEffects {
  const sum = { ...noEffects };
  for (const [key, quantity] of Object.entries(chosen)) {
    const addon = addons.find((a) => a.key === key);
    const delivery = addon ? deliveryOf(addon) : legacy[key];
    if (!delivery || delivery.type !== 'panel' || quantity <= 0) continue;
    sum[field[delivery.resource]] += delivery.amount * quantity;
  }
  return sum;
}

/**
 * The add-ons decision 058 retired because nothing ever delivered them (migration 0035 hid them).
 * A service still carrying one shows it as retired and stops paying for it at its next renewal.
 */
export const retiredAddonKeys: readonly string[] = ['discord-integration', 'advanced-analytics'];

export function isRetiredAddon(key: string): boolean {
  return retiredAddonKeys.includes(key);
}

/** The no-charge line a renewal invoice and price notice carry for a retired add-on. */
export function retiredAddonLine(name: string): string {
  return `${name}: no longer offered, so no longer charged`;
}
