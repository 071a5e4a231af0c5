import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { DraftSoftware } from '../../../../../shared/catalog-draft';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import { Checkbox, freeKey, Head, InUse, NumberInput, TextInput } from './catalog-inputs';
import { Cell, editItem, hasProblem, isNew, KeyCell, nameOf, removeItem, Row, SectionCard, SectionProblems, StateBadges, Table, type SectionProps } from './section-kit';

/** "1.21.4, 1.21.1" as staff type it; empty parts dropped. */
export function parseVersions(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((v) => v.trim())
    .filter(Boolean);
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The versions as a comma-separated list, kept as typed while it parses to the draft's list. */
function VersionsInput({ versions, onChange, label, invalid }: { versions: string[]; onChange: (v: string[]) => void; label: string; invalid: boolean }) {
  const [text, setText] = useState(versions.join(', '));
  useEffect(() => {
    setText((current) => (same(parseVersions(current), versions) ? current : versions.join(', ')));
  }, [versions]);
  return (
    <input
      type="text"
      aria-label={label}
      aria-invalid={invalid || undefined}
      className={cn(
        'w-full min-w-[12rem] rounded-lg border border-line bg-bg px-3 py-2.5 text-sm text-ink focus:border-accent focus:outline-none aria-[invalid=true]:border-danger',
      )}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseVersions(e.target.value));
      }}
    />
  );
}

const nextSort = (items: { sort: number }[]) => Math.max(0, ...items.map((i) => i.sort)) + 1;

/** Software a game's servers can switch to ('Change software'), its versions (newest first) and the memory it wants. */
export function SoftwareSection(props: SectionProps) {
  const games = props.draft.games;
  const row = (software: DraftSoftware, index: number) => {
    const label = nameOf(props, 'software', software);
    const fresh = isNew(props.saved, 'software', software.id);
    const bad = (field: string) => hasProblem(props.problems, `software.${software.id}.${field}`);
    const set = (change: (s: DraftSoftware) => void) => editItem(props, 'software', software, change);
    return (
      <Row key={index} hidden={software.hidden}>
        <Cell>
          <div className="flex items-center gap-2">
            <TextInput className="min-w-[8rem]" label={`${label} name`} value={software.name} invalid={bad('name')} onChange={(v) => set((s) => void (s.name = v))} />
            <StateBadges hidden={software.hidden} isNewItem={fresh} />
          </div>
        </Cell>
        <Cell>
          <KeyCell isNewItem={fresh} value={software.id} label={`${label} id`} invalid={bad('id')} onChange={(v) => set((s) => void (s.id = v))} />
        </Cell>
        <Cell>
          {fresh ? (
            <select
              aria-label={`${label} game`}
              aria-invalid={bad('game') || undefined}
              className="rounded-lg border border-line bg-bg px-2 py-2 text-sm"
              value={software.game}
              onChange={(e) => set((s) => void (s.game = e.target.value))}
            >
              {games.map((g) => (
                <option key={g.slug} value={g.slug}>
                  {g.name}
                </option>
              ))}
            </select>
          ) : (
            <span className="whitespace-nowrap">{games.find((g) => g.slug === software.game)?.name ?? software.game}</span>
          )}
        </Cell>
        <Cell>
          <TextInput className="min-w-[12rem]" label={`${label} description`} value={software.description} invalid={bad('description')} onChange={(v) => set((s) => void (s.description = v))} />
        </Cell>
        <Cell>
          <VersionsInput label={`${label} versions, newest first`} versions={software.versions} invalid={bad('versions')} onChange={(v) => set((s) => void (s.versions = v))} />
        </Cell>
        <Cell>
          <NumberInput
            className="w-20"
            label={`${label} recommended memory in GB`}
            value={software.recommendedRamGb}
            invalid={bad('recommendedRamGb')}
            onChange={(v) => set((s) => void (s.recommendedRamGb = v ?? Number.NaN))}
          />
        </Cell>
        <Cell className="px-2 py-2 text-center">
          <Checkbox label={`${label} offered`} checked={!software.hidden} onChange={(checked) => set((s) => void (s.hidden = !checked))} />
        </Cell>
        <Cell>
          <InUse count={props.usage.software?.[software.id]} />
        </Cell>
        <Cell>
          {fresh && (
            <Button size="sm" variant="ghost" onClick={() => removeItem(props, 'software', software)}>
              Remove
            </Button>
          )}
        </Cell>
      </Row>
    );
  };
  const add = () =>
    props.update((d) =>
      void d.software.push({
        id: freeKey('new-software', d.software.map((s) => s.id)),
        game: d.games[0]?.slug ?? 'minecraft',
        name: 'New software',
        description: '',
        versions: ['1.21.4'],
        recommendedRamGb: 2,
        sort: nextSort(d.software),
        hidden: true,
      }),
    );
  return (
    <SectionCard
      title="Software"
      description="What 'Change software' offers a game's servers, with versions newest first. A plan with less memory than recommended gets a warning and an upgrade offer."
      actions={
        <Button size="sm" variant="outline" onClick={add}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add software
        </Button>
      }
    >
      <Table caption="Software">
        <Head
          columns={[
            'Software',
            'Id',
            'Game',
            'Description',
            { label: 'Versions', hint: 'Comma-separated, newest first' },
            { label: 'Memory (GB)', hint: 'Recommended' },
            { label: 'Offered', hint: 'Hidden software stays on the servers that run it' },
            'In use',
            '',
          ]}
        />
        <tbody>{props.draft.software.map(row)}</tbody>
      </Table>
      <SectionProblems problems={props.problems} section="software" />
    </SectionCard>
  );
}
