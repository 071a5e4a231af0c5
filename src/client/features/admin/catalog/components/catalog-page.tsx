import { useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { CatalogDraft, CatalogSection } from '../../../../../shared/catalog-draft';
import { diffCatalog } from '../../../../../shared/catalog-rules';
import type { AdminCatalog, SaveCatalogResult } from '../../../../../shared/schemas/admin/catalog';
import { Button } from '../../../../components/ui/button';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { Tabs } from '../../../../components/ui/tabs';
import { adminCatalogKey, useAdminCatalog } from '../api/get-admin-catalog';
import { draftProblems } from './draft-problems';
import { PacksSection } from './packs-section';
import { PlansSection } from './plans-section';
import { PriceListsSection } from './price-lists-section';
import { ReviewDialog } from './review-dialog';
import { AddonsSection, GamesSection, LocationsSection, PeriodsSection } from './simple-sections';
import { SoftwareSection } from './software-section';
import { TranslationsSection } from './translations-section';
import { VersionsCard } from './versions-card';

type Tab = CatalogSection | 'prices' | 'translations';

const tabs: { value: Tab; label: string }[] = [
  { value: 'plans', label: 'Plans' },
  { value: 'addons', label: 'Add-ons' },
  { value: 'periods', label: 'Billing periods' },
  { value: 'locations', label: 'Locations' },
  { value: 'games', label: 'Games' },
  { value: 'packs', label: 'Upgrade packs' },
  { value: 'software', label: 'Software' },
  { value: 'prices', label: 'Other currencies' },
  { value: 'translations', label: 'Other languages' },
];

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function savedMessage(result: SaveCatalogResult): string {
  const told = result.increases + result.decreases;
  const notices = told > 0 ? ` ${told} ${told === 1 ? 'customer was' : 'customers were'} told about a new price.` : '';
  return `Saved version ${result.version}. The storefront shows it now.${notices}`;
}

function Editor({ data }: { data: AdminCatalog }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CatalogDraft>(data.catalog);
  const [generation, setGeneration] = useState(0);
  const [reviewing, setReviewing] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const [params, setParams] = useSearchParams();
  // The price lists' tab shows only when the shop has extra currencies (Settings → Currency).
  const shownTabs = data.currencies.extras.length > 0 ? tabs : tabs.filter((t) => t.value !== 'prices');
  const tab = shownTabs.find((t) => t.value === params.get('tab'))?.value ?? 'plans';

  const update = useCallback((change: (d: CatalogDraft) => void) => {
    setDraft((current) => {
      const next = structuredClone(current);
      change(next);
      return next;
    });
  }, []);
  const changes = useMemo(() => diffCatalog(data.catalog, draft, data.currencies.shop), [data.catalog, draft, data.currencies.shop]);
  const problems = useMemo(() => draftProblems(draft, data.catalog), [draft, data.catalog]);
  const dirty = changes.length > 0 || problems.length > 0;

  // Closing or reloading the tab with unsaved edits asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function discard() {
    setDraft(data.catalog);
    setGeneration((g) => g + 1);
  }

  async function reload() {
    setReviewing(false);
    await queryClient.invalidateQueries({ queryKey: adminCatalogKey });
  }

  const section = { draft, saved: data.catalog, usage: data.usage, problems, update, currency: data.currencies.shop };
  // Price-list and translation problems count on their own tabs.
  const elsewhere = (path: string) => path.includes('.prices') || path.includes('.translations');
  const counted = (value: Tab) =>
    value === 'prices'
      ? problems.filter((p) => p.path.includes('.prices')).length
      : value === 'translations'
        ? problems.filter((p) => p.path.includes('.translations')).length
        : problems.filter((p) => p.section === value && !elsewhere(p.path)).length;

  return (
    <div className="space-y-6 pb-28">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold sm:text-3xl">Catalog</h1>
          <p className="mt-1 text-muted">
            Version {data.version}, saved {when(data.savedAt)}
            {data.savedBy ? ` by ${data.savedBy}` : ''}
            {data.note ? ` — “${data.note}”` : ''}
          </p>
        </div>
        <Button variant="outline" size="sm" aria-expanded={showHistory} onClick={() => setShowHistory((s) => !s)}>
          <History className="h-4 w-4" aria-hidden="true" /> {showHistory ? 'Hide history' : 'History'}
        </Button>
      </div>
      {showHistory && <VersionsCard />}

      <Tabs
        label="Catalog sections"
        value={tab}
        onValueChange={(value) => setParams(value === 'plans' ? {} : { tab: value }, { replace: true })}
        tabs={shownTabs.map((t) => ({
          value: t.value,
          label: counted(t.value) ? `${t.label} (${counted(t.value)} to fix)` : t.label,
          content:
            t.value === 'plans' ? (
              <PlansSection {...section} />
            ) : t.value === 'addons' ? (
              <AddonsSection {...section} />
            ) : t.value === 'periods' ? (
              <PeriodsSection {...section} />
            ) : t.value === 'locations' ? (
              <LocationsSection {...section} />
            ) : t.value === 'games' ? (
              <GamesSection {...section} />
            ) : t.value === 'software' ? (
              <SoftwareSection {...section} />
            ) : t.value === 'translations' ? (
              <TranslationsSection {...section} />
            ) : t.value === 'prices' ? (
              <PriceListsSection {...section} shop={data.currencies.shop} extras={data.currencies.extras} />
            ) : (
              <PacksSection {...section} essentialsSlug={data.essentialsSlug} generation={generation} />
            ),
        }))}
      />

      {dirty && (
        <div role="region" aria-label="Unsaved changes" className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 px-4 py-3 backdrop-blur">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3">
            <p className="text-sm" aria-live="polite">
              {problems.length > 0 ? (
                <span className="font-semibold text-danger">
                  {problems.length} {problems.length === 1 ? 'problem' : 'problems'} to fix before saving
                </span>
              ) : (
                <span className="font-semibold">
                  {changes.length} unsaved {changes.length === 1 ? 'change' : 'changes'}
                </span>
              )}
            </p>
            <div className="flex gap-2">
              <Button variant="outline" onClick={discard}>
                Discard changes
              </Button>
              <Button onClick={() => setReviewing(true)} disabled={problems.length > 0 || changes.length === 0}>
                Review and save
              </Button>
            </div>
          </div>
        </div>
      )}

      <ReviewDialog
        open={reviewing}
        onOpenChange={setReviewing}
        baseVersion={data.version}
        draft={draft}
        onStale={reload}
        onSaved={(result) => {
          setReviewing(false);
          toast.success(savedMessage(result));
        }}
      />
    </div>
  );
}

/** /admin/catalog: edit plans, add-ons, periods, locations, games, packs and software, and save them as a new version. */
export default function CatalogPage() {
  const { data, isError } = useAdminCatalog();
  if (isError) return <p className="text-danger">We could not load the catalog. Please refresh the page.</p>;
  if (!data) return <PageSpinner label="Loading the catalog..." />;
  // A new version (saved here or reloaded) starts a fresh draft.
  return <Editor key={data.version} data={data} />;
}
