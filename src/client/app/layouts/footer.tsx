import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/layout/logo';
import { socialLabels, socialNetworks } from '../../../shared/brand';
import { useBrand } from '../../lib/brand';
import { usePublicPath, useT } from '../../lib/i18n';
import { useUnpublishedPaths } from '../../lib/unpublished-pages';
import type { PublicKey } from '../../../shared/i18n/keys';
import { LanguagePicker } from './language-picker';

const columns: { title: PublicKey; links: { to: string; label: PublicKey }[] }[] = [
  {
    title: 'footer.hosting',
    links: [
      { to: '/configure/minecraft', label: 'footer.minecraft' },
      { to: '/configure/fivem', label: 'footer.fivem' },
      { to: '/configure/palworld', label: 'footer.palworld' },
      { to: '/deploy', label: 'footer.deploy' },
    ],
  },
  {
    title: 'footer.company',
    links: [
      { to: '/about', label: 'footer.about' },
      { to: '/blog', label: 'footer.blog' },
      { to: '/affiliate', label: 'footer.affiliate' },
      { to: '/partners', label: 'footer.partners' },
    ],
  },
  {
    title: 'footer.support',
    links: [
      { to: '/support', label: 'footer.supportCenter' },
      { to: '/help', label: 'footer.faq' },
      { to: '/discord', label: 'footer.discord' },
      { to: '/status', label: 'footer.status' },
    ],
  },
  {
    title: 'footer.legal',
    links: [
      { to: '/terms', label: 'footer.terms' },
      { to: '/privacy', label: 'footer.privacy' },
      { to: '/sla', label: 'footer.sla' },
      { to: '/refund', label: 'footer.refund' },
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
  const t = useT();
  const publicPath = usePublicPath();
  const brand = useBrand();
  const elsewhere = [
    ...(brand.discordUrl ? [{ label: 'Discord', href: brand.discordUrl }] : []),
    ...socialNetworks.flatMap((n) => (brand.socials[n] ? [{ label: socialLabels[n], href: brand.socials[n] }] : [])),
  ];
  const unpublished = useUnpublishedPaths();
  return (
    <footer className="render-when-visible border-t border-line bg-surface/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-muted">{t('footer.tagline')}</p>
          <p className="text-sm">
            <a href={`mailto:${brand.supportEmail}`} className="break-all text-muted hover:text-accent">
              {brand.supportEmail}
            </a>
          </p>
          {elsewhere.length > 0 && (
            <nav aria-label={t('footer.follow')}>
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {elsewhere.map((l) => (
                  <li key={l.href}>
                    <a href={l.href} rel="noopener noreferrer me" target="_blank" className="text-sm text-muted hover:text-accent">
                      {l.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <LanguagePicker />
        </div>
        {columns.map((col) => (
          <nav key={col.title} aria-label={t(col.title)}>
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-ink">{t(col.title)}</h2>
            <ul className="space-y-2">
              {col.links
                .filter((l) => !unpublished.has(l.to))
                .map((l) => (
                  <li key={l.to}>
                    <Link to={publicPath(l.to)} className="text-sm text-muted hover:text-accent">
                      {t(l.label)}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line py-6 text-center text-sm text-muted">
        {t('footer.copyright', { year: String(year), brand: brand.name })}
      </div>
    </footer>
  );
}
