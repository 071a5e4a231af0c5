import { Plus } from 'lucide-react';
import type { DraftGame, DraftPlan } from '../../../../../shared/catalog-draft';
import { Button } from '../../../../components/ui/button';
import { PanelSetup } from './panel-setup';
import { Checkbox, freeKey, Head, InUse, NumberInput, PriceInput, TextInput } from './catalog-inputs';
import { Cell, editItem, hasProblem, isNew, KeyCell, nameOf, removeItem, Row, SectionCard, SectionProblems, StateBadges, Table, type SectionProps } from './section-kit';

const columnsIn = (currency: string) => [
  'Plan',
  'Id',
  'RAM (GB)',
  'vCPU',
  'Disk (GB)',
  'Players',
  `Monthly price (${currency.toUpperCase()})`,
  { label: 'Recommended', hint: 'The plan the configurator starts on; one per game' },
  { label: 'On sale', hint: 'Hidden plans stay on the services that already have them' },
  'In use',
  '',
];

function PlanRow({ plan, props }: { plan: DraftPlan; props: SectionProps }) {
  const label = nameOf(props, 'plans', plan);
  const fresh = isNew(props.saved, 'plans', plan.id);
  const bad = (field: string) => hasProblem(props.problems, `plans.${plan.id}.${field}`);
  const set = (change: (p: DraftPlan) => void) => editItem(props, 'plans', plan, change);
  return (
    <Row hidden={plan.hidden}>
      <Cell>
        <div className="flex items-center gap-2">
          <TextInput className="min-w-[7rem]" label={`${label} name`} value={plan.name} invalid={bad('name')} onChange={(v) => set((p) => void (p.name = v))} />
          <StateBadges hidden={plan.hidden} isNewItem={fresh} />
        </div>
      </Cell>
      <Cell>
        <KeyCell isNewItem={fresh} value={plan.id} label={`${label} id`} invalid={bad('id')} onChange={(v) => set((p) => void (p.id = v))} />
      </Cell>
      <Cell>
        <NumberInput label={`${label} RAM in GB`} value={plan.ramGb} invalid={bad('ramGb')} onChange={(v) => set((p) => void (p.ramGb = v ?? Number.NaN))} />
      </Cell>
      <Cell>
        <NumberInput label={`${label} vCPU`} step={0.5} value={plan.vcpu} invalid={bad('vcpu')} onChange={(v) => set((p) => void (p.vcpu = v ?? Number.NaN))} />
      </Cell>
      <Cell>
        <NumberInput label={`${label} disk in GB`} value={plan.diskGb} invalid={bad('diskGb')} onChange={(v) => set((p) => void (p.diskGb = v ?? Number.NaN))} />
      </Cell>
      <Cell>
        <NumberInput label={`${label} player cap`} value={plan.playerCap} invalid={bad('playerCap')} onChange={(v) => set((p) => void (p.playerCap = v ?? Number.NaN))} />
      </Cell>
      <Cell>
        <PriceInput currency={props.currency} label={`${label} monthly price in ${props.currency.toUpperCase()}`} warnBelowMinimum minor={plan.priceCents} invalid={bad('priceCents')} onChange={(v) => set((p) => void (p.priceCents = v))} />
      </Cell>
      <Cell className="px-2 py-2 text-center">
        <Checkbox
          label={`Recommend ${label}`}
          checked={plan.recommended}
          onChange={(checked) =>
            props.update((d) => {
              const index = props.draft.plans.indexOf(plan);
              // One recommended plan per game: choosing one clears the others.
              for (const [i, p] of d.plans.entries()) if (p.game === plan.game) p.recommended = checked && i === index;
            })
          }
        />
      </Cell>
      <Cell className="px-2 py-2 text-center">
        <Checkbox label={`${label} on sale`} checked={!plan.hidden} onChange={(checked) => set((p) => void (p.hidden = !checked))} />
      </Cell>
      <Cell>
        <InUse count={props.usage.plans[plan.id]} />
      </Cell>
      <Cell>
        {fresh && (
          <Button size="sm" variant="ghost" onClick={() => removeItem(props, 'plans', plan)}>
            Remove
          </Button>
        )}
      </Cell>
    </Row>
  );
}

function GamePlans({ game, props }: { game: DraftGame; props: SectionProps }) {
  const plans = props.draft.plans.filter((p) => p.game === game.slug);
  function add() {
    props.update((d) => {
      const last = plans.at(-1);
      d.plans.push({
        id: freeKey(`${game.slug}-new-plan`, d.plans.map((p) => p.id)),
        game: game.slug,
        name: 'New plan',
        ramGb: last ? last.ramGb * 2 : 2,
        vcpu: last ? last.vcpu * 2 : 1,
        diskGb: last ? last.diskGb * 2 : 20,
        playerCap: game.playerCap,
        priceCents: last ? last.priceCents * 2 : 500,
        description: '',
        recommended: false,
        sort: Math.max(0, ...d.plans.filter((p) => p.game === game.slug).map((p) => p.sort)) + 1,
        hidden: true,
      });
    });
  }
  return (
    <SectionCard
      title={
        <span className="flex items-center gap-2">
          {game.name} plans {game.hidden && <StateBadges hidden isNewItem={false} />}
        </span>
      }
      description={game.hidden ? 'The game is hidden, so none of its plans are on sale.' : undefined}
      actions={
        <Button size="sm" variant="outline" onClick={add}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add {game.name} plan
        </Button>
      }
    >
      <Table caption={`${game.name} plans`}>
        <Head columns={columnsIn(props.currency)} />
        <tbody>
          {plans.map((plan) => (
            <PlanRow key={props.draft.plans.indexOf(plan)} plan={plan} props={props} />
          ))}
        </tbody>
      </Table>
      <PanelSetup game={game} props={props} />
    </SectionCard>
  );
}

export function PlansSection(props: SectionProps) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        A new plan starts hidden: fill it in, then put it on sale. A higher price reaches existing services only after 30 days&apos; notice; a
        lower one at their next renewal.
      </p>
      {props.draft.games.map((game) => (
        <GamePlans key={game.slug} game={game} props={props} />
      ))}
      <SectionProblems problems={props.problems} section="plans" />
    </div>
  );
}
