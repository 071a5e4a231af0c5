import { useId, useState } from 'react';
import { itemKey, type CatalogDraft, type CatalogSection } from '../../../../../shared/catalog-draft';
import { translatedFields } from '../../../../../shared/catalog-texts';
import { localeNames, locales, type Locale } from '../../../../../shared/i18n/locales';
import { TextInput } from './catalog-inputs';
import { hasProblem, nameOf, SectionCard, SectionProblems, type SectionProps } from './section-kit';

type Item = CatalogDraft[CatalogSection][number];
type Texts = Record<string, unknown>;
type Highlight = { title: string; text: string };

const sectionTitles: [CatalogSection, string][] = [
  ['games', 'Games'],
  ['plans', 'Plans'],
  ['addons', 'Add-ons'],
  ['periods', 'Billing periods'],
  ['locations', 'Locations'],
  ['packs', 'Upgrade packs'],
  ['software', 'Software'],
];

const fieldLabels: Record<string, string> = { tagline: 'tagline', description: 'description', name: 'name', label: 'label', highlights: 'highlight', features: 'feature' };

const translationsOf = (item: Item) => ((item as { translations?: Partial<Record<Locale, Texts>> }).translations ?? {}) as Partial<Record<Locale, Texts>>;

/**
 * Sets one text of an item in one language. An emptied text is taken out, and a language left
 * with none; the (maybe empty) map stays, so the item reads as translated by staff (decision 077).
 */
function setText(item: Item, locale: Locale, field: string, value: unknown) {
  const target = item as { translations?: Partial<Record<Locale, Texts>> };
  const all = (target.translations ??= {});
  const texts = (all[locale] ??= {});
  const empty = value === '' || (Array.isArray(value) && value.every((v: unknown) => v === '' || (typeof v === 'object' && v !== null && Object.values(v).every((x) => x === ''))));
  if (empty) delete texts[field];
  else texts[field] = value;
  if (Object.keys(texts).length === 0) delete all[locale];
}

/**
 * The catalog's customer-facing texts in another language (decision 077): pick a language, then
 * write each item's tagline, description or label in it. An empty box shows the item's own text,
 * which stands as its placeholder.
 */
export function TranslationsSection(props: SectionProps) {
  const [locale, setLocale] = useState<Locale>('de');
  const selectId = useId();
  const language = localeNames[locale];

  const edit = (section: CatalogSection, item: Item, field: string, value: unknown) => {
    const index = (props.draft[section] as Item[]).indexOf(item);
    props.update((d) => {
      const target = (d[section] as Item[])[index];
      if (target) setText(target, locale, field, value);
    });
  };

  const itemFields = (section: CatalogSection, item: Item) => {
    const name = nameOf(props, section, item);
    const texts = translationsOf(item)[locale] ?? {};
    const own = item as unknown as Record<string, unknown>;
    // Marked per language and text: a German tagline too long leaves the French boxes and the description alone.
    const problemAt = `${section}.${itemKey(section, item)}.translations.${locale}`;
    return (translatedFields[section] as readonly string[]).map((field) => {
      const bad = hasProblem(props.problems, `${problemAt}.${field}`) || hasProblem(props.problems, problemAt);
      if (field === 'highlights') {
        const base = own.highlights as Highlight[];
        const current = (texts.highlights as Highlight[] | undefined) ?? [];
        const entry = (i: number): Highlight => current[i] ?? { title: '', text: '' };
        const change = (i: number, part: keyof Highlight, value: string) =>
          edit(section, item, field, base.map((_, j) => (j === i ? { ...entry(j), [part]: value } : entry(j))));
        return base.map((h, i) => (
          <div key={`highlights-${i}`} className="grid gap-2 sm:grid-cols-[1fr_2fr]">
            <TextInput label={`${name} highlight ${i + 1} title in ${language}`} placeholder={h.title} value={entry(i).title} invalid={bad} onChange={(v) => change(i, 'title', v)} />
            <TextInput label={`${name} highlight ${i + 1} text in ${language}`} placeholder={h.text} value={entry(i).text} invalid={bad} onChange={(v) => change(i, 'text', v)} />
          </div>
        ));
      }
      if (field === 'features') {
        const base = own.features as string[];
        const current = (texts.features as string[] | undefined) ?? [];
        return base.map((f, i) => (
          <TextInput
            key={`features-${i}`}
            label={`${name} feature ${i + 1} in ${language}`}
            placeholder={f}
            value={current[i] ?? ''}
            invalid={bad}
            onChange={(v) => edit(section, item, field, base.map((_, j) => (j === i ? v : (current[j] ?? ''))))}
          />
        ));
      }
      return (
        <TextInput
          key={field}
          label={`${name} ${fieldLabels[field] ?? field} in ${language}`}
          placeholder={String(own[field] ?? '')}
          value={(texts[field] as string | undefined) ?? ''}
          invalid={bad}
          onChange={(v) => edit(section, item, field, v)}
        />
      );
    });
  };

  return (
    <SectionCard
      title="Other languages"
      description="The customer-facing texts in each language the shop ships. A box left empty shows the text as written on the other tabs (its placeholder)."
      actions={
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={selectId} className="font-medium">
            Language
          </label>
          <select
            id={selectId}
            className="rounded-md border border-line bg-bg px-2 py-1.5 text-sm text-ink focus:border-accent focus:outline-none"
            value={locale}
            onChange={(e) => setLocale(e.target.value as Locale)}
          >
            {locales.map((l) => (
              <option key={l} value={l}>
                {localeNames[l]}
              </option>
            ))}
          </select>
        </div>
      }
    >
      <div className="space-y-6">
        {sectionTitles.map(([section, title]) => {
          const items = props.draft[section] as Item[];
          if (items.length === 0) return null;
          return (
            <section key={section} aria-label={`${title} in ${language}`}>
              <h3 className="mb-2 text-sm font-bold uppercase tracking-wide text-muted">{title}</h3>
              <ul className="space-y-3">
                {items.map((item, index) => (
                  <li key={index} className="grid gap-2 sm:grid-cols-[12rem_1fr] sm:items-start">
                    <span className="pt-1.5 text-sm font-semibold">{nameOf(props, section, item)}</span>
                    <div className="space-y-2">{itemFields(section, item)}</div>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      {sectionTitles.map(([section]) => (
        <SectionProblems key={section} problems={props.problems.filter((p) => p.path.includes('.translations'))} section={section} />
      ))}
    </SectionCard>
  );
}
