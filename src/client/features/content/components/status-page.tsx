import { CircleCheck, CircleHelp, CircleX, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { PageHeader } from '../../../components/ui/page-header';
import { isClosedState, type PublicStatus, type StatusComponent } from '../../../../shared/schemas/status';
import { useStatus } from '../api/get-status';
import { StatusBars } from './status-bars';
import { StatusIncidentCard } from './status-incident';

type State = StatusComponent['state'];

const badges = {
  up: { tone: 'green', Icon: CircleCheck, label: 'Up' },
  degraded: { tone: 'yellow', Icon: TriangleAlert, label: 'Degraded' },
  down: { tone: 'red', Icon: CircleX, label: 'Down' },
  none: { tone: 'grey', Icon: CircleHelp, label: 'No data yet' },
} as const;

function StateBadge({ state }: { state: State }) {
  const { tone, Icon, label } = badges[state ?? 'none'];
  return (
    <Badge tone={tone}>
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {label}
    </Badge>
  );
}

const overallText: Record<NonNullable<State> | 'none', { title: string; detail: string }> = {
  up: { title: 'Every checked service is answering', detail: 'Measured by our own checks, every minute.' },
  degraded: { title: 'Some services are degraded', detail: 'They answer, but not as they should. See below.' },
  down: { title: 'Some services are down', detail: 'Our checks find at least one service not answering. See below.' },
  none: { title: 'No data yet', detail: 'Our checks have not recorded anything yet. They run every minute once the site is up.' },
};

function Overall({ status }: { status: PublicStatus }) {
  const text = overallText[status.overall ?? 'none'];
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <StateBadge state={status.overall} />
      <div>
        <p className="text-xl font-bold text-ink sm:text-2xl">{text.title}</p>
        <p className="mt-1 text-sm text-muted">{text.detail}</p>
      </div>
    </div>
  );
}

function ComponentRow({ component }: { component: StatusComponent }) {
  return (
    <li className="px-5 py-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold text-ink">{component.label}</p>
          {component.location && <p className="text-sm text-muted">Location: {component.location}</p>}
        </div>
        <div className="flex items-center gap-3">
          <span className="font-mono text-sm text-muted">{component.uptime === null ? 'No data yet' : `${component.uptime}% uptime`}</span>
          <StateBadge state={component.state} />
        </div>
      </div>
      <StatusBars days={component.days} />
    </li>
  );
}

function StatusBody({ status }: { status: PublicStatus }) {
  const labels = new Map(status.components.map((c) => [c.id, c.label]));
  const open = status.incidents.filter((i) => !isClosedState(i.state));
  const past = status.incidents.filter((i) => isClosedState(i.state));
  return (
    <>
      <Overall status={status} />
      {open.length > 0 && (
        <section aria-labelledby="current-title">
          <h2 id="current-title" className="mb-4 text-2xl font-bold text-ink">
            Current incidents and maintenance
          </h2>
          <ol className="space-y-4">
            {open.map((i) => (
              <li key={i.id}>
                <StatusIncidentCard incident={i} componentLabels={labels} />
              </li>
            ))}
          </ol>
        </section>
      )}
      <section aria-labelledby="components-title">
        <h2 id="components-title" className="text-2xl font-bold text-ink">
          Services
        </h2>
        <p className="mb-4 mt-2 text-sm text-muted">Each bar is one day, over the last 90 days. Uptime is the share of our checks that found the service answering.</p>
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {status.components.map((c) => (
            <ComponentRow key={c.id} component={c} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="past-title">
        <h2 id="past-title" className="mb-4 text-2xl font-bold text-ink">
          Past incidents (14 days)
        </h2>
        {past.length === 0 ? (
          <p className="text-muted">No incidents were posted in the last 14 days.</p>
        ) : (
          <ol className="space-y-4">
            {past.map((i) => (
              <li key={i.id}>
                <StatusIncidentCard incident={i} componentLabels={labels} />
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
  return (
    <>
      <PageHeader eyebrow="Live Status" title="System Status">
        The state of our website, game panel, payments and server set-up, measured by our own checks, and the incidents our team posts.
      </PageHeader>
      <div className="mx-auto max-w-5xl space-y-14 px-4 py-12 sm:py-16">
        {status.data ? (
          <StatusBody status={status.data} />
        ) : status.isError ? (
          <p role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 p-5 text-ink">
            The status could not be loaded. If this page cannot reach us, something is wrong on our side: try again in a minute.
          </p>
        ) : (
          <p role="status" className="rounded-2xl border border-line bg-surface p-5 text-muted">
            Loading the latest checks…
          </p>
        )}
        <p className="text-center text-sm text-muted">
          Having trouble that is not listed here?{' '}
          <Link to="/support" className="font-medium text-accent hover:underline">
            Contact support
          </Link>{' '}
          and we will look into it right away.
        </p>
      </div>
    </>
  );
}
