import { Plus } from 'lucide-react';
import type { DraftAddon, DraftGame, DraftLocation, DraftPeriod } from '../../../../../shared/catalog-draft';
import { Button } from '../../../../components/ui/button';
import { AddonDeliveryInput } from './delivery-input';
import { formatMoney } from '../../../../../shared/money';
import { Checkbox, freeKey, Head, InUse, NumberInput, PriceInput, TextInput } from './catalog-inputs';
import { Cell, editItem, hasProblem, isNew, KeyCell, nameOf, removeItem, Row, SectionCard, SectionProblems, StateBadges, Table, type SectionProps } from './section-kit';

const onSale = { label: 'On sale', hint: 'Hidden items stay on the services that already have them' };
const nextSort = (items: { sort: number }[]) => Math.max(0, ...items.map((i) => i.sort)) + 1;

function RemoveNew({ show, onClick }: { show: boolean; onClick: () => void }) {
  if (!show) return null;
  return (
    <Button size="sm" variant="ghost" onClick={onClick}>
      Remove
    </Button>
  );
}

function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" onClick={onClick}>
      <Plus className="h-4 w-4" aria-hidden="true" /> {label}
    </Button>
  );
}

export function AddonsSection(props: SectionProps) {
  const row = (addon: DraftAddon, index: number) => {
    const label = nameOf(props, 'addons', addon);
    const fresh = isNew(props.saved, 'addons', addon.key);
    const bad = (field: string) => hasProblem(props.problems, `addons.${addon.key}.${field}`);
    const set = (change: (a: DraftAddon) => void) => editItem(props, 'addons', addon, change);
    return (
      <Row key={index} hidden={addon.hidden}>
        <Cell>
          <div className="flex items-center gap-2">
            <TextInput className="min-w-[9rem]" label={`${label} name`} value={addon.name} invalid={bad('name')} onChange={(v) => set((a) => void (a.name = v))} />
            <StateBadges hidden={addon.hidden} isNewItem={fresh} />
          </div>
        </Cell>
        <Cell>
          <KeyCell isNewItem={fresh} value={addon.key} label={`${label} id`} invalid={bad('key')} onChange={(v) => set((a) => void (a.key = v))} />
        </Cell>
        <Cell>
          <TextInput className="min-w-[12rem]" label={`${label} description`} value={addon.description} invalid={bad('description')} onChange={(v) => set((a) => void (a.description = v))} />
        </Cell>
        <Cell>
          <PriceInput currency={props.currency} label={`${label} monthly price in ${props.currency.toUpperCase()}`} minor={addon.priceCents} invalid={bad('priceCents')} onChange={(v) => set((a) => void (a.priceCents = v))} />
        </Cell>
        <Cell>
          <div className="flex items-center gap-2">
            <Checkbox
              label={`${label} can be taken several times`}
              checked={addon.maxQuantity > 1}
              onChange={(several) => set((a) => void (a.maxQuantity = several ? Math.max(2, a.maxQuantity) : 1))}
            />
            {addon.maxQuantity > 1 && (
              <NumberInput
                className="w-20"
                label={`${label} most per server`}
                value={addon.maxQuantity}
                invalid={bad('maxQuantity')}
                onChange={(v) => set((a) => void (a.maxQuantity = v ?? Number.NaN))}
              />
            )}
          </div>
        </Cell>
        <Cell>
          <AddonDeliveryInput label={label} value={addon.delivery} invalid={bad('delivery')} onChange={(v) => set((a) => void (a.delivery = v))} />
        </Cell>
        <Cell className="px-2 py-2 text-center">
          <Checkbox label={`${label} on sale`} checked={!addon.hidden} onChange={(checked) => set((a) => void (a.hidden = !checked))} />
        </Cell>
        <Cell>
          <InUse count={props.usage.addons[addon.key]} />
        </Cell>
        <Cell>
          <RemoveNew show={fresh} onClick={() => removeItem(props, 'addons', addon)} />
        </Cell>
      </Row>
    );
  };
  const add = () =>
    props.update((d) =>
      void d.addons.push({
        key: freeKey('new-add-on', d.addons.map((a) => a.key)),
        name: 'New add-on',
        description: '',
        priceCents: 100,
        maxQuantity: 1,
        sort: nextSort(d.addons),
        hidden: true,
        delivery: { type: 'manual' },
      }),
    );
  return (
    <SectionCard title="Add-ons" description="Monthly extras on a server. One that can be taken several times is bought in steps." actions={<AddButton label="Add add-on" onClick={add} />}>
      <Table caption="Add-ons">
        <Head columns={['Add-on', 'Id', 'Description', `Monthly price (${props.currency.toUpperCase()})`, { label: 'Several per server', hint: 'And the most one server can take' }, { label: 'Delivery', hint: 'What buying it does' }, onSale, 'In use', '']} />
        <tbody>{props.draft.addons.map(row)}</tbody>
      </Table>
      <SectionProblems problems={props.problems} section="addons" />
    </SectionCard>
  );
}

