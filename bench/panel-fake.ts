/**
 * The panel fake in a process of its own for the panel budget bench (bench/panel-budget.ts), so the
 * bench's database work never delays the "panel": it stands for a remote service. Starts the fake
 * at the panel's real limits, makes `count` servers through the Application API as the driver
 * would, prints one JSON line `{url, refs}` and then, on each `stats` line read, one JSON line of
 * the fake's own counts.
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { createPterodactylPanel } from '../src/server/integrations/panel/pterodactyl';
import { startFakePterodactyl } from '../src/server/test/fakes/pterodactyl/fake-pterodactyl';

const flavor = process.argv[2] === 'pelican' ? 'pelican' : 'pterodactyl';
const count = Number(process.argv[3] ?? 2000);
const KEY = 'ptla_bench';
const CLIENT_KEY = 'ptlc_bench';

const fake = await startFakePterodactyl({ apiKey: KEY, clientKey: CLIENT_KEY, flavor, backupThrottle: { limit: 1000, periodSeconds: 600 } });
const ports = Array.from({ length: count + 100 }, (_, i) => 20_000 + i);
fake.addNode(flavor === 'pelican' ? { location_id: 1, tags: ['us-west'], memory: 10_000_000, disk: 100_000_000 } : { location_id: 1, memory: 10_000_000, disk: 100_000_000 }, ports);
const panel = createPterodactylPanel({
  url: fake.url,
  applicationKey: KEY,
  clientKey: CLIENT_KEY,
  flavor,
  eggs: { minecraft: { egg: 5, nest: 1 } },
  locations: { 'us-west': flavor === 'pelican' ? 'us-west' : 1 },
});
const owner = await panel.ensureUser({ externalId: randomUUID(), email: 'bench@example.test', firstName: 'Bench', lastName: 'Owner' });
const refs: { panelServerId: string; identifier: string }[] = [];
for (let i = 0; i < count; i += 1) {
  const externalId = randomUUID();
  const created = await panel.createServer({ externalId, panelUserId: owner, name: `World ${i}`, game: 'minecraft', location: 'us-west', ramGb: 1, vcpu: 0.5, diskGb: 1, backups: 2 });
  fake.finishInstall(externalId);
  refs.push({ panelServerId: created.panelServerId, identifier: created.identifier });
}
process.stdout.write(`${JSON.stringify({ url: fake.url, clientKey: CLIENT_KEY, refs })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'stats') {
    const client = fake.requests.filter((r) => r.path.startsWith('/api/client/')).length;
    process.stdout.write(`${JSON.stringify({ clientRequests: client, refused: fake.refusedClientRequests() })}\n`);
  }
  if (line.trim() === 'exit') void fake.close().then(() => process.exit(0));
});
