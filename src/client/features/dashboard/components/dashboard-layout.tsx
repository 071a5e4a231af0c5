import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Eye, Gift, Headset, LayoutDashboard, Menu, Server, Settings, ShoppingCart, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Link, NavLink, useNavigate } from 'react-router';
import { AccountMenu } from '../../../components/layout/account-menu';
import { Logo } from '../../../components/layout/logo';
import { Button } from '../../../components/ui/button';
import { api } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { useT } from '../../../lib/i18n';
import type { DashboardKey } from '../../../../shared/i18n/keys';
import { useLiveEvents } from '../../../lib/live-events';
import { refreshSession, useSession, type ViewAs } from '../../../lib/session';
import { AnnouncementBanners } from './announcement-banners';

const items: { to: string; label: DashboardKey; icon: typeof Server; end?: boolean }[] = [
  { to: '/dashboard', label: 'dashboard.nav.overview', icon: LayoutDashboard, end: true },
  { to: '/dashboard/services', label: 'dashboard.nav.services', icon: Server },
  { to: '/dashboard/billing', label: 'dashboard.nav.billing', icon: CreditCard },
  { to: '/dashboard/support', label: 'dashboard.nav.support', icon: Headset },
  { to: '/dashboard/affiliate', label: 'dashboard.nav.affiliate', icon: Gift },
  { to: '/dashboard/order', label: 'dashboard.nav.order', icon: ShoppingCart },
  { to: '/dashboard/settings', label: 'dashboard.nav.settings', icon: Settings },
];

function Nav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  return (
    <ul className="space-y-1">
      {items.map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium',
                isActive ? 'bg-accent/15 text-accent' : 'text-muted hover:bg-surface-2 hover:text-ink',
              )
            }
          >
            <Icon className="h-4 w-4" aria-hidden="true" />
            {t(label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Shown while staff view this dashboard as the customer: nothing here can be changed. */
function ViewAsBanner({ viewAs }: { viewAs: ViewAs }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const t = useT();

  async function exit() {
    setLeaving(true);
    try {
      await api('/admin/view-as/exit', { method: 'POST' });
      // Everything cached was the customer's.
      queryClient.clear();
      await refreshSession();
      navigate(`/admin/customers/${viewAs.customerId}`);
    } catch (error) {
      setLeaving(false);
      toast.error(errorMessage(error));
    }
  }

  return (
    <div role="region" aria-label={t('dashboard.viewAs.region')} className="sticky top-0 z-40 border-b border-warn/40 bg-warn/15 px-4 py-2.5">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2">
        <p className="flex min-w-0 items-center gap-2 text-sm font-semibold text-warn">
          <Eye className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="break-all">{t('dashboard.viewAs.text', { email: viewAs.customerEmail })}</span>
        </p>
        <Button size="sm" variant="outline" onClick={exit} disabled={leaving}>
          {leaving ? t('dashboard.viewAs.leaving') : t('dashboard.viewAs.exit')}
        </Button>
      </div>
    </div>
  );
}

export function DashboardLayout({ children }: { children: ReactNode }) {
  const { user, viewAs } = useSession();
  const [open, setOpen] = useState(false);
  const t = useT();
  useLiveEvents();
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[250px_1fr]">
      <aside className="hidden border-r border-line bg-surface/60 p-4 lg:block">
        <Link to="/" className="mb-8 block px-2 py-2" aria-label={t('dashboard.home')}>
          <Logo />
        </Link>
        <nav aria-label={t('dashboard.nav.label')}>
          <Nav />
        </nav>
      </aside>
      <div className="min-w-0">
        {viewAs && <ViewAsBanner viewAs={viewAs} />}
        <header className="flex h-16 items-center justify-between gap-3 border-b border-line px-4">
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg border border-line lg:hidden"
            aria-label={open ? t('dashboard.menu.close') : t('dashboard.menu.open')}
            aria-expanded={open}
            aria-controls="dashboard-mobile-nav"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
          </button>
          <Link to="/" className="lg:hidden" aria-label={t('dashboard.home')}>
            <Logo />
          </Link>
          <p className="ml-auto hidden truncate text-sm text-muted sm:block">{user ? user.email : t('dashboard.loadingUser')}</p>
          <div className="ml-auto sm:ml-0">
            <AccountMenu />
          </div>
        </header>
        {open && (
          <nav id="dashboard-mobile-nav" aria-label={t('dashboard.nav.label')} className="border-b border-line p-4 lg:hidden">
            <Nav onNavigate={() => setOpen(false)} />
          </nav>
        )}
        <main id="main" className="mx-auto max-w-6xl px-4 py-8">
          <AnnouncementBanners />
          {children}
        </main>
      </div>
    </div>
  );
}
