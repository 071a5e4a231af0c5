import { CircleCheck, CircleHelp, CircleX, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { PageHeader } from '../../../components/ui/page-header';
import { isClosedState, type PublicStatus, type StatusComponent } from '../../../../shared/schemas/status';
import { useCatalog } from '../../../lib/catalog';
import { useStatus } from '../api/get-status';
import { StatusBars } from './status-bars';
import { StatusIncidentCard } from './status-incident';
import { currentLocale, usePublicPath, useT, type Translate } from '../../../lib/i18n';
import type { PublicKey } from '../../../../shared/i18n/keys';

type State = StatusComponent['state'];

const badges = {
  up: { tone: 'green', Icon: CircleCheck, label: 'status.up' },
  degraded: { tone: 'yellow', Icon: TriangleAlert, label: 'status.degraded' },
  down: { tone: 'red', Icon: CircleX, label: 'status.down' },
  none: { tone: 'grey', Icon: CircleHelp, label: 'status.noData' },
} as const satisfies Record<string, { label: PublicKey } & Record<string, unknown>>;

function StateBadge({ state }: { state: State }) {
  const t = useT();
  const { tone, Icon, label } = badges[state ?? 'none'];
  return (
    <Badge tone={tone}>
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {t(label)}
    </Badge>
  );
}

const overallText: Record<NonNullable<State> | 'none', { title: PublicKey; detail: PublicKey }> = {
  up: { title: 'status.overall.up', detail: 'status.overall.upDetail' },
  degraded: { title: 'status.overall.degraded', detail: 'status.overall.degradedDetail' },
  down: { title: 'status.overall.down', detail: 'status.overall.downDetail' },
  none: { title: 'status.noData', detail: 'status.overall.noneDetail' },
};

function Overall({ status }: { status: PublicStatus }) {
  const t = useT();
  const text = overallText[status.overall ?? 'none'];
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <StateBadge state={status.overall} />
      <div>
        <p className="text-xl font-bold text-ink sm:text-2xl">{t(text.title)}</p>
        <p className="mt-1 text-sm text-muted">{t(text.detail)}</p>
      </div>
    </div>
  );
}

/** The product's own services are named in the page's language; a node keeps the name the panel gives it. */
const componentKeys: Record<string, PublicKey> = {
  site: 'status.component.site',
  panel: 'status.component.panel',
  payments: 'status.component.payments',
  jobs: 'status.component.jobs',
};

function componentLabel(component: Pick<StatusComponent, 'id' | 'label'>, t: Translate): string {
  const key = componentKeys[component.id];
  return key ? t(key) : component.label;
}

/**
 * The uptime over the days the checks measured: "100% uptime" beside 89 days without data read as a
 * claim for all 90, so a history shorter than the bars says how many days it covers.
 */
function uptimeText(component: StatusComponent, t: Translate): string {
  if (component.uptime === null) return t('status.noData');
  const percent = new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 3 }).format(component.uptime);
  const measured = component.days.filter((d) => d.state !== 'none').length;
  return measured < component.days.length ? t('status.uptimeShort', { percent, days: measured }) : t('status.uptime', { percent });
}

function ComponentRow({ component, locationNames, shopNames }: { component: StatusComponent; locationNames: Record<string, string>; shopNames: Record<string, string> }) {
  const t = useT();
  // The catalog's name of the node's location, not its id, in the page's language.
  const where = component.location ? (locationNames[component.location] ?? component.location) : null;
  // A node named after its location (the shop's own name of it) takes that name in the page's language, not repeated under it.
  const namedAfterPlace = component.location !== null && shopNames[component.location] === component.label;
  const label = namedAfterPlace && where ? where : componentLabel(component, t);
  return (
    <li className="px-5 py-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold text-ink">{label}</p>
          {where && where !== label && <p className="text-sm text-muted">{t('status.location', { location: where })}</p>}
        </div>
        <div className="flex items-center gap-3">
          <span className="font-mono text-sm text-muted">{uptimeText(component, t)}</span>
          <StateBadge state={component.state} />
        </div>
      </div>
      <StatusBars days={component.days} />
    </li>
  );
}

/**
 * Each location's name: the catalog's in the page's language where staff wrote one (decision 077,
 * the storefront catalog the page already holds), else the catalog's own name the status carries
 * (hidden locations too).
 */
function useLocationNames(status: PublicStatus): Record<string, string> {
  const { data: catalog } = useCatalog();
  return { ...status.locationNames, ...Object.fromEntries((catalog?.locations ?? []).map((l) => [l.value, l.label])) };
}

function StatusBody({ status }: { status: PublicStatus }) {
  const t = useT();
  const locationNames = useLocationNames(status);
  const labels = new Map(status.components.map((c) => [c.id, componentLabel(c, t)]));
  const open = status.incidents.filter((i) => !isClosedState(i.state));
  const past = status.incidents.filter((i) => isClosedState(i.state));
  return (
    <>
      <Overall status={status} />
      {open.length > 0 && (
        <section aria-labelledby="current-title">
          <h2 id="current-title" className="mb-4 text-2xl font-bold text-ink">
            {t('status.current')}
          </h2>
          <ol className="space-y-4">
            {open.map((i) => (
              <li key={i.id}>
                <StatusIncidentCard incident={i} componentLabels={labels} locationNames={locationNames} />
              </li>
            ))}
          </ol>
        </section>
      )}
      <section aria-labelledby="components-title">
        <h2 id="components-title" className="text-2xl font-bold text-ink">
          {t('status.services')}
        </h2>
        <p className="mb-4 mt-2 text-sm text-muted">{t('status.servicesHint')}</p>
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {status.components.map((c) => (
            <ComponentRow key={c.id} component={c} locationNames={locationNames} shopNames={status.locationNames} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="past-title">
        <h2 id="past-title" className="mb-4 text-2xl font-bold text-ink">
          {t('status.past')}
        </h2>
        {past.length === 0 ? (
          <p className="text-muted">{t('status.noPast')}</p>
        ) : (
          <ol className="space-y-4">
            {past.map((i) => (
              <li key={i.id}>
                <StatusIncidentCard incident={i} componentLabels={labels} locationNames={locationNames} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

export default function StatusPage() {
  const status = useStatus();
  const t = useT();
  const publicPath = usePublicPath();
  return (
    <>
      <PageHeader eyebrow={t('status.eyebrow')} title={t('status.title')}>
        {t('status.intro')}
      </PageHeader>
      <div className="mx-auto max-w-5xl space-y-14 px-4 py-12 sm:py-16">
        {status.data ? (
          <StatusBody status={status.data} />
        ) : (
          // A screen's height kept for what loads, so the footer does not jump up into view and down
          // again when it arrives or fails (Lighthouse counted a layout shift of 0.33 on a phone).
          <div className="min-h-svh">
            {status.isError ? (
              <p role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 p-5 text-ink">
                {t('status.loadFailed')}
              </p>
            ) : (
              <p role="status" className="rounded-2xl border border-line bg-surface p-5 text-muted">
                {t('status.loading')}
              </p>
            )}
          </div>
        )}
        <p className="text-center text-sm text-muted">
          {t('status.troubleBefore')}{' '}
          <Link to={publicPath('/support')} className="font-medium text-accent hover:underline">
            {t('status.troubleLink')}
          </Link>{' '}
          {t('status.troubleAfter')}
        </p>
      </div>
    </>
  );
}
