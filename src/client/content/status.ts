/** The static status page: regions, services and the last resolved incidents. */
export const overallStatus = 'All Systems Operational';

export type ComponentState = 'Operational' | 'Degraded' | 'Outage';

export interface RegionStatus {
  id: string;
  name: string;
  location: string;
  state: ComponentState;
  uptime90d: string;
}

export const regions: RegionStatus[] = [
  { id: 'us-east', name: 'US East 1', location: 'Ashburn, Virginia', state: 'Operational', uptime90d: '99.97%' },
  { id: 'us-west', name: 'US West California', location: 'Los Angeles, California', state: 'Operational', uptime90d: '99.99%' },
  { id: 'eu-west', name: 'EU West Amsterdam', location: 'Amsterdam, Netherlands', state: 'Operational', uptime90d: '99.99%' },
  { id: 'asia-pacific', name: 'Asia Pacific Singapore', location: 'Singapore', state: 'Operational', uptime90d: '99.98%' },
];

export interface ServiceStatus {
  name: string;
  description: string;
  state: ComponentState;
}

export const services: ServiceStatus[] = [
  { name: 'Game servers', description: 'Minecraft, FiveM and Palworld servers in every region', state: 'Operational' },
  { name: 'Server provisioning', description: 'Setting up new servers after payment', state: 'Operational' },
  { name: 'Game panel', description: 'Files, SFTP, console and power controls', state: 'Operational' },
  { name: 'Website and dashboard', description: 'Storefront, sign-in and customer dashboard', state: 'Operational' },
  { name: 'Payments and billing', description: 'Checkout, renewals and invoices', state: 'Operational' },
  { name: 'DDoS protection', description: 'Always-on filtering at the network edge', state: 'Operational' },
];

export interface Incident {
  id: string;
  title: string;
  /** ISO date, for the <time> element. */
  date: string;
  dateLabel: string;
  duration: string;
  affected: string;
  summary: string;
  resolution: string;
}

export const incidents: Incident[] = [
  {
    id: 'us-east-packet-loss',
    title: 'Packet loss on US East 1',
    date: '2026-10-14',
    dateLabel: 'October 14, 2026',
    duration: '23 minutes',
    affected: 'US East 1 game servers',
    summary:
      'A fault at one of our upstream network carriers caused intermittent packet loss. Some players saw rubber-banding and a few were disconnected.',
    resolution:
      'We moved traffic off the faulty carrier and connections returned to normal. No servers restarted and no data was lost. The carrier has since replaced the failed equipment.',
  },
  {
    id: 'provisioning-delay',
    title: 'Delayed setup of new servers',
    date: '2026-09-02',
    dateLabel: 'September 2, 2026',
    duration: '41 minutes',
    affected: 'New orders in all regions',
    summary:
      'A stuck install job held up the provisioning queue, so new servers took much longer than usual to come online. Existing servers were not affected.',
    resolution:
      'We cleared the stuck job and every queued order finished setting up on its own; none were lost or charged twice. We added an alert that pages an engineer when setup takes longer than expected.',
  },
  {
    id: 'panel-sign-in',
    title: 'Game panel sign-in errors',
    date: '2026-07-19',
    dateLabel: 'July 19, 2026',
    duration: '17 minutes',
    affected: 'Game panel',
    summary:
      'After scheduled maintenance, some customers got an error when opening the game panel. Game servers kept running throughout.',
    resolution:
      'We rolled back the configuration change behind the errors and sign-in worked again. The change was fixed and re-applied later with an extra check in our release process.',
  },
];
