import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { isClosedState, type StatusIncident } from '../../../../shared/schemas/status';
import { currentLocale, useT } from '../../../lib/i18n';

/** A moment in UTC, as the page's language writes it: "Nov 26, 2026, 7:30 PM UTC", "26.11.2026, 19:30 UTC". */
function when(iso: string) {
  return new Intl.DateTimeFormat(currentLocale(), { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(iso));
}

/** One incident or maintenance notice staff posted, with its updates newest first. */
export function StatusIncidentCard({
  incident,
  componentLabels,
  locationNames,
}: {
  incident: StatusIncident;
  componentLabels: Map<string, string>;
  /** The catalog's names of locations; one it no longer has keeps its id. */
  locationNames: Record<string, string>;
}) {
  const t = useT();
  const closed = isClosedState(incident.state);
  const affected = [...incident.components.map((c) => componentLabels.get(c) ?? c), ...incident.locations.map((l) => locationNames[l] ?? l)];
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-lg font-semibold text-ink">{incident.title}</h3>
        <Badge tone={closed ? 'green' : incident.kind === 'maintenance' ? 'violet' : 'yellow'}>{t(`status.state.${incident.state}`)}</Badge>
      </div>
      <p className="mt-1 text-sm text-muted">
        {incident.kind === 'maintenance' && incident.startsAt && incident.endsAt ? (
          t('status.planned', { start: when(incident.startsAt), end: when(incident.endsAt) })
        ) : (
          <time dateTime={incident.createdAt}>{t('status.posted', { date: when(incident.createdAt) })}</time>
        )}
        {affected.length > 0 && <> · {t('status.affects', { what: new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(affected) })}</>}
      </p>
      <ol className="mt-4 space-y-3">
        {incident.updates.map((u) => (
          <li key={u.id} className="text-sm">
            <p className="text-muted">
              <span className="font-semibold text-ink">{t(`status.state.${u.state}`)}</span> ·{' '}
              <time dateTime={u.createdAt}>{when(u.createdAt)}</time>
            </p>
            <p className="mt-1 whitespace-pre-line text-ink">{u.message}</p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
