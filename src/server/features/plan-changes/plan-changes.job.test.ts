import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planChanges, simPanelServers } from '../../db/schema';
import { serverRow, waitFor } from '../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { buyWithLocalCard, post } from '../billing/billing.fixtures';
import { minecraftChoice } from '../checkout/checkout.fixtures';

/** The upgrade's resize as the durable pg-boss job runs it, from the payment to the new limits on the panel. */
describe.each(dbKinds)('plan change resize job on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { SIM_PANEL_INSTALL_SECONDS: '0' },
      jobs: { provisioningOptions: { retryDelaySeconds: 0, pollSeconds: 0.2, sweepIntervalMs: 0 }, jobQueueOptions: { pollingIntervalSeconds: 0.5 } },
    });
    await t.app.jobs.start();
  });
  afterAll(async () => t?.close());

  it('resizes the server after the saved card pays, and a sweep finds nothing left to do', async () => {
    const user = await createSignedInUser(t);
    const { server } = await buyWithLocalCard(t, user.cookie, { choice: { ...minecraftChoice, plan: 'minecraft-2gb' } });
    await waitFor(async () => (await serverRow(t.database.db, server!.id)).status === 'online', 'the server online');

    const res = await post(t, `/api/servers/${server!.id}/plan-change`, user.cookie, { plan: 'minecraft-4gb' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().change.id as string;
    await waitFor(async () => (await t.database.db.select().from(planChanges).where(eq(planChanges.id, id)))[0]?.status === 'completed', 'the resize');
    const row = await serverRow(t.database.db, server!.id);
    expect(row).toMatchObject({ planId: 'minecraft-4gb', ramGb: 4, diskGb: 40 });
    const [onPanel] = await t.database.db.select().from(simPanelServers).where(eq(simPanelServers.id, row.panelServerId!));
    expect(onPanel).toMatchObject({ ramGb: 4, diskGb: 40 });
  });
});
