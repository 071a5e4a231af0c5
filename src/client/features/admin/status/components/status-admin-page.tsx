import { Badge } from '../../../../components/ui/badge';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { useCatalog } from '../../../../lib/catalog';
import { isClosedState, statusIncidentStateLabels } from '../../../../../shared/schemas/status';
import { useIncidents } from '../api/get-incidents';
import { useStatusComponents } from '../api/get-status-components';
import { IncidentForm } from './incident-form';
import { IncidentUpdateForm } from './incident-update-form';

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/status: post incidents and maintenance notices, and update them until they close. */
export default function StatusAdminPage() {
  const incidents = useIncidents();
  const status = useStatusComponents();
  const catalog = useCatalog();
  const components = (status.data ?? []).map((c) => ({ value: c.id, label: c.location ? `${c.label} (${c.location})` : c.label }));
  const locations = (catalog.data?.locations ?? []).map((l) => ({ value: l.value, label: l.label }));

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">Status page</h1>
        <p className="mt-1 text-sm text-muted">
          What customers see at <a className="text-accent hover:underline" href="/status">/status</a>. The services' states and uptime come from the product's own checks; incidents and maintenance come from here.
        </p>
      </div>
      <IncidentForm components={components} locations={locations} />
      <section aria-labelledby="incidents-title" className="space-y-4">
        <h2 id="incidents-title" className="text-lg font-semibold">
          Posted
        </h2>
        {incidents.isPending ? (
          <PageSpinner />
        ) : incidents.isError ? (
          <p role="alert" className="text-danger">The incidents could not be loaded.</p>
        ) : incidents.data.incidents.length === 0 ? (
          <p className="text-muted">Nothing posted yet.</p>
        ) : (
          <ol className="space-y-4">
            {incidents.data.incidents.map((i) => (
              <li key={i.id} className="rounded-2xl border border-line bg-surface p-5">
                <div className="flex flex-wrap items-center gap-3">
                  <h3 className="font-semibold">{i.title}</h3>
                  <Badge tone={isClosedState(i.state) ? 'grey' : 'yellow'}>{statusIncidentStateLabels[i.state]}</Badge>
                  <span className="text-sm text-muted">
                    {dateTime.format(new Date(i.createdAt))} · {i.emailing ? `emailing customers… ${i.notified} so far` : `${i.notified} customer(s) emailed`}
                  </span>
                </div>
                <p className="mt-2 text-sm text-muted">{i.updates[0]?.message}</p>
                {!isClosedState(i.state) && <IncidentUpdateForm incident={i} />}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
