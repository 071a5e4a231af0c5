import type { ReactNode } from 'react';
import { itemKey, type CatalogDraft, type CatalogSection } from '../../../../../shared/catalog-draft';
import { itemLabel } from '../../../../../shared/catalog-rules';
import type { CatalogUsage } from '../../../../../shared/schemas/admin/catalog';
import { Badge } from '../../../../components/ui/badge';
import { Card } from '../../../../components/ui/card';
import type { Problem } from './draft-problems';

/** What every section of the editor gets: the draft, the saved version, usage counts and the problems found. */
export interface SectionProps {
  draft: CatalogDraft;
  saved: CatalogDraft;
  usage: CatalogUsage;
  problems: Problem[];
  update: (change: (draft: CatalogDraft) => void) => void;
  /** The shop's currency: the prices on every tab but "Other currencies" are in it. */
  currency: string;
}

/**
 * The name an input is announced by. A saved item keeps its saved name while it is edited, so a
 * field does not change its label under the cursor.
 */
export function nameOf(props: Pick<SectionProps, 'draft' | 'saved'>, section: CatalogSection, item: CatalogDraft[CatalogSection][number]): string {
  const key = itemKey(section, item);
  const saved = (props.saved[section] as CatalogDraft[CatalogSection][number][]).find((i) => itemKey(section, i) === key);
  return (saved ? itemLabel(props.saved, section, saved) : itemLabel(props.draft, section, item)) || key;
}

/** Changes one item of the draft in place (the draft is a fresh copy inside `update`). */
export function editItem<S extends CatalogSection>(props: Pick<SectionProps, 'draft' | 'update'>, section: S, item: CatalogDraft[S][number], change: (item: CatalogDraft[S][number]) => void) {
  const index = (props.draft[section] as CatalogDraft[S][number][]).indexOf(item);
  props.update((d) => {
    const target = (d[section] as CatalogDraft[S][number][])[index];
    if (target) change(target);
  });
}

/** Takes an unsaved item out of the draft again. */
export function removeItem<S extends CatalogSection>(props: Pick<SectionProps, 'draft' | 'update'>, section: S, item: CatalogDraft[S][number]) {
  const index = (props.draft[section] as CatalogDraft[S][number][]).indexOf(item);
  props.update((d) => void (d[section] as CatalogDraft[S][number][]).splice(index, 1));
}

export function isNew(saved: CatalogDraft, section: CatalogSection, key: string): boolean {
  return !(saved[section] as CatalogDraft[CatalogSection][number][]).some((i) => itemKey(section, i) === key);
}

export function hasProblem(problems: Problem[], path: string): boolean {
  return problems.some((p) => p.path === path);
}

/** The problems of one section, listed under its table. */
export function SectionProblems({ problems, section }: { problems: Problem[]; section: CatalogSection }) {
  const mine = problems.filter((p) => p.section === section);
  if (mine.length === 0) return null;
  return (
    <ul className="mt-3 space-y-1 text-sm text-danger" aria-label="Problems to fix">
      {mine.map((p) => (
        <li key={p.path}>
          <span className="font-semibold">{p.where}</span> — {p.message}
        </li>
      ))}
    </ul>
  );
}

export function SectionCard({ title, description, actions, children }: { title: ReactNode; description?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-bold">{title}</h2>
          {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </Card>
  );
}

export function Table({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[760px] text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Row({ hidden, children }: { hidden: boolean; children: ReactNode }) {
  return <tr className={hidden ? 'border-t border-line align-middle opacity-60' : 'border-t border-line align-middle'}>{children}</tr>;
}

export function Cell({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={className ?? 'px-2 py-2'}>{children}</td>;
}

/** The item's id: fixed once saved, editable while new. */
export function KeyCell({ isNewItem, value, label, invalid, onChange }: { isNewItem: boolean; value: string; label: string; invalid: boolean; onChange: (v: string) => void }) {
  if (!isNewItem) return <code className="whitespace-nowrap text-xs text-muted">{value}</code>;
  return (
    <input
      type="text"
      aria-label={label}
      aria-invalid={invalid || undefined}
      className="w-full min-w-[8rem] rounded-md border border-line bg-bg px-2 py-1.5 font-mono text-xs text-ink focus:border-accent focus:outline-none aria-[invalid=true]:border-danger"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function StateBadges({ hidden, isNewItem }: { hidden: boolean; isNewItem: boolean }) {
  return (
    <>
      {isNewItem && <Badge tone="violet">New</Badge>}
      {hidden && <Badge tone="grey">Hidden</Badge>}
    </>
  );
}
