import { BRAND } from '../lib/brand';

export interface DiscordFeature {
  id: 'help' | 'news' | 'events' | 'showcase' | 'mods' | 'staff';
  title: string;
  text: string;
}

export const discordFeatures: DiscordFeature[] = [
  {
    id: 'help',
    title: 'Help in minutes',
    text: 'Stuck on a crash, a port or a plugin? Post it in #help and someone who has fixed it before usually answers fast.',
  },
  {
    id: 'news',
    title: 'News before anyone else',
    text: 'New regions, game updates and planned maintenance land in #announcements first, with the details that matter to owners.',
  },
  {
    id: 'events',
    title: 'Weekly events and giveaways',
    text: 'Build battles, script clinics and base tours, with free server months and upgrade packs up for grabs.',
  },
  {
    id: 'showcase',
    title: 'Show off your server',
    text: 'Share your world, your roleplay city or your Palworld base in #showcase and find new players along the way.',
  },
  {
    id: 'mods',
    title: 'Mods, plugins and scripts',
    text: 'Swap recommendations, config snippets and performance tweaks with owners who run the same games as you.',
  },
  {
    id: 'staff',
    // A getter: the shop's name is read when the page renders, not when this module loads.
    get title() {
      return `${BRAND} staff in the room`;
    },
    text: 'Our support team hangs out in the server, so bigger problems become a ticket without you having to start over.',
  },
];

export interface DiscordEvent {
  id: string;
  title: string;
  game: string;
  schedule: string;
  description: string;
}

/** Recurring community events, described by their schedule so the page never shows a past date. */
export const discordEvents: DiscordEvent[] = [
  {
    id: 'build-battle',
    title: 'Friday Build Battle',
    game: 'Minecraft',
    schedule: 'Every Friday, 19:00 UTC',
    description:
      'One theme, ninety minutes, one shared creative world. The community votes on the best build and the winner takes a free month on any Minecraft plan.',
  },
  {
    id: 'script-clinic',
    title: 'FiveM Script Clinic',
    game: 'FiveM',
    schedule: 'First Wednesday of the month, 18:00 UTC',
    description:
      'Bring the resource that keeps breaking your city. Our engineers and experienced server owners debug live on stage and answer framework questions.',
  },
  {
    id: 'base-tour',
    title: 'Palworld Base Tour',
    game: 'Palworld',
    schedule: 'Last Sunday of the month, 16:00 UTC',
    description:
      'Walk through the community’s most ambitious bases and breeding farms, swap tips on server settings, and win a Community pack.',
  },
];

export const discordDos: string[] = [
  'Be kind and patient: everyone started as a beginner.',
  'Ask in the right channel and include your game, plan and any error text.',
  'Share what fixed your problem so the next person finds it.',
  'Use spoiler tags for update leaks and story content.',
  'Report rule-breakers to a moderator instead of arguing with them.',
];

export const discordDonts: string[] = [
  'No harassment, hate speech or personal attacks, ever.',
  'Do not advertise other hosts, servers or Discords without permission.',
  'Never post passwords, panel logins, API keys or anyone’s personal details.',
  'No spam, mass mentions or direct messages to staff for support.',
  'No cheats, exploits, cracked software or stolen resources.',
];
