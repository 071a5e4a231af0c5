/** The blog's post list (metadata only; bodies live in blog-posts.ts so this stays small). */
export interface BlogPostMeta {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  date: string;
  readTime: string;
  category: string;
}

export const blogPosts: BlogPostMeta[] = [
  {
    slug: 'minecraft-server-lag-guide',
    title: 'Minecraft Server Lag: How to Find It and Fix It',
    excerpt:
      'Mobs that freeze, blocks that take a second to break, crops that stop growing: most of it comes down to one number. How to measure what your server is really doing, and the settings that fix most lag for good.',
    author: 'Maya Lindqvist',
    date: '2026-10-27',
    readTime: '5 min read',
    category: 'Minecraft',
  },
  {
    slug: 'start-a-fivem-roleplay-community',
    title: 'Starting a FiveM Roleplay Community: The First 30 Days',
    excerpt:
      'A good RP server is a community first and a script collection second. A week-by-week plan for your first month, from the license key to a packed opening night.',
    author: 'Jordan Reyes',
    date: '2026-10-13',
    readTime: '4 min read',
    category: 'FiveM',
  },
  {
    slug: 'palworld-dedicated-server-setup',
    title: 'Palworld Dedicated Server Setup: The Settings That Matter',
    excerpt:
      'From first launch to a world your friends keep coming back to: where the config file lives, which settings are worth changing, admin commands, and the habits that keep a long-running world healthy.',
    author: 'Sam Okafor',
    date: '2026-09-29',
    readTime: '4 min read',
    category: 'Palworld',
  },
];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "2026-10-27" → "October 27, 2026", the same in the prerender and the browser. Written out, not
 * through Intl.DateTimeFormat, whose first use loads the browser's locale data on the public pages.
 */
export function formatPostDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day} ${year}`.replace(/ (\d+) /, ' $1, ');
}
