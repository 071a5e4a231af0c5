import { ArrowLeft, Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { can, roleLabels } from '../../../../shared/permissions';
import type { Role } from '../../../../shared/schemas/auth';
import { AccountMenu } from '../../../components/layout/account-menu';
import { Logo } from '../../../components/layout/logo';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { adminNav } from './admin-nav';

function Nav({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  return (
    <ul className="space-y-1">
      {adminNav
        .filter((item) => can(user?.role, item.permission))
        .map(({ to, label, icon: Icon, end }) => (
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
              {label}
            </NavLink>
          </li>
        ))}
      <li className="pt-4">
        <Link
          to="/dashboard"
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-muted hover:bg-surface-2 hover:text-ink"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          My dashboard
        </Link>
      </li>
    </ul>
  );
}

/** The staff console's shell: the dashboard's look, with its own sidebar (a menu button on phones). */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const role = (user?.role ?? 'customer') as Role;
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[250px_1fr]">
      <aside className="hidden border-r border-line bg-surface/60 p-4 lg:block">
        <Link to="/admin" className="mb-2 block px-2 py-2" aria-label="Staff home">
          <Logo />
        </Link>
        <p className="mb-6 px-2">
          <span className="rounded-full border border-violet/40 px-2 py-0.5 text-xs font-semibold text-violet">
            Staff · {roleLabels[role]}
          </span>
        </p>
        <nav aria-label="Staff console">
          <Nav />
        </nav>
      </aside>
      <div className="min-w-0">
        <header className="flex h-16 items-center justify-between gap-3 border-b border-line px-4">
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg border border-line lg:hidden"
            aria-label={open ? 'Close staff menu' : 'Open staff menu'}
            aria-expanded={open}
            aria-controls="admin-mobile-nav"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
          </button>
          <Link to="/admin" className="lg:hidden" aria-label="Staff home">
            <Logo />
          </Link>
          <p className="ml-auto hidden truncate text-sm text-muted sm:block">{user?.email}</p>
          <div className="ml-auto sm:ml-0">
            <AccountMenu />
          </div>
        </header>
        {open && (
          <nav id="admin-mobile-nav" aria-label="Staff console" className="border-b border-line p-4 lg:hidden">
            <Nav onNavigate={() => setOpen(false)} />
          </nav>
        )}
        <main id="main" className="mx-auto max-w-6xl px-4 py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
