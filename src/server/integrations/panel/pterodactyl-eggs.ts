import type { PanelEggConfig } from '../../config';
import { PanelError } from './game-panel';
import type { PanelHttp } from './pterodactyl-http';
import type { EggAttributes, PanelItem } from './pterodactyl-types';

export interface EggVariable {
  name: string;
  env: string;
  defaultValue: string;
  /** The rule list contains `required`: the panel refuses the server without a value. */
  required: boolean;
}

export interface PanelEgg {
  egg: number;
  image: string;
  startup: string;
  variables: EggVariable[];
}

type Settings = PanelEggConfig['environment'];
type Value = string | number | boolean;

/** How long an egg read from the panel is trusted before it is read again. */
const EGG_TTL_MS = 5 * 60_000;

function isRequired(rules: string | null | undefined): boolean {
  return (rules ?? '').split('|').some((rule) => rule.trim() === 'required');
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Every variable of the egg with its value: the plan's setting, else the egg's default, else ''.
 * Both panels validate every variable (VariableValidatorService) and store the value sent or '',
 * never the default, so each one is sent. `missing` lists the required ones that have neither.
 */
export function fillVariables(variables: EggVariable[], settings: Settings = {}): { environment: Record<string, Value>; missing: EggVariable[] } {
  const environment: Record<string, Value> = {};
  const missing: EggVariable[] = [];
  for (const v of variables) {
    const set = settings[v.env];
    if (!blank(set)) environment[v.env] = set!;
    else if (!blank(v.defaultValue)) environment[v.env] = v.defaultValue;
    else {
      environment[v.env] = '';
      if (v.required) missing.push(v);
    }
  }
  // Settings for variables the egg does not have are sent too: the panel ignores them.
  for (const [key, value] of Object.entries(settings)) if (!(key in environment)) environment[key] = value;
  return { environment, missing };
}

/** What staff read when a required variable has no value: the variable by name and env key. */
export function missingVariablesMessage(what: string, missing: EggVariable[]): string {
  const names = missing.map((v) => `${v.name} (${v.env})`).join(', ');
  return `${what}: the panel's egg requires ${names}, which has no value in the plan's settings and no default on the egg`;
}

/**
 * Reads an egg and its variables: Pterodactyl at /nests/{nest}/eggs/{egg}, Pelican (no nests) at
 * /eggs/{egg}, both with ?include=variables. PANEL_EGGS' docker_image and startup override the
 * egg's; the variables are always read, since the panel validates every one of them.
 */
export function createEggReader(http: PanelHttp, pelican: boolean, now: () => number) {
  const cache = new Map<string, { at: number; egg: Promise<PanelEgg> }>();

  async function load(key: string, config: PanelEggConfig): Promise<PanelEgg> {
    if (!pelican && !config.nest) {
      throw new PanelError(`PANEL_EGGS.${key} needs "nest": the egg's variables are read from the panel`, false, 'not_configured');
    }
    const path = pelican
      ? `/api/application/eggs/${config.egg}?include=variables`
      : `/api/application/nests/${config.nest}/eggs/${config.egg}?include=variables`;
    const egg = (await http.request<PanelItem<EggAttributes>>('GET', path)).attributes;
    const variables = (egg.relationships?.variables?.data ?? []).map(({ attributes: v }) => ({
      name: v.name ?? v.env_variable,
      env: v.env_variable,
      defaultValue: v.default_value ?? '',
      required: isRequired(v.rules),
    }));
    const image = config.docker_image ?? egg.docker_image ?? Object.values(egg.docker_images ?? {})[0];
    const startup = config.startup ?? egg.startup ?? Object.values(egg.startup_commands ?? {})[0];
    if (!image || !startup) throw new PanelError(`egg ${config.egg} has no docker image or startup`, false, 'not_configured');
    return { egg: config.egg, image, startup, variables };
  }

  /** `fresh` reads the panel again (a check staff asked for after changing the egg). */
  return function read(key: string, config: PanelEggConfig, options: { fresh?: boolean } = {}): Promise<PanelEgg> {
    const cached = cache.get(key);
    if (cached && !options.fresh && now() - cached.at < EGG_TTL_MS) return cached.egg;
    const egg = load(key, config);
    cache.set(key, { at: now(), egg });
    // A failed read is not kept, so the next attempt asks again.
    egg.catch(() => cache.delete(key));
    return egg;
  };
}
