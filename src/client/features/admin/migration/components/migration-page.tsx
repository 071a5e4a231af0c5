import { DatabaseZap, Loader2, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ApiError } from '../../../../lib/api-client';
import type { MigrationStatus } from '../../../../../shared/schemas/servers';
import { useMigrationStatus } from '../api/get-migration-status';
import { useRunMigration } from '../api/run-migration';
import { PanelServersCard } from './panel-servers-card';

const counts: { key: keyof MigrationStatus; label: string }[] = [
  { key: 'profilesMigrated', label: 'Profiles migrated' },
  { key: 'serversMigrated', label: 'Servers migrated' },
  { key: 'panelUsers', label: 'Panel users' },
  { key: 'panelNodes', label: 'Panel nodes' },
];

/** The failure's own words when the server gave some (a 500 hides them), else the spec's fallback. */
export function migrationFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status !== 500 && error.message) return error.message;
  return 'An error occurred during migration';
}

export function migrationSuccessMessage(users: number, nodes: number): string {
  return `Migrated ${users} user${users === 1 ? '' : 's'} and ${nodes} server node${nodes === 1 ? '' : 's'}.`;
}

/**
 * /migration: admins import the game panel's users and nodes (the spec's toasts, word for word);
 * admins and billing link servers customers already had on the panel (`linking`).
 */
export function MigrationPage({ canImport = true, linking = false }: { canImport?: boolean; linking?: boolean }) {
  const status = useMigrationStatus();
  const run = useRunMigration();

  async function check() {
    const result = await status.refetch();
    if (result.isError) toast.error('Error', { description: 'Failed to check migration status' });
  }

  function migrate() {
    run.mutate(undefined, {
      onSuccess: ({ migrated }) =>
        toast.success('Migration Successful', { description: migrationSuccessMessage(migrated.users, migrated.nodes) }),
      onError: (error) => toast.error('Migration Failed', { description: migrationFailureMessage(error) }),
    });
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <div className="flex items-center gap-3">
        <DatabaseZap className="h-8 w-8 shrink-0 text-accent" aria-hidden="true" />
        <h1 className="text-2xl font-extrabold sm:text-3xl">Data Migration</h1>
      </div>
      {canImport && (
        <p className="mt-3 text-muted">
          Import users (matched by email) and nodes (as locations with their capacity) from the configured game panel. Running it again
          does not create duplicates.
        </p>
      )}

      {canImport && (
        <div className="mt-8 flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => void check()} disabled={status.isFetching}>
            <RefreshCw className={status.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            {status.isFetching ? 'Checking...' : 'Check Status'}
          </Button>
          <Button onClick={migrate} disabled={run.isPending}>
            {run.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {run.isPending ? 'Migrating...' : 'Run Migration'}
          </Button>
        </div>
      )}

      {status.data && (
        <Card className="mt-8">
          <h2 className="text-lg font-bold">Migration status</h2>
          <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {counts.map(({ key, label }) => (
              <div key={key}>
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="mt-1 text-2xl font-extrabold" data-testid={`migration-${key}`}>
                  {status.data[key]}
                </dd>
              </div>
            ))}
          </dl>
        </Card>
      )}

      {linking && <PanelServersCard />}
    </div>
  );
}
