import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Logo } from '../../components/layout/logo';
import { AccountMenu } from '../../components/layout/account-menu';
import { useBrand } from '../../lib/brand';
import { cn } from '../../lib/cn';
import { usePublicPath, useT } from '../../lib/i18n';
import type { PublicKey } from '../../../shared/i18n/keys';
import { CurrencyPicker } from './currency-picker';
import { LanguagePicker } from './language-picker';

const links: { to: string; label: PublicKey; public: boolean }[] = [
  { to: '/', label: 'layout.nav.home', public: true },
  { to: '/discord', label: 'layout.nav.discord', public: true },
  { to: '/help', label: 'layout.nav.faq', public: true },
  { to: '/support', label: 'layout.nav.support', public: true },
  { to: '/dashboard', label: 'layout.nav.dashboard', public: false },
];

export function Header() {
  const [open, setOpen] = useState(false);
  const t = useT();
  const publicPath = usePublicPath();
  const nav = links.map((l) => ({ ...l, to: l.public ? publicPath(l.to) : l.to, label: t(l.label) }));
  const home = publicPath('/');
  const brand = useBrand();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-bg/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4">
        <Link to={home} className="flex items-center gap-2" aria-label={t('layout.homeLink', { brand: brand.name })}>
          <Logo />
        </Link>
        <span className="hidden sm:inline">
          <Badge tone="violet">{t('layout.badge')}</Badge>
        </span>
        <nav aria-label={t('layout.nav.main')} className="ml-4 hidden flex-1 items-center gap-1 lg:flex">
          {nav.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              end={l.to === home}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  isActive ? 'text-accent' : 'text-muted hover:text-ink',
                )
              }
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <CurrencyPicker className="hidden md:inline-flex" />
          <LanguagePicker className="hidden sm:inline-flex" />
          <AccountMenu />
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg border border-line lg:hidden"
            aria-label={open ? t('layout.menu.close') : t('layout.menu.open')}
            aria-expanded={open}
            aria-controls="mobile-nav"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {open && (
        <nav id="mobile-nav" aria-label={t('layout.nav.mobile')} className="border-t border-line px-4 py-3 lg:hidden">
          {nav.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              end={l.to === home}
              onClick={() => setOpen(false)}
              className="block rounded-md px-3 py-2.5 text-sm font-medium text-ink hover:bg-surface-2"
            >
              {l.label}
            </NavLink>
          ))}
          <div className="mt-2 flex flex-wrap gap-2 md:hidden">
            <CurrencyPicker />
            <LanguagePicker className="inline-flex sm:hidden" />
          </div>
        </nav>
      )}
    </header>
  );
}
