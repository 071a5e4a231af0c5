import { BRAND } from '../lib/brand';
import { policy } from '../../shared/policy';

const { sla } = policy;

/** First-response targets per ticket priority and SLA tier. Priority, Standard, Professional, Enterprise. */
export const supportResponseTimes: string[][] = [
  ['Critical', '1 hour', '30 minutes', '15 minutes'],
  ['High', '4 hours', '2 hours', '1 hour'],
  ['Medium', '12 hours', '8 hours', '4 hours'],
  ['Low', '24 hours', '24 hours', '12 hours'],
];

export const serviceLevelAgreement = {
  title: 'Service Level Agreement',
  intro: `How much uptime ${BRAND} guarantees, how we measure it, and the credit you get when we fall short.`,
  lastUpdated: 'November 2026',
  sections: [
    {
      id: 'scope',
      title: 'Scope',
      paragraphs: [
        `This agreement covers the availability of the game servers you rent from ${BRAND}: the machine your server runs on, its power, and the network that connects it to your players.`,
        'The Standard tier applies to every server ordered through our website. Professional and Enterprise tiers are agreed in writing for larger communities and networks; contact our team through the support page to discuss one.',
      ],
    },
    {
      id: 'uptime-guarantee',
      title: 'Uptime Guarantee',
      paragraphs: [
        'We guarantee the monthly uptime below for each tier. Maximum downtime is based on an average month of 730.5 hours.',
      ],
      table: {
        caption: 'Guaranteed uptime by tier',
        columns: ['Tier', 'Guaranteed uptime', 'Maximum monthly downtime'],
        rows: sla.tiers.map((t) => [t.tier, t.guaranteedUptime, t.maximumMonthlyDowntime]),
      },
      notes: [
        `In practice we aim higher: our network-wide target is ${policy.marketing.uptime} for every customer, whatever the tier.`,
      ],
    },
    {
      id: 'measurement',
      title: 'How We Measure Uptime',
      paragraphs: [
        'Our monitoring checks every machine and network path around the clock, from more than one location. Downtime starts when we confirm that a server cannot be reached or started because of a fault on our side, and ends when service is restored.',
        'Uptime is calculated per server, per calendar month. Time excluded under this agreement does not count as downtime.',
      ],
    },
    {
      id: 'service-credits',
      title: 'Service Credits',
      paragraphs: [
        "When a server's monthly uptime falls below a threshold, you receive a credit worth a share of that server's monthly fee:",
      ],
      table: {
        caption: 'Service credits by monthly uptime',
        columns: ['Monthly uptime', 'Service credit'],
        rows: sla.credits.map((c) => [`Below ${c.below}`, `${c.creditPercent}% of the monthly fee`]),
      },
      notes: [
        `On the Professional and Enterprise tiers, a month below the tier's guaranteed uptime but at or above ${sla.credits[0].below} also earns the ${sla.credits[0].creditPercent}% credit.`,
        `Only the highest matching credit applies, and credits for any one month are capped at ${sla.creditCapPercent}% of the monthly fee. Credits are added to your account balance and used automatically on your next invoices; they are not paid out as cash.`,
      ],
    },
    {
      id: 'claims',
      title: 'How to Claim a Credit',
      paragraphs: [
        `Request a credit within ${sla.claimWithinDays} days of the downtime by opening a Billing ticket from your dashboard. Tell us which server was affected and roughly when the problem happened.`,
        'We check your claim against our monitoring records and reply on the ticket. Approved credits appear on your account balance straight away.',
      ],
    },
    {
      id: 'exclusions',
      title: 'Exclusions',
      paragraphs: ['Downtime does not count towards the guarantee when it is caused by:'],
      list: [
        'scheduled maintenance announced in advance',
        'your own mods, plugins, scripts, resources or configuration, including crashes and lag they cause',
        'game updates from the publisher that break a server or its add-ons',
        'actions you take, such as stopping, restarting or reinstalling your server',
        'suspension for unpaid invoices or for breaking our Terms of Service',
        "outages of third-party services your game relies on, such as Mojang or Microsoft sign-in, Steam, Cfx.re or Discord, or problems with a player's own connection",
        'events outside our reasonable control, such as natural disasters or wide-scale internet outages',
      ],
    },
    {
      id: 'support-response',
      title: 'Support Response Times',
      paragraphs: [
        'Support is available 24/7. These are our targets for a first human reply, by the priority of your ticket:',
      ],
      table: {
        caption: 'First response time by priority and tier',
        columns: ['Priority', 'Standard', 'Professional', 'Enterprise'],
        rows: supportResponseTimes,
      },
      list: [
        'Critical: your server is down, will not start, or data is at risk.',
        'High: a major feature is broken or performance is badly degraded.',
        'Medium: something is partly broken but there is a workaround.',
        'Low: questions, how-to requests and feature ideas.',
      ],
      notes: ['Most tickets get an answer well within these targets. We may change the priority of a ticket to match these definitions.'],
    },
    {
      id: 'maintenance',
      title: 'Scheduled Maintenance',
      paragraphs: [
        'We announce planned maintenance at least 48 hours ahead by email and on our status page, and schedule it for the quietest hours of the affected region. Most maintenance needs no more than a single server restart.',
        'Urgent security fixes may happen with shorter notice. When they cause downtime, that downtime counts towards your uptime.',
      ],
      link: { to: '/status', label: 'See the status page' },
    },
    {
      id: 'changes',
      title: 'Changes to This Agreement',
      paragraphs: [
        'We never lower your guarantee in the middle of a billing period you have already paid for. Changes to this agreement apply from your next renewal, and we email you before they take effect.',
      ],
      link: { to: '/support', label: 'Contact support' },
    },
  ],
};
