import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { migrationResultSchema, migrationStatusSchema } from '../../../shared/schemas/servers';
import { migrationStatus, runMigration, type MigrationDeps } from './migration.service';

/** The staff migration screen: counts, and the import of the game panel's users and nodes. Admin only. */
export function migrationRoutes(deps: MigrationDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/migration/status',
      {
        config: { permission: 'migration.run' },
        schema: { tags: ['admin'], summary: 'Profiles and servers here; users and nodes on the game panel', response: { 200: migrationStatusSchema } },
      },
      async () => migrationStatus(deps),
    );

    app.post(
      '/admin/migration/run',
      {
        config: { permission: 'migration.run', rateLimit: { max: 10, timeWindow: '10 minutes' } },
        schema: { tags: ['admin'], summary: "Import the game panel's users and nodes (idempotent)", response: { 200: migrationResultSchema } },
      },
      async () => runMigration(deps),
    );
  };
}
