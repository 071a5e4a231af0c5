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
