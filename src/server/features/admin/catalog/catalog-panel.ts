import type { CatalogDraft, DraftPlan } from '../../../../shared/catalog-draft';
import { effectiveMapping, type PanelMapping } from '../../../../shared/panel-mapping';
import type { PanelPlanCheck, PanelPlanCheckInput } from '../../../../shared/schemas/admin/catalog';
import type { GamePanel } from '../../../integrations/panel/game-panel';
import { badRequest } from '../../../lib/errors';

export interface PanelCheckDeps {
  /** The panel's checks of a plan's set-up (Pterodactyl/Pelican); the simulated panel has no planProblems. */
  panelCheck?: Pick<GamePanel, 'planProblems' | 'hasCapacity'>;
  log: { warn(obj: object, msg?: string): void };
}

/** JSON with sorted keys: the stored version (jsonb) and the request order keys differently. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

function mappingOf(draft: CatalogDraft, plan: DraftPlan): PanelMapping {
  return effectiveMapping(draft.games.find((g) => g.slug === plan.game)?.panel, plan.panel);
}

/**
 * Plans on sale the panel could not set up a server for, keyed like catalogProblems. Only plans
 * added, changed or shown again in this save, or whose game's panel default changed, are asked
 * about, once per game and set-up. A panel that cannot be reached does not block the save:
 * provisioning refuses the same way, by name, before creating anything.
 */
async function panelProblems(deps: PanelCheckDeps, draft: CatalogDraft, previous: CatalogDraft): Promise<Record<string, string>> {
  const ask = deps.panelCheck?.planProblems?.bind(deps.panelCheck);
  if (!ask) return {};
  const before = new Map(previous.plans.map((p) => [p.id, p]));
  const toAsk = new Map<string, { game: string; planId: string; mapping: PanelMapping }>();
  for (const plan of draft.plans) {
    const game = draft.games.find((g) => g.slug === plan.game);
    if (plan.hidden || !game || game.hidden) continue;
    const old = before.get(plan.id);
    const oldGame = previous.games.find((g) => g.slug === plan.game);
    const unchanged = old && !old.hidden && oldGame && !oldGame.hidden && canonical(old) === canonical(plan) && canonical(oldGame.panel ?? null) === canonical(game.panel ?? null);
    if (unchanged) continue;
    const mapping = mappingOf(draft, plan);
    const key = `${plan.game} ${canonical(mapping)}`;
    if (!toAsk.has(key)) toAsk.set(key, { game: plan.game, planId: plan.id, mapping });
  }
  const problems: Record<string, string> = {};
  for (const { game, planId, mapping } of toAsk.values()) {
    let found: string[];
    try {
      found = await ask(game, mapping);
    } catch (error) {
      deps.log.warn({ err: error, game }, 'catalog save: the panel could not be asked about the egg; saved unchecked');
      continue;
    }
    const name = draft.games.find((g) => g.slug === game)?.name ?? game;
    if (found.length > 0) problems[`plans.${planId}`] = `${name} servers cannot be set up on the panel: ${found.join('; ')}`;
  }
  return problems;
}

/** Refuses the save or preview, naming the variable, when a plan could not be set up on the panel. */
export async function checkPanel(deps: PanelCheckDeps, draft: CatalogDraft, previous: CatalogDraft): Promise<void> {
  const problems = await panelProblems(deps, draft, previous);
  const first = Object.values(problems)[0];
  if (first) throw badRequest(first, problems);
}

/**
 * 'Check against the panel': the plan's egg variables as the panel would validate them, and
 * whether a node in each location on sale could take a server of its size. Creates nothing.
 */
export async function checkPlanOnPanel(deps: PanelCheckDeps, input: PanelPlanCheckInput): Promise<PanelPlanCheck> {
  const plan = input.catalog.plans.find((p) => p.id === input.planId);
  if (!plan) throw badRequest(`There is no plan ${input.planId} in this catalog.`);
  const panel = deps.panelCheck;
  if (!panel?.planProblems) return { simulated: true, problems: [], locations: [] };
  const mapping = mappingOf(input.catalog, plan);
  const problems = await panel.planProblems(plan.game, mapping).catch((error: unknown) => [
    `The panel could not be asked: ${error instanceof Error ? error.message : String(error)}`,
  ]);
  const locations = [];
  for (const location of input.catalog.locations.filter((l) => !l.hidden)) {
    const vcpu = mapping.cpuPercent != null ? mapping.cpuPercent / 100 : plan.vcpu;
    const fits = await panel.hasCapacity(location.value, { ramGb: plan.ramGb, diskGb: plan.diskGb, vcpu, deployTo: mapping.deployTo }).catch(() => false);
    locations.push({ value: location.value, label: location.label, fits });
  }
  if (locations.length > 0 && !locations.some((l) => l.fits)) problems.push('No node in any location on sale has room for a server of this plan.');
  return { simulated: false, problems, locations };
}
