import { ArrowLeft, HandCoins, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '../../../components/layout/logo';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';

const items = [
  { to: '/admin/tickets', label: 'Tickets', icon: Inbox },
  { to: '/admin/affiliate', label: 'Affiliate payouts', icon: HandCoins, adminOnly: true },
];

/** The staff console's shell: a top bar with its sections, usable at any width. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return (
    <div className="min-h-screen">
      <header className="border-b border-line bg-surface/60">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link to="/" aria-label="Home">
            <Logo />
          </Link>
          <span className="rounded-full border border-violet/40 px-2 py-0.5 text-xs font-semibold text-violet">Staff</span>
          <nav aria-label="Staff console" className="flex gap-1">
            {items.filter((i) => !i.adminOnly || user?.role === 'admin').map(({ to, label, icon: Icon }) => (
              <NavLink
                key={to}
                to={to}
                className={({ isActive }) =>
                  cn(
                    'inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium',
                    isActive ? 'bg-accent/15 text-accent' : 'text-muted hover:bg-surface-2 hover:text-ink',
                  )
                }
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                {label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-4 text-sm">
            <span className="hidden truncate text-muted sm:inline">{user?.email}</span>
            <Link to="/dashboard" className="inline-flex items-center gap-1 text-muted hover:text-ink">
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              Dashboard
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
    </div>
  );
}
