import { ChevronDown, Menu, User, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Logo } from '../../components/layout/logo';
import { MenuButton } from '../../components/ui/menu';
import { api } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { setSessionUser, useSession } from '../../lib/session';

const links = [
  { to: '/', label: 'Home' },
  { to: '/discord', label: 'Discord' },
  { to: '/faq', label: 'FAQ' },
  { to: '/support', label: 'Support' },
  { to: '/dashboard', label: 'User Dashboard' },
];

const itemClass =
  'flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-left text-sm text-ink outline-none hover:bg-surface-2 focus:bg-surface-2';

function AccountMenu() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await api('/auth/logout', { method: 'POST', body: { scope: 'local' } });
    } catch (error) {
      // A failed logout still leaves the visitor on the home page, signed out here.
      console.warn('Logout failed', error);
    } finally {
      setSessionUser(null);
      void import('../../lib/query-client').then((m) => m.queryClient.clear());
      setSigningOut(false);
      navigate('/');
    }
  }

  return (
    <MenuButton
      label="Account menu"
      buttonClassName="inline-flex h-10 items-center gap-2 rounded-lg border border-line px-3 text-sm font-medium text-ink hover:bg-surface-2"
      menuClassName="absolute right-0 z-50 mt-2 min-w-56 rounded-xl border border-line bg-surface p-1.5 shadow-xl"
      button={
        <>
          <User className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Account</span>
          <ChevronDown className="h-4 w-4" aria-hidden="true" />
        </>
      }
    >
      {(close) =>
        user ? (
          <>
            <div className="px-3 py-2" role="none">
              <p className="truncate text-sm font-semibold text-ink">{user.email}</p>
              <p className="text-xs text-muted">Signed in</p>
            </div>
            <div className="my-1 h-px bg-line" role="separator" />
            <Link role="menuitem" to="/dashboard" className={itemClass} onClick={close}>
              Dashboard
            </Link>
            <button
              type="button"
              role="menuitem"
              className={itemClass}
              aria-disabled={signingOut}
              onClick={() => {
                if (!signingOut) void signOut().then(close);
              }}
            >
              {signingOut ? 'Signing out...' : 'Sign Out'}
            </button>
          </>
        ) : (
          <>
            <Link role="menuitem" to="/auth" className={itemClass} onClick={close}>
              Sign In
            </Link>
            <Link role="menuitem" to="/auth" state={{ mode: 'signup' }} className={itemClass} onClick={close}>
              Sign Up
            </Link>
          </>
        )
      }
    </MenuButton>
  );
}

export function Header() {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-bg/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4">
        <Link to="/" className="flex items-center gap-2" aria-label="Home">
          <Logo />
        </Link>
        <span className="hidden sm:inline">
          <Badge tone="violet">Servers</Badge>
        </span>
        <nav aria-label="Main" className="ml-4 hidden flex-1 items-center gap-1 lg:flex">
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              end={l.to === '/'}
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
          <AccountMenu />
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg border border-line lg:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-nav"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {open && (
        <nav id="mobile-nav" aria-label="Mobile" className="border-t border-line px-4 py-3 lg:hidden">
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              end={l.to === '/'}
              onClick={() => setOpen(false)}
              className="block rounded-md px-3 py-2.5 text-sm font-medium text-ink hover:bg-surface-2"
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
      )}
    </header>
  );
}
