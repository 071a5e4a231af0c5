import { locationLabelIn } from '../../../shared/catalog-texts';
import type { Locale } from '../../../shared/i18n/locales';
import type { StatusIncident } from '../../../shared/schemas/status';
import { sendTemplate, type EmailSendDeps } from '../emails';

function when(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(iso));
}

/** The notice a customer gets when an incident or maintenance touches a location they have a server in; in their language (decision 061). */
export type CatalogLocations = Parameters<typeof locationLabelIn>[0];

/** The affected locations as the catalog names them in the reader's language; an id the catalog lacks stays as it is. */
function locationNames(ids: readonly string[], catalog: CatalogLocations, locale: Locale): string {
  return ids.map((id) => locationLabelIn(catalog, id, locale) ?? id).join(', ');
}

export async function sendIncidentNotice(
  deps: EmailSendDeps,
  userId: string,
  incident: StatusIncident,
  message: string,
  dedupeKey: string,
  catalog: CatalogLocations = [],
): Promise<void> {
  const window = incident.kind === 'maintenance' && incident.startsAt && incident.endsAt ? { startsAt: incident.startsAt, endsAt: incident.endsAt } : null;
  await sendTemplate(deps, {
    userId,
    template: 'statusNotice',
    values: (locale) => ({
      kind: incident.kind,
      title: incident.title,
      state: incident.state,
      start: window ? when(window.startsAt, locale) : 'none',
      end: window ? when(window.endsAt, locale) : 'none',
      locations: incident.locations.length ? locationNames(incident.locations, catalog, locale) : 'none',
      message,
    }),
    actionPath: '/status',
    dedupeKey,
  });
}
