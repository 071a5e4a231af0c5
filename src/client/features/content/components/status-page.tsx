import { CircleCheck, TriangleAlert, CircleX } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { incidents, overallStatus, regions, services, type ComponentState } from '../../../content/status';

function StateBadge({ state }: { state: ComponentState }) {
  if (state === 'Operational') {
    return (
      <Badge tone="green">
        <CircleCheck className="h-3.5 w-3.5" aria-hidden="true" />
        {state}
      </Badge>
    );
  }
  const Icon = state === 'Degraded' ? TriangleAlert : CircleX;
  return (
    <Badge tone={state === 'Degraded' ? 'yellow' : 'red'}>
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {state}
    </Badge>
  );
}

export default function StatusPage() {
  return (
    <>
      <PageHeader eyebrow="Live Status" title="System Status">
        The health of every region and service we run, and what happened during recent incidents.
      </PageHeader>

      <div className="mx-auto max-w-5xl space-y-14 px-4 py-12 sm:py-16">
        <div className="flex items-center gap-4 rounded-2xl border border-accent/40 bg-accent/10 p-5 sm:p-6">
          <CircleCheck className="h-8 w-8 shrink-0 text-accent" aria-hidden="true" />
          <div>
            <p className="text-xl font-bold text-ink sm:text-2xl">{overallStatus}</p>
            <p className="mt-1 text-sm text-muted">Every region and service is running normally.</p>
          </div>
        </div>

        <section aria-labelledby="regions-title">
          <h2 id="regions-title" className="mb-4 text-2xl font-bold text-ink">
            Regions
          </h2>
          <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Status and 90-day uptime of each region</caption>
              <thead className="border-b border-line text-xs uppercase tracking-wider text-muted">
                <tr>
                  <th scope="col" className="px-3 sm:px-5 py-3 font-semibold">
                    Region
                  </th>
                  <th scope="col" className="hidden px-5 py-3 font-semibold sm:table-cell">
                    Data center
                  </th>
                  <th scope="col" className="px-3 sm:px-5 py-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-3 sm:px-5 py-3 text-right font-semibold">
                    Uptime (90 days)
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {regions.map((region) => (
                  <tr key={region.id}>
                    <th scope="row" className="px-3 sm:px-5 py-4 font-semibold text-ink">
                      {region.name}
                      <span className="block text-xs font-normal text-muted sm:hidden">{region.location}</span>
                    </th>
                    <td className="hidden px-5 py-4 text-muted sm:table-cell">{region.location}</td>
                    <td className="px-3 sm:px-5 py-4">
                      <StateBadge state={region.state} />
                    </td>
                    <td className="px-3 sm:px-5 py-4 text-right font-mono text-ink">{region.uptime90d}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="services-title">
          <h2 id="services-title" className="mb-4 text-2xl font-bold text-ink">
            Services
          </h2>
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
            {services.map((service) => (
              <li key={service.name} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
                <div>
                  <p className="font-semibold text-ink">{service.name}</p>
                  <p className="text-sm text-muted">{service.description}</p>
                </div>
                <StateBadge state={service.state} />
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="incidents-title">
          <h2 id="incidents-title" className="text-2xl font-bold text-ink">
            Recent Incidents
          </h2>
          <p className="mb-6 mt-2 text-muted">What went wrong, how long it lasted and what we changed afterwards.</p>
          <ol className="space-y-4">
            {incidents.map((incident) => (
              <li key={incident.id}>
                <Card className="p-5 sm:p-6">
                  <div className="flex flex-wrap items-center gap-3">
                    <h3 className="text-lg font-semibold text-ink">{incident.title}</h3>
                    <Badge tone="green">Resolved</Badge>
                  </div>
                  <p className="mt-1 text-sm text-muted">
                    <time dateTime={incident.date}>{incident.dateLabel}</time> · Lasted {incident.duration} ·{' '}
                    {incident.affected}
                  </p>
                  <p className="mt-4 text-sm text-ink">{incident.summary}</p>
                  <p className="mt-2 text-sm text-muted">
                    <span className="font-semibold text-ink">Resolution: </span>
                    {incident.resolution}
                  </p>
                </Card>
              </li>
            ))}
          </ol>
        </section>

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
