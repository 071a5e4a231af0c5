import type { MailMessage } from '../../integrations/mail/mailer';
import { renderEmail } from '../../integrations/mail/template';
import { statusIncidentStateLabels, type StatusIncident } from '../../../shared/schemas/status';

function when(iso: string | null): string {
  return iso ? new Date(iso).toUTCString().replace(' GMT', ' UTC') : '';
}

/** The notice a customer gets when an incident or maintenance touches a location they have a server in. */
export function incidentEmail(brand: string, publicUrl: string, incident: StatusIncident, message: string, firstName: string): Omit<MailMessage, 'to'> {
  const maintenance = incident.kind === 'maintenance';
  const subject = maintenance ? `Planned maintenance: ${incident.title}` : `Service incident: ${incident.title}`;
  const window = maintenance && incident.startsAt && incident.endsAt ? [`From ${when(incident.startsAt)} to ${when(incident.endsAt)}.`] : [];
  const where = incident.locations.length ? [`Affected locations: ${incident.locations.join(', ')}.`] : [];
  return {
    subject: `[${brand}] ${subject}`,
    ...renderEmail({
      brand,
      heading: subject,
      paragraphs: [
        `Hi${firstName ? ` ${firstName}` : ''}, you have a server in a location this affects.`,
        `Status: ${statusIncidentStateLabels[incident.state]}.`,
        ...window,
        ...where,
        message,
      ],
      action: { label: 'Follow it on the status page', url: new URL('/status', publicUrl).toString() },
      note: 'You get this email because one of your servers is in an affected location.',
    }),
  };
}
