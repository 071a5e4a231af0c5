import { policy } from '../../shared/policy';
import { BRAND } from '../lib/brand';

export const aboutIntro = `${BRAND} exists so that running a game server feels like playing the game, not babysitting a machine.`;

export const aboutStory: string[] = [
  `We started ${BRAND} after years of running our own community servers: survival worlds that outgrew a spare PC, roleplay cities held together by late-night restarts, and friends asking why the server was down again. We knew what we wanted from a host, and we kept not finding it.`,
  'So we built it. Servers that come online by themselves a couple of minutes after you pay. Prices you can read in one glance, with nothing added at checkout. A dashboard that gives you the console, the backups and the restart button instead of hiding them. And people on the other end of a ticket who have fixed the same crash on their own servers.',
  'Today we host Minecraft, FiveM and Palworld communities of every size, from a handful of friends to public servers with a waiting list. The goal has not changed: you focus on your players, we keep the lights on.',
];

export interface AboutStat {
  value: string;
  label: string;
}

export const aboutStats: AboutStat[] = [
  { value: policy.marketing.activeServers, label: 'active servers' },
  { value: policy.marketing.uptime, label: 'uptime target' },
  { value: '4', label: 'regions on three continents' },
  { value: '24/7', label: 'human support' },
];

export interface AboutValue {
  id: 'players' | 'honest' | 'ownership' | 'people';
  title: string;
  text: string;
}

export const aboutValues: AboutValue[] = [
  {
    id: 'players',
    title: 'Players first',
    text: 'Every choice starts with the people on your server: low ping, steady tick rates and restarts that happen when nobody is online.',
  },
  {
    id: 'honest',
    title: 'Honest pricing',
    text: 'The price on the page is the price you pay. Longer periods get a clear discount, and there are no setup fees or surprise charges.',
  },
  {
    id: 'ownership',
    title: 'Your server, your data',
    text: 'Full file access, downloadable backups and no lock-in. If you ever leave, you take your world with you.',
  },
  {
    id: 'people',
    title: 'Support from gamers',
    text: 'Our team runs servers too. When you write in, you talk to someone who knows the difference between a plugin conflict and a lag spike.',
  },
];

/** Commitments a customer can hold us to; each one is backed by a written policy. */
export const aboutPromises: { text: string; to: string; link: string }[] = [
  {
    text: `A ${policy.refundWindowHours}-hour money-back guarantee on every new service.`,
    to: '/refund',
    link: 'Refund Policy',
  },
  {
    text: `Uptime backed by service credits when we miss our guarantee, claimable within ${policy.sla.claimWithinDays} days.`,
    to: '/sla',
    link: 'Service Level Agreement',
  },
  {
    text: `At least ${policy.priceChangeNoticeDays} days' notice before any price change reaches your renewals.`,
    to: '/terms',
    link: 'Terms of Service',
  },
  {
    text: `Your last backup kept for ${policy.backupKeptAfterCancelDays} days after you cancel, ready to download.`,
    to: '/privacy',
    link: 'Privacy Policy',
  },
];
