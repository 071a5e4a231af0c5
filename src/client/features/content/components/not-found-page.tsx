import { BookOpen, House, LifeBuoy, Rocket, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { usePublicPath, useT } from '../../../lib/i18n';
import type { PublicKey } from '../../../../shared/i18n/keys';

const suggestions: { to: string; label: PublicKey; icon: LucideIcon }[] = [
  { to: '/deploy', label: 'notFound.deploy', icon: Rocket },
  { to: '/help', label: 'notFound.help', icon: BookOpen },
  { to: '/support', label: 'notFound.support', icon: LifeBuoy },
];

export default function NotFoundPage() {
  const { pathname } = useLocation();
  const t = useT();
  const publicPath = usePublicPath();

  useEffect(() => {
    // A warning, not an error: a mistyped link is worth noticing but is not a failure of the app.
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);

  return (
    // The marker tells the browser's app that the server answered this address with a 404 (app/mount-app.tsx).
    <div data-page="not-found" className="contents">
      <PageHeader eyebrow={t('notFound.eyebrow')} title={t('notFound.title')}>
        <p>
          {t('notFound.nothingAt')} <code className="break-all rounded bg-surface-2 px-1.5 py-0.5 text-sm text-ink">{pathname}</code>
          {'. '}
          {t('notFound.oldLink')}
        </p>
        <div className="mt-8 flex justify-center">
          <ButtonLink to={publicPath('/')} size="lg">
            <House className="h-5 w-5" aria-hidden="true" />
            {t('notFound.home')}
          </ButtonLink>
        </div>
      </PageHeader>

      <nav aria-label={t('notFound.popular')} className="mx-auto max-w-5xl px-4 py-12">
        <h2 className="mb-4 text-center text-lg font-semibold text-ink">{t('notFound.tryThese')}</h2>
        <ul className="flex flex-wrap justify-center gap-3">
          {suggestions.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={publicPath(to)}
                className="inline-flex items-center gap-2 rounded-lg border border-line bg-surface px-4 py-2.5 text-sm font-medium text-ink hover:border-accent hover:text-accent"
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
