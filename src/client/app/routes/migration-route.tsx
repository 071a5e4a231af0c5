import { can } from '../../../shared/permissions';
import { PageSpinner } from '../../components/ui/page-spinner';
import { MigrationPage } from '../../features/admin/migration/components/migration-page';
import NotFoundPage from '../../features/content/components/not-found-page';
import { useSession } from '../../lib/session';

/**
 * /migration is for admins, and for billing staff, who link servers customers already had on the
 * panel (decision 050) but do not import. Everyone else, signed in or not, gets the ordinary
 * not-found screen, so the page does not tell outsiders that it exists.
 */
export default function MigrationRoute() {
  const { user, isError } = useSession();
  if (user === undefined && !isError) return <PageSpinner />;
  if (user?.role !== 'admin' && user?.role !== 'billing') return <NotFoundPage />;
  return <MigrationPage canImport={can(user.role, 'migration.run')} linking={can(user.role, 'servers.manage')} />;
}