export function PeriodsSection(props: SectionProps) {
  const row = (period: DraftPeriod, index: number) => {
    const label = nameOf(props, 'periods', period);
    const fresh = isNew(props.saved, 'periods', period.value);
    const bad = (field: string) => hasProblem(props.problems, `periods.${period.value}.${field}`);
    const set = (change: (p: DraftPeriod) => void) => editItem(props, 'periods', period, change);
    return (
      <Row key={index} hidden={period.hidden}>
        <Cell>
          <div className="flex items-center gap-2">
            <TextInput className="min-w-[8rem]" label={`${label} label`} value={period.label} invalid={bad('label')} onChange={(v) => set((p) => void (p.label = v))} />
            <StateBadges hidden={period.hidden} isNewItem={fresh} />
          </div>
        </Cell>
        <Cell>
          <KeyCell isNewItem={fresh} value={period.value} label={`${label} id`} invalid={bad('value')} onChange={(v) => set((p) => void (p.value = v))} />
        </Cell>
        <Cell>
          <NumberInput label={`${label} months`} value={period.months} invalid={bad('months')} onChange={(v) => set((p) => void (p.months = v ?? Number.NaN))} />
        </Cell>
        <Cell>
          <NumberInput
            label={`${label} discount in percent`}
            value={period.discountPercent}
            invalid={bad('discountPercent')}
            onChange={(v) => set((p) => void (p.discountPercent = v ?? Number.NaN))}
          />
        </Cell>
        <Cell className="px-2 py-2 text-center">
          <Checkbox label={`${label} on sale`} checked={!period.hidden} onChange={(checked) => set((p) => void (p.hidden = !checked))} />
        </Cell>
        <Cell>
          <InUse count={props.usage.periods[period.value]} />
        </Cell>
        <Cell>
          <RemoveNew show={fresh} onClick={() => removeItem(props, 'periods', period)} />
        </Cell>
      </Row>
    );
  };
  const add = () =>
    props.update((d) =>
      void d.periods.push({
        value: freeKey('24months', d.periods.map((p) => p.value)),
        label: '24 Months',
        months: 24,
        discountPercent: 25,
        sort: nextSort(d.periods),
        hidden: true,
      }),
    );
  return (
    <SectionCard
      title="Billing periods"
      description="The total is (plan + add-ons) × months × (1 − discount), rounded to the cent once."
      actions={<AddButton label="Add billing period" onClick={add} />}
    >
      <Table caption="Billing periods">
        <Head columns={['Period', 'Id', 'Months', 'Discount (%)', onSale, 'In use', '']} />
        <tbody>{props.draft.periods.map(row)}</tbody>
      </Table>
      <SectionProblems problems={props.problems} section="periods" />
    </SectionCard>
  );
}

