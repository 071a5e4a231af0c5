/**
 * Addresses the simulated panel hands out: one node per location, on the documentation ranges
 * (RFC 5737) so they can never reach a real host, and the game's usual port, counted up when
 * another server on the node already has it.
 */
const locationHosts: Record<string, string> = {
  'us-west': '198.51.100.10',
  'us-east': '198.51.100.20',
  'eu-west': '203.0.113.10',
  'asia-pacific': '192.0.2.10',
};

const gamePorts: Record<string, number> = {
  minecraft: 25565,
  fivem: 30120,
  palworld: 8211,
};

const DEFAULT_PORT = 27015;

export function simNodeIp(location: string): string {
  const known = locationHosts[location];
  if (known) return known;
  let hash = 0;
  for (const ch of location) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `192.0.2.${100 + (hash % 100)}`;
}

export function gamePort(game: string): number {
  return gamePorts[game] ?? DEFAULT_PORT;
}

/** The first port from the game's own upwards that no server on the node uses. */
export function firstFreePort(base: number, taken: Iterable<number>): number {
  const used = new Set(taken);
  let port = base;
  while (used.has(port)) port += 1;
  if (port > 65535) throw new Error('the node has no free port');
  return port;
}
