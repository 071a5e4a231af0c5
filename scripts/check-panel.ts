/**
 * `npm run check:panel`: read-only checks of the Pterodactyl or Pelican panel this shop is
 * configured with (PANEL_URL, PANEL_APPLICATION_KEY, PANEL_CLIENT_KEY), then of the catalog on
 * it: each game's egg and each plan's room in each location. Printed in plain words; exits 1 when
 * something is wrong, 0 otherwise, and 0 with a note when no panel is set (decision 049). With
 * PGlite, stop the server first: one process owns that database.
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { checkPlanOnPanel } from '../src/server/features/admin/catalog/catalog-panel';
import { latestVersion } from '../src/server/features/catalog';
import { createGamePanel } from '../src/server/integrations/panel/create-panel';
import { checkCatalogOnPanel, checkPanelContract, formatCheckResults } from '../src/server/integrations/panel/panel-contract-check';
import { randomIds, systemClock } from '../src/server/lib/runtime';

let config;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
if (!config.PANEL_URL || !config.PANEL_APPLICATION_KEY) {
  process.stdout.write('No panel is set (PANEL_URL): servers run on the simulated panel, and there is nothing to check.\n');
  process.exit(0);
}
const results = await checkPanelContract({
  url: config.PANEL_URL,
  applicationKey: config.PANEL_APPLICATION_KEY,
  clientKey: config.PANEL_CLIENT_KEY,
  flavor: config.PANEL_FLAVOR,
  eggs: config.PANEL_EGGS,
});
if (results.some((r) => r.what === 'Application key' && r.status === 'problem') || results.some((r) => r.what === 'Panel reachable')) {
  process.stdout.write(`${formatCheckResults(results)}\n`);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const catalog = (await latestVersion(database.db))?.catalog;
  if (catalog) {
    const panel = createGamePanel(config, { db: database.db, clock: systemClock, ids: randomIds });
    const deps = { panelCheck: panel, log: { warn: () => {} } };
    results.push(...(await checkCatalogOnPanel(catalog, (planId) => checkPlanOnPanel(deps, { catalog, planId }))));
  } else {
    results.push({ status: 'unchecked', what: 'Catalog', detail: 'The database holds no catalog yet: start the shop once, then run this again.' });
  }
} finally {
  await database.close();
}
process.stdout.write(`${formatCheckResults(results)}\n`);
const problems = results.filter((r) => r.status === 'problem').length;
process.stdout.write(problems ? `\n${problems} problem${problems === 1 ? '' : 's'} to fix.\n` : '\nNothing wrong found.\n');
process.exit(problems ? 1 : 0);