export function LocationsSection(props: SectionProps) {
  const row = (location: DraftLocation, index: number) => {
    const label = nameOf(props, 'locations', location);
    const fresh = isNew(props.saved, 'locations', location.value);
    const bad = (field: string) => hasProblem(props.problems, `locations.${location.value}.${field}`);
    const set = (change: (l: DraftLocation) => void) => editItem(props, 'locations', location, change);
    return (
      <Row key={index} hidden={location.hidden}>
        <Cell>
          <div className="flex items-center gap-2">
            <TextInput className="min-w-[12rem]" label={`${label} label`} value={location.label} invalid={bad('label')} onChange={(v) => set((l) => void (l.label = v))} />
            <StateBadges hidden={location.hidden} isNewItem={fresh} />
          </div>
        </Cell>
        <Cell>
          <KeyCell isNewItem={fresh} value={location.value} label={`${label} id`} invalid={bad('value')} onChange={(v) => set((l) => void (l.value = v))} />
        </Cell>
        <Cell>
          <PriceInput
            currency={props.currency}
            label={`${label} monthly price in ${props.currency.toUpperCase()}`}
            minor={location.monthlyCents ?? 0}
            invalid={bad('monthlyCents')}
            onChange={(v) => set((l) => void (l.monthlyCents = v))}
          />
        </Cell>
        <Cell>
          <NumberInput
            optional
            placeholder="No limit"
            label={`${label} capacity`}
            value={location.capacity}
            invalid={bad('capacity')}
            onChange={(v) => set((l) => void (l.capacity = v))}
          />
        </Cell>
        <Cell>
          <TextInput
            className="min-w-[8rem]"
            placeholder="From PANEL_LOCATIONS"
            label={`${label} panel location`}
            value={location.panelLocation ?? ''}
            invalid={bad('panelLocation')}
            onChange={(v) => set((l) => void (l.panelLocation = v.trim() === '' ? null : v))}
          />
        </Cell>
        <Cell className="px-2 py-2 text-center">
          <Checkbox label={`${label} on sale`} checked={!location.hidden} onChange={(checked) => set((l) => void (l.hidden = !checked))} />
        </Cell>
        <Cell>
          <InUse count={props.usage.locations[location.value]} />
        </Cell>
        <Cell>
          <RemoveNew show={fresh} onClick={() => removeItem(props, 'locations', location)} />
        </Cell>
      </Row>
    );
  };
  const add = () =>
    props.update((d) =>
      void d.locations.push({
        value: freeKey('new-location', d.locations.map((l) => l.value)),
        label: 'New location',
        capacity: null,
        panelLocation: null,
        sort: nextSort(d.locations),
        hidden: true,
      }),
    );
  return (
    <SectionCard
      title="Locations"
      description={`The monthly price is added to every server there, on top of its plan (${formatMoney(0, props.currency)} for none); moving a server between locations charges or credits the difference. Capacity is the most servers sold there at once (empty: only the panel's limit). The panel location is the Pterodactyl location id or Pelican node tag (empty: PANEL_LOCATIONS).`}
      actions={<AddButton label="Add location" onClick={add} />}
    >
      <Table caption="Locations">
        <Head columns={['Location', 'Id', { label: `Monthly price (${props.currency.toUpperCase()})`, hint: 'On top of the plan, per server' }, 'Capacity', 'Panel location', onSale, 'In use', '']} />
        <tbody>{props.draft.locations.map(row)}</tbody>
      </Table>
      <SectionProblems problems={props.problems} section="locations" />
    </SectionCard>
  );
}

export function GamesSection(props: SectionProps) {
  const row = (game: DraftGame, index: number) => {
    const label = nameOf(props, 'games', game);
    const fresh = isNew(props.saved, 'games', game.slug);
    const bad = (field: string) => hasProblem(props.problems, `games.${game.slug}.${field}`);
    const set = (change: (g: DraftGame) => void) => editItem(props, 'games', game, change);
    return (
      <Row key={index} hidden={game.hidden}>
        <Cell>
          <div className="flex items-center gap-2">
            <TextInput className="min-w-[8rem]" label={`${label} name`} value={game.name} invalid={bad('name')} onChange={(v) => set((g) => void (g.name = v))} />
            <StateBadges hidden={game.hidden} isNewItem={fresh} />
          </div>
        </Cell>
        <Cell>
          <KeyCell isNewItem={fresh} value={game.slug} label={`${label} id`} invalid={bad('slug')} onChange={(v) => set((g) => void (g.slug = v))} />
        </Cell>
        <Cell>
          <TextInput className="min-w-[16rem]" label={`${label} tagline`} value={game.tagline} invalid={bad('tagline')} onChange={(v) => set((g) => void (g.tagline = v))} />
        </Cell>
        <Cell>
          <NumberInput label={`${label} suggested players`} value={game.playerCap} invalid={bad('playerCap')} onChange={(v) => set((g) => void (g.playerCap = v ?? Number.NaN))} />
        </Cell>
        <Cell className="px-2 py-2 text-center">
          <Checkbox label={`${label} on sale`} checked={!game.hidden} onChange={(checked) => set((g) => void (g.hidden = !checked))} />
        </Cell>
        <Cell>
          <InUse count={props.usage.games[game.slug]} />
        </Cell>
        <Cell>
          <RemoveNew show={fresh} onClick={() => removeItem(props, 'games', game)} />
        </Cell>
      </Row>
    );
  };
  const add = () =>
    props.update((d) =>
      void d.games.push({ slug: freeKey('new-game', d.games.map((g) => g.slug)), name: 'New game', tagline: '', playerCap: 10, sort: nextSort(d.games), hidden: true }),
    );
  return (
    <SectionCard
      title="Games"
      description="A new game needs its plans (Plans tab) and a configurator page before it is put on sale."
      actions={<AddButton label="Add game" onClick={add} />}
    >
      <Table caption="Games">
        <Head columns={['Game', 'Id', 'Tagline', { label: 'Suggested players', hint: 'Shown in the configurator; new plans start with it' }, onSale, 'In use', '']} />
        <tbody>{props.draft.games.map(row)}</tbody>
      </Table>
      <SectionProblems problems={props.problems} section="games" />
    </SectionCard>
  );
}
