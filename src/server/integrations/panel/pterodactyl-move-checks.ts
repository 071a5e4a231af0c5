import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { PanelError, type PanelRef } from './game-panel';
import type { PanelHttp } from './pterodactyl-http';
import type { PanelItem } from './pterodactyl-types';

/**
 * What a region move can learn before it starts, and what a node's refusal of a pull means.
 * Wings' downloader (router/downloader/downloader.go, isExternalNetwork) refuses a URL whose host
 * resolves into these ranges, or to a loopback or link-local address. The backup's signed URL names
 * the source node's FQDN (the panel signs it with the node's connection address), so a node
 * reachable only on a private network can never send a backup to another node.
 */
const internalRanges = new BlockList();
for (const [net, bits] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16]] as const) {
  internalRanges.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::1', 128], ['fe80::', 10], ['fc00::', 7]] as const) internalRanges.addSubnet(net, bits, 'ipv6');

export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return internalRanges.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Every address a name resolves to; an IP literal is itself. */
export type ResolveHost = (host: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (host) => {
  if (isIP(host)) return [host];
  const found = await Promise.race([
    lookup(host, { all: true }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('dns lookup timed out')), 2_000).unref()),
  ]);
  return found.map((a) => a.address);
};

/**
 * The source node's address when it is one Wings refuses to download from, else null. The panel's
 * Application API gives the server's node and the node's FQDN; a name that does not resolve here
 * is not refused (the node may see other DNS), and the move's stall check catches it instead.
 */
export async function privateMoveSource(application: PanelHttp, from: PanelRef, resolve: ResolveHost): Promise<{ host: string; address: string } | null> {
  const server = await application.request<PanelItem<{ node: number }>>('GET', `/api/application/servers/${encodeURIComponent(from.panelServerId)}`);
  const node = await application.request<PanelItem<{ fqdn: string }>>('GET', `/api/application/nodes/${encodeURIComponent(String(server.attributes.node))}`);
  const host = node.attributes.fqdn;
  const addresses = await resolve(host).catch(() => [] as string[]);
  const internal = addresses.find(isInternalAddress);
  return internal ? { host, address: internal } : null;
}

/**
 * A pull the node refused at once. Wings' RemoteDownloadEnabled middleware answers 400 "This
 * functionality is not currently enabled on this instance." when config.yml sets
 * api.disable_remote_download; Pterodactyl relays it (DaemonConnectionException), Pelican answers
 * a bare 500 RequestException. Neither panel shows that setting anywhere before the call.
 */
export function pullRefusal(error: unknown): PanelError | null {
  if (!(error instanceof PanelError)) return null;
  if (/not currently enabled/i.test(error.message)) {
    return new PanelError('The node in the new location does not accept downloads (Wings api.disable_remote_download).', false, 'remote_download_disabled', error.status);
  }
  if (/not enough disk space/i.test(error.message)) return new PanelError('The new server has no room for the backup archive.', false, 'disk_too_small', error.status);
  if (error.code === 'daemon_refused' || (error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 404)) {
    return new PanelError(`The node in the new location refused to download the backup (${error.message}).`, false, 'pull_refused', error.status);
  }
  return null;
}
