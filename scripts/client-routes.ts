/**
 * The server's list of app-shell routes, generated from the client's route table so that the
 * table is the one list (src/shared/routes.ts). The build writes it to dist/client/routes.json;
 * tests that fake a build write it the same way.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { shellRoutePaths } from '../src/client/app/route-table';
import { clientRoutesFile, type ClientRoutes } from '../src/shared/routes';

export function clientRoutes(): ClientRoutes {
  return { shell: shellRoutePaths() };
}

export function writeClientRoutes(clientDir: string): void {
  writeFileSync(path.join(clientDir, clientRoutesFile), `${JSON.stringify(clientRoutes(), null, 2)}\n`);
}
