import { z } from 'zod';

/**
 * How a plan is set up on Pterodactyl/Pelican, kept in the catalog and versioned with it
 * (decision 045). A game sets the default; a plan overrides any field it sets. Every field is
 * optional: what neither sets comes from PANEL_EGGS and the panel's own defaults.
 */
const whole = (min: number, max: number) =>
  z.number('Enter a number').int('Enter a whole number').min(min, `At least ${min}`).max(max, `At most ${max}`);
const envName = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{1,191}$/, 'An egg variable name such as SERVER_JARFILE');

export const panelMappingSchema = z.object({
  /** Pterodactyl's nest of the egg; Pelican has none. */
  nest: whole(1, 1_000_000).nullable().optional(),
  egg: whole(1, 1_000_000).nullable().optional(),
  dockerImage: z.string().trim().min(1, 'Required').max(191, 'At most 191 characters').nullable().optional(),
  startup: z.string().trim().min(1, 'Required').max(2000, 'At most 2000 characters').nullable().optional(),
  /** Values for the egg's variables; the egg's default fills the rest. */
  variables: z.record(envName, z.string().max(191, 'At most 191 characters')).optional(),
  /** The egg variable that gets the plan's player cap (MAX_PLAYERS and the like). */
  playerCapVariable: envName.nullable().optional(),
  /** % of one core; unset is the plan's vCPU × 100. */
  cpuPercent: whole(0, 100_000).nullable().optional(),
  /** MB; -1 unlimited. */
  swapMb: whole(-1, 1_000_000).nullable().optional(),
  /** Block IO weight, 10–1000. */
  ioWeight: whole(10, 1000).nullable().optional(),
  /** Ports beyond the main one (Rust's RCON, Geyser's Bedrock port). */
  extraPorts: whole(0, 20).nullable().optional(),
  databases: whole(0, 100).nullable().optional(),
  /** Backup slots on the panel; unset follows the plan's backup add-ons. */
  backups: whole(0, 100).nullable().optional(),
  /** Panel location ids (Pterodactyl) or node tags (Pelican) it may deploy to; unset is the location's own. */
  deployTo: z.array(z.string().trim().min(1).max(64)).max(20, 'At most 20').nullable().optional(),
});

export type PanelMapping = z.infer<typeof panelMappingSchema>;

/** The game's default overlaid by the plan's fields; variables merge, the plan's winning. */
export function effectiveMapping(game: PanelMapping | null | undefined, plan: PanelMapping | null | undefined): PanelMapping {
  const merged: PanelMapping = { ...(game ?? {}) };
  for (const [field, value] of Object.entries(plan ?? {}) as [keyof PanelMapping, unknown][]) {
    if (value !== null && value !== undefined && field !== 'variables') (merged as Record<string, unknown>)[field] = value;
  }
  const variables = { ...(game?.variables ?? {}), ...(plan?.variables ?? {}) };
  if (Object.keys(variables).length > 0) merged.variables = variables;
  return merged;
}

/**
 * The plan's set-up with what the server's add-ons add (shared/delivery.ts). A field the plan sets
 * grows by the add-ons' amount; databases and ports are set whenever `explicit` (a resize that
 * adds or removes them must say the new count, not keep the panel's).
 */
export function mappingWithAddons(
  mapping: PanelMapping | undefined,
  effects: { databases: number; ports: number; backups: number; vcpu: number },
  explicit = false,
): PanelMapping | undefined {
  const out: PanelMapping = { ...(mapping ?? {}) };
  if (effects.databases > 0 || explicit) out.databases = (mapping?.databases ?? 0) + effects.databases;
  if (effects.ports > 0 || explicit) out.extraPorts = (mapping?.extraPorts ?? 0) + effects.ports;
  if (mapping?.backups != null) out.backups = mapping.backups + effects.backups;
  if (mapping?.cpuPercent != null) out.cpuPercent = mapping.cpuPercent + Math.round(effects.vcpu * 100);
  return mapping || Object.keys(out).length > 0 ? out : undefined;
}
