import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/layout/logo';
import { usePublicPath, useT } from '../../../lib/i18n';

/** The standalone frame of the auth screens: logo, 'Back to Home' and a centred card. */
export function AuthShell({ children }: { children: ReactNode }) {
  const t = useT();
  const publicPath = usePublicPath();
  return (
    <div className="bg-grid flex min-h-screen flex-col items-center px-4 py-8">
      <div className="flex w-full max-w-md items-center justify-between">
        <Link to={publicPath('/')} className="inline-flex items-center gap-2 text-sm text-muted hover:text-ink">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('auth.backHome')}
        </Link>
        <Logo />
      </div>
      <main className="mt-10 w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-xl sm:p-8">
        {children}
      </main>
    </div>
  );
}
