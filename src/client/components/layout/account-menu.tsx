import { ChevronDown, User } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isStaffRole } from '../../../shared/permissions';
import { api } from '../../lib/api-client';
import { setSessionUser, useSession } from '../../lib/session';
import { usePublicPath, useT } from '../../lib/i18n';
import { MenuButton } from '../ui/menu';

const itemClass =
  'flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-left text-sm text-ink outline-none hover:bg-surface-2 focus:bg-surface-2';

/** The Account dropdown: Sign In and Sign Up when signed out; email, Dashboard (Staff console for staff) and Sign Out when signed in. */
export function AccountMenu() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const t = useT();
  const publicPath = usePublicPath();

  async function signOut() {
    setSigningOut(true);
    try {
      await api('/auth/logout', { method: 'POST', body: { scope: 'local' } });
    } catch (error) {
      // A failed logout still leaves the visitor on the home page, signed out here.
      console.warn('Logout failed', error);
    } finally {
      // Leave protected pages first, so they do not bounce the visitor to the sign-in screen.
      navigate(publicPath('/'));
      setSessionUser(null, { signedOut: true });
      void import('../../lib/query-client').then((m) => m.queryClient.clear());
      setSigningOut(false);
    }
  }

  return (
    <MenuButton
      label={t('layout.account.menu')}
      buttonClassName="inline-flex h-10 items-center gap-2 rounded-lg border border-line px-3 text-sm font-medium text-ink hover:bg-surface-2"
      menuClassName="absolute right-0 z-50 mt-2 min-w-56 rounded-xl border border-line bg-surface p-1.5 shadow-xl"
      button={
        <>
          <User className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">{t('layout.account.button')}</span>
          <ChevronDown className="h-4 w-4" aria-hidden="true" />
        </>
      }
    >
      {(close) =>
        user ? (
          <>
            <div className="px-3 py-2" role="none">
              <p className="truncate text-sm font-semibold text-ink">{user.email}</p>
              <p className="text-xs text-muted">{t('layout.account.signedIn')}</p>
            </div>
            <div className="my-1 h-px bg-line" role="separator" />
            <Link role="menuitem" to="/dashboard" className={itemClass} onClick={close}>
              {t('layout.account.dashboard')}
            </Link>
            {isStaffRole(user.role) && (
              <Link role="menuitem" to="/admin" className={itemClass} onClick={close}>
                {t('layout.account.staff')}
              </Link>
            )}
            <button
              type="button"
              role="menuitem"
              className={itemClass}
              aria-disabled={signingOut}
              onClick={() => {
                if (!signingOut) void signOut().then(close);
              }}
            >
              {signingOut ? t('layout.account.signingOut') : t('layout.account.signOut')}
            </button>
          </>
        ) : (
          <>
            <Link role="menuitem" to={publicPath('/auth')} className={itemClass} onClick={close}>
              {t('layout.account.signIn')}
            </Link>
            <Link role="menuitem" to={publicPath('/auth')} state={{ mode: 'signup' }} className={itemClass} onClick={close}>
              {t('layout.account.signUp')}
            </Link>
          </>
        )
      }
    </MenuButton>
  );
}

