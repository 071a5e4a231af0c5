import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/layout/logo';
import { BRAND } from '../../lib/brand';

const columns = [
  {
    title: 'Hosting',
    links: [
      { to: '/configure/minecraft', label: 'Minecraft Hosting' },
      { to: '/configure/fivem', label: 'FiveM Hosting' },
      { to: '/configure/palworld', label: 'Palworld Hosting' },
      { to: '/deploy', label: 'Deploy a Server' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/blog', label: 'Blog' },
      { to: '/affiliate', label: 'Affiliate Program' },
      { to: '/partners', label: 'Partners & Creators' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/support', label: 'Support Center' },
      { to: '/faq', label: 'FAQ' },
      { to: '/discord', label: 'Discord Community' },
      { to: '/status', label: 'System Status' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/sla', label: 'Service Level Agreement' },
      { to: '/refund', label: 'Refund Policy' },
    ],
  },
];

declare const __BUILD_YEAR__: number;

const noSubscription = () => () => undefined;
/** The year the page was built, as its prerendered HTML shows it (vite.config.ts). */
const buildYear = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear();

export function Footer() {
  // The build's year while the page hydrates, so it matches the HTML; this year right after.
  const year = useSyncExternalStore(noSubscription, () => new Date().getFullYear(), () => buildYear);
  return (
    <footer className="render-when-visible border-t border-line bg-surface/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-muted">Game servers that are online in minutes and stay online.</p>
        </div>
        {columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-ink">{col.title}</h2>
            <ul className="space-y-2">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-sm text-muted hover:text-accent">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line py-6 text-center text-sm text-muted">
        © {year} {BRAND}. All rights reserved.
      </div>
    </footer>
  );
}
