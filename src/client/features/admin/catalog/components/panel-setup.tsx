import { useState } from 'react';
import type { DraftGame, DraftPlan } from '../../../../../shared/catalog-draft';
import type { PanelMapping } from '../../../../../shared/panel-mapping';
import type { PanelPlanCheck } from '../../../../../shared/schemas/admin/catalog';
import { Button } from '../../../../components/ui/button';
import { useCheckPlanOnPanel } from '../api/check-plan-on-panel';
import { NumberInput, TextInput } from './catalog-inputs';
import { editItem, nameOf, type SectionProps } from './section-kit';

type NumberField = 'nest' | 'egg' | 'cpuPercent' | 'swapMb' | 'ioWeight' | 'extraPorts' | 'databases' | 'backups';
type TextField = 'dockerImage' | 'startup' | 'playerCapVariable';

const numberFields: [NumberField, string][] = [
  ['nest', 'Nest'],
  ['egg', 'Egg'],
  ['cpuPercent', 'CPU %'],
  ['swapMb', 'Swap (MB)'],
  ['ioWeight', 'IO weight'],
  ['extraPorts', 'Extra ports'],
  ['databases', 'Databases'],
  ['backups', 'Backup slots'],
];
const textFields: [TextField, string][] = [
  ['dockerImage', 'Docker image'],
  ['startup', 'Startup command'],
  ['playerCapVariable', 'Player cap variable'],
];

/** An empty mapping is stored as null: the game (or PANEL_EGGS) decides everything. */
function tidy(mapping: PanelMapping): PanelMapping | null {
  const kept = Object.entries(mapping).filter(([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0) && !(typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0));
  return kept.length ? (Object.fromEntries(kept) as PanelMapping) : null;
}

function variablesText(variables: Record<string, string> | undefined): string {
  return Object.entries(variables ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
}

function parseVariables(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/** The fields of one panel mapping; blank means "inherit" (the game's default, then PANEL_EGGS). */
function MappingFields({ value, onChange, label }: { value: PanelMapping | null | undefined; onChange: (next: PanelMapping | null) => void; label: string }) {
  const mapping = value ?? {};
  const [variables, setVariables] = useState(variablesText(mapping.variables));
  const set = (change: Partial<PanelMapping>) => onChange(tidy({ ...mapping, ...change }));
  return (
    <div className="grid gap-2 sm:grid-cols-4">
      {numberFields.map(([field, name]) => (
        <label key={field} className="text-xs text-muted">
          {name}
          <NumberInput optional label={`${label} ${name}`} value={mapping[field] ?? null} onChange={(v) => set({ [field]: v })} />
        </label>
      ))}
      {textFields.map(([field, name]) => (
        <label key={field} className="text-xs text-muted sm:col-span-2">
          {name}
          <TextInput label={`${label} ${name}`} value={mapping[field] ?? ''} onChange={(v) => set({ [field]: v.trim() === '' ? null : v })} />
        </label>
      ))}
      <label className="text-xs text-muted sm:col-span-2">
        Deploy to (panel locations or node tags, comma-separated)
        <TextInput
          label={`${label} deploy to`}
          value={(mapping.deployTo ?? []).join(', ')}
          onChange={(v) => set({ deployTo: v.split(',').map((s) => s.trim()).filter(Boolean) })}
        />
      </label>
      <label className="text-xs text-muted sm:col-span-4">
        Egg variables (one NAME=value a line)
        <textarea
          aria-label={`${label} egg variables`}
          className="mt-1 block w-full rounded-md border border-line bg-surface px-2 py-1 font-mono text-sm"
          rows={3}
          value={variables}
          onChange={(e) => {
            setVariables(e.target.value);
            set({ variables: parseVariables(e.target.value) });
          }}
        />
      </label>
    </div>
  );
}

function CheckResult({ result }: { result: PanelPlanCheck }) {
  if (result.simulated) return <p className="text-sm text-muted">The simulated panel needs no set-up: there is nothing to check.</p>;
  return (
    <div className="space-y-1 text-sm" role="status">
      {result.problems.length === 0 ? (
        <p className="text-success">The panel would accept this plan.</p>
      ) : (
        <ul className="list-disc pl-5 text-danger">
          {result.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <p className="text-muted">
        {result.locations.map((l) => `${l.label}: ${l.fits ? 'a node has room' : 'no node has room'}`).join(' · ')}
      </p>
    </div>
  );
}

function PlanOverrides({ plan, props }: { plan: DraftPlan; props: SectionProps }) {
  const label = nameOf(props, 'plans', plan);
  const check = useCheckPlanOnPanel();
  return (
    <details className="rounded-md border border-line p-3">
      <summary className="cursor-pointer text-sm font-medium">{label}: overrides</summary>
      <div className="mt-2 space-y-2">
        <MappingFields label={`${label} panel`} value={plan.panel} onChange={(next) => editItem(props, 'plans', plan, (p) => void (p.panel = next))} />
        <Button size="sm" variant="outline" disabled={check.isPending} onClick={() => check.mutate({ catalog: props.draft, planId: plan.id })}>
          {check.isPending ? 'Checking…' : 'Check against the panel'}
        </Button>
        {check.data && <CheckResult result={check.data} />}
      </div>
    </details>
  );
}

/**
 * How the game's servers are set up on Pterodactyl/Pelican: the game's default, then each plan's
 * overrides. Saved with the catalog as a new version; a running service keeps the version it has.
 */
export function PanelSetup({ game, props }: { game: DraftGame; props: SectionProps }) {
  const plans = props.draft.plans.filter((p) => p.game === game.slug);
  return (
    <details className="mt-3 rounded-md border border-line p-3">
      <summary className="cursor-pointer text-sm font-medium">Panel set-up for {game.name}</summary>
      <div className="mt-2 space-y-3">
        <p className="text-xs text-muted">Blank fields follow the game&apos;s default, then PANEL_EGGS and the egg&apos;s own defaults.</p>
        <MappingFields
          label={`${game.name} default panel`}
          value={game.panel}
          onChange={(next) => editItem(props, 'games', game, (g) => void (g.panel = next))}
        />
        {plans.map((plan) => (
          <PlanOverrides key={props.draft.plans.indexOf(plan)} plan={plan} props={props} />
        ))}
      </div>
    </details>
  );
}
