import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { isClosedState, statusIncidentStateLabels, type StatusIncident } from '../../../../shared/schemas/status';

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function when(iso: string) {
  return `${dateTime.format(new Date(iso))} UTC`;
}

/** One incident or maintenance notice staff posted, with its updates newest first. */
export function StatusIncidentCard({ incident, componentLabels }: { incident: StatusIncident; componentLabels: Map<string, string> }) {
  const closed = isClosedState(incident.state);
  const affected = [...incident.components.map((c) => componentLabels.get(c) ?? c), ...incident.locations];
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-lg font-semibold text-ink">{incident.title}</h3>
        <Badge tone={closed ? 'green' : incident.kind === 'maintenance' ? 'violet' : 'yellow'}>{statusIncidentStateLabels[incident.state]}</Badge>
      </div>
      <p className="mt-1 text-sm text-muted">
        {incident.kind === 'maintenance' && incident.startsAt && incident.endsAt ? (
          <>
            Planned from <time dateTime={incident.startsAt}>{when(incident.startsAt)}</time> to{' '}
            <time dateTime={incident.endsAt}>{when(incident.endsAt)}</time>
          </>
        ) : (
          <>
            Posted <time dateTime={incident.createdAt}>{when(incident.createdAt)}</time>
          </>
        )}
        {affected.length > 0 && <> · Affects {affected.join(', ')}</>}
      </p>
      <ol className="mt-4 space-y-3">
        {incident.updates.map((u) => (
          <li key={u.id} className="text-sm">
            <p className="text-muted">
              <span className="font-semibold text-ink">{statusIncidentStateLabels[u.state]}</span> ·{' '}
              <time dateTime={u.createdAt}>{when(u.createdAt)}</time>
            </p>
            <p className="mt-1 whitespace-pre-line text-ink">{u.message}</p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
