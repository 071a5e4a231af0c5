import { useId } from 'react';
import type { DraftPack } from '../../../../../shared/catalog-draft';
import { Textarea } from '../../../../components/ui/field';
import { Checkbox, PriceInput, TextInput } from './catalog-inputs';
import { PackDeliveryInput } from './delivery-input';
import { editItem, hasProblem, nameOf, SectionCard, SectionProblems, StateBadges, type SectionProps } from './section-kit';

/** "Title: text" per line, as staff type the highlights. */
export function parseHighlights(text: string): DraftPack['highlights'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      return at < 0 ? { title: line, text: '' } : { title: line.slice(0, at).trim(), text: line.slice(at + 1).trim() };
    });
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

function PackCard({ pack, props, essentialsSlug }: { pack: DraftPack; props: SectionProps; essentialsSlug: string }) {
  const ids = { features: useId(), highlights: useId() };
  const label = nameOf(props, 'packs', pack);
  const bad = (field: string) => hasProblem(props.problems, `packs.${pack.id}.${field}`);
  const set = (change: (p: DraftPack) => void) => editItem(props, 'packs', pack, change);
  const slug = pack.id === 'essentials' ? essentialsSlug : pack.id;
  return (
    <div className={pack.hidden ? 'rounded-xl border border-line p-4 opacity-70' : 'rounded-xl border border-line p-4'}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h3 className="font-bold">{label}</h3>
          <StateBadges hidden={pack.hidden} isNewItem={false} />
          <a href={`/upgrade/${slug}`} target="_blank" rel="noopener noreferrer" className="text-xs text-muted underline-offset-2 hover:text-accent hover:underline">
            /upgrade/{slug}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
        <Checkbox label={`${label} on sale`} checked={!pack.hidden} onChange={(checked) => set((p) => void (p.hidden = !checked))}>
          On sale
        </Checkbox>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-[2fr_1fr]">
        <TextInput label={`${label} name`} value={pack.name} invalid={bad('name')} onChange={(v) => set((p) => void (p.name = v))} />
        <PriceInput currency={props.currency} label={`${label} monthly price in ${props.currency.toUpperCase()}`} warnBelowMinimum minor={pack.priceCents} invalid={bad('priceCents')} onChange={(v) => set((p) => void (p.priceCents = v))} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-xs font-medium uppercase tracking-wide text-muted">Delivery</span>
        <PackDeliveryInput label={label} value={pack.delivery} onChange={(v) => set((p) => void (p.delivery = v))} />
      </div>
      <div className="mt-3">
        <TextInput label={`${label} tagline`} value={pack.tagline} invalid={bad('tagline')} onChange={(v) => set((p) => void (p.tagline = v))} />
      </div>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        <div>
          <label htmlFor={ids.highlights} className="text-xs font-medium uppercase tracking-wide text-muted">
            Highlights (one per line, “Title: text”)
          </label>
          <Textarea
            id={ids.highlights}
            rows={4}
            aria-invalid={bad('highlights') || undefined}
            className="mt-1"
            defaultValue={pack.highlights.map((h) => `${h.title}: ${h.text}`).join('\n')}
            onChange={(e) => set((p) => void (p.highlights = parseHighlights(e.target.value)))}
          />
        </div>
        <div>
          <label htmlFor={ids.features} className="text-xs font-medium uppercase tracking-wide text-muted">
            Features (one per line)
          </label>
          <Textarea
            id={ids.features}
            rows={4}
            aria-invalid={bad('features') || undefined}
            className="mt-1"
            defaultValue={pack.features.join('\n')}
            onChange={(e) => set((p) => void (p.features = lines(e.target.value)))}
          />
        </div>
      </div>
    </div>
  );
}

/** `generation` changes when the draft is thrown away, so the text areas start again from it. */
export function PacksSection(props: SectionProps & { essentialsSlug: string; generation: number }) {
  return (
    <SectionCard title="Upgrade packs" description="Monthly packs with their own pages. The pages list the first four features in the purchase dialog.">
      <div className="space-y-4">
        {props.draft.packs.map((pack, index) => (
          <PackCard key={`${index}-${props.generation}`} pack={pack} props={props} essentialsSlug={props.essentialsSlug} />
        ))}
      </div>
      <SectionProblems problems={props.problems} section="packs" />
    </SectionCard>
  );
}
