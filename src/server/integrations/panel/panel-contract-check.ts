import { PanelError } from './game-panel';
import { createPanelHttp, type PanelHttp } from './pterodactyl-http';
import type { PanelList, ServerAttributes } from './pterodactyl-types';

/**
 * `npm run check:panel`: read-only checks of a real Pterodactyl or Pelican panel, each answered in
 * plain words. Nothing is created or changed: a write permission is tested with an empty body,
 * which the panel authorizes (403 without the permission) before it validates (422), so nothing
 * is written either way (decision 049).
 */
export type CheckStatus = 'ok' | 'problem' | 'unchecked';

export interface CheckResult {
  status: CheckStatus;
  /** What was checked, e.g. "Application key: read nodes". */
  what: string;
  /** What is wrong and what to do, or what was found. */
  detail: string;
}

export interface PanelCheckOptions {
  url: string;
  applicationKey: string;
  clientKey?: string;
  flavor: 'pterodactyl' | 'pelican';
  /** The configured eggs (PANEL_EGGS): the first one is read to test the eggs permission. */
  eggs?: Record<string, { egg: number; nest?: number }>;
  timeoutMs?: number;
}

/** What the product reads and writes through the Application API, by the key's resource. */
interface Resource {
  resource: string;
  /** Read: a GET the resource's read permission guards. */
  read?: string;
  /** Write: a POST whose empty body the resource's write permission guards. */
  write?: string;
  why: string;
}

function resources(options: PanelCheckOptions, firstNode: number | null): Resource[] {
  const pelican = options.flavor === 'pelican';
  const egg = Object.values(options.eggs ?? {}).find((e) => pelican || e.nest !== undefined);
  const eggPath = egg && (pelican ? `/api/application/eggs/${egg.egg}` : `/api/application/nests/${egg.nest}/eggs/${egg.egg}`);
  return [
    { resource: 'users', read: '/api/application/users?per_page=1', write: '/api/application/users', why: 'customers get a panel account' },
    { resource: 'servers', read: '/api/application/servers?per_page=1', write: '/api/application/servers', why: 'servers are created, resized, suspended and deleted' },
    { resource: 'nodes', read: '/api/application/nodes?per_page=1', why: 'capacity is checked before a sale' },
    ...(firstNode === null
      ? []
      : [{ resource: 'allocations', read: `/api/application/nodes/${firstNode}/allocations?per_page=1`, why: 'free ports are counted before a sale' }]),
    ...(pelican ? [] : [{ resource: 'locations', read: '/api/application/locations?per_page=1', why: 'plans deploy to locations' }]),
    ...(eggPath ? [{ resource: 'eggs', read: eggPath, why: 'each game\'s egg and its variables are read' }] : []),
  ];
}

type Probe = { status: number; body: unknown } | { unreachable: string };

async function probe(http: PanelHttp, method: 'GET' | 'POST', path: string): Promise<Probe> {
  try {
    const body = await http.request<unknown>(method, path, method === 'POST' ? {} : undefined);
    return { status: 200, body };
  } catch (error) {
    if (error instanceof PanelError) {
      if (error.code === 'panel_unreachable') return { unreachable: error.message };
      return { status: error.status ?? 500, body: null };
    }
    throw error;
  }
}

/** The payload of a JWT, without checking its signature (only its `iss` is read). */
function jwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export async function checkPanelContract(options: PanelCheckOptions): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const add = (status: CheckStatus, what: string, detail: string) => results.push({ status, what, detail });
  const http = createPanelHttp({ baseUrl: options.url, apiKey: options.applicationKey, timeoutMs: options.timeoutMs ?? 10_000 });

  // 1. The application key answers at all.
  const first = await probe(http, 'GET', '/api/application/nodes?per_page=1');
  if ('unreachable' in first) {
    add('problem', 'Panel reachable', `${options.url} did not answer (${first.unreachable}). Check PANEL_URL and that this machine can reach the panel.`);
    return results;
  }
  if (first.status === 401) {
    add('problem', 'Application key', 'The panel refused PANEL_APPLICATION_KEY (401). Create an application API key in the panel\'s admin area and set it.');
    return results;
  }
  if (first.status === 404) {
    add('problem', 'Panel reachable', `${options.url} answered 404 for the Application API: PANEL_URL must be the panel's address, without a path.`);
    return results;
  }
  add('ok', 'Application key', 'The panel accepts PANEL_APPLICATION_KEY.');
  const nodes = first.status === 200 ? (first.body as PanelList<{ id: number }>).data : [];
  const firstNode = nodes[0]?.attributes.id ?? null;

  // 2. Each permission the product uses: 403 means the key lacks it.
  for (const r of resources(options, firstNode)) {
    if (r.read) {
      const answer = r.read === '/api/application/nodes?per_page=1' ? first : await probe(http, 'GET', r.read);
      const status = 'status' in answer ? answer.status : 0;
      if (status === 200) add('ok', `Application key: read ${r.resource}`, 'Granted.');
      else if (status === 403) add('problem', `Application key: read ${r.resource}`, `Missing: give the key "Read" on ${r.resource} (${r.why}).`);
      else add('problem', `Application key: read ${r.resource}`, `The panel answered ${status || 'nothing'} to GET ${r.read.split('?')[0]}.`);
    }
    if (r.write) {
      // An empty body: authorized first (403), then validated (422). Nothing is created.
      const answer = await probe(http, 'POST', r.write);
      const status = 'status' in answer ? answer.status : 0;
      if (status === 422) add('ok', `Application key: write ${r.resource}`, 'Granted.');
      else if (status === 403) add('problem', `Application key: write ${r.resource}`, `Missing: give the key "Read & Write" on ${r.resource} (${r.why}).`);
      else add('problem', `Application key: write ${r.resource}`, `The panel answered ${status || 'nothing'} to an empty POST ${r.write}; expected 422.`);
    }
  }
  if (firstNode === null) add('problem', 'Nodes', 'The panel has no node (or the key cannot read them): no server can be deployed.');

  // 3. The client key: present, valid, and a panel admin's.
  if (!options.clientKey) {
    add('problem', 'Client key', 'PANEL_CLIENT_KEY is not set: customers cannot start, stop, open the console, files or backups of their servers. Create a client API key on a panel admin\'s account.');
    return results;
  }
  const client = createPanelHttp({ baseUrl: options.url, apiKey: options.clientKey, timeoutMs: options.timeoutMs ?? 10_000 });
  const account = await probe(client, 'GET', '/api/client/account');
  if (!('status' in account) || account.status !== 200) {
    const status = 'status' in account ? account.status : 0;
    add('problem', 'Client key', status === 401
      ? 'The panel refused PANEL_CLIENT_KEY (401). Create a client API key (ptlc_...) in the account settings of a panel admin.'
      : `The panel answered ${status || 'nothing'} to GET /api/client/account.`);
    return results;
  }
  const attributes = (account.body as { attributes?: { admin?: boolean; root_admin?: boolean; username?: string } }).attributes ?? {};
  const admin = attributes.root_admin ?? attributes.admin ?? false;
  if (!admin) {
    add('problem', 'Client key', `PANEL_CLIENT_KEY belongs to "${attributes.username ?? '?'}", who is not a panel admin: it can only reach that user's own servers. Use a key of a root admin.`);
    return results;
  }
  add('ok', 'Client key', `Belongs to the panel admin "${attributes.username ?? '?'}".`);

  // 4. PANEL_URL must equal the panel's APP_URL: the console's tokens carry it, and Wings accepts
  // a console only from that origin. The token of any server tells; without a server it cannot.
  const list = await probe(client, 'GET', '/api/client?type=admin-all&per_page=1');
  const server = 'status' in list && list.status === 200 ? (list.body as PanelList<Pick<ServerAttributes, 'identifier'>>).data[0] : undefined;
  if (!server) {
    add('unchecked', 'PANEL_URL and the panel\'s APP_URL', 'No server on the panel yet, so no console token to compare with: check by hand that PANEL_URL equals APP_URL in the panel\'s .env.');
    return results;
  }
  const socket = await probe(client, 'GET', `/api/client/servers/${server.attributes.identifier}/websocket`);
  const token = 'status' in socket && socket.status === 200 ? (socket.body as { data?: { token?: string } }).data?.token : undefined;
  const issuer = token ? jwtClaims(token)?.iss : undefined;
  if (typeof issuer !== 'string') {
    const status = 'status' in socket ? socket.status : 0;
    add('unchecked', 'PANEL_URL and the panel\'s APP_URL', `Could not read a console token (the panel answered ${status || 'nothing'}): check by hand that PANEL_URL equals APP_URL.`);
  } else if (trimSlash(issuer) !== trimSlash(options.url)) {
    add('problem', 'PANEL_URL and the panel\'s APP_URL', `The panel calls itself ${issuer} but PANEL_URL is ${options.url}. Wings refuses every console whose origin differs: set PANEL_URL=${trimSlash(issuer)}.`);
  } else {
    add('ok', 'PANEL_URL and the panel\'s APP_URL', 'They match, so Wings will accept the console.');
  }
  return results;
}

/** Plain lines for a terminal: a mark, what, and the detail. */
export function formatCheckResults(results: CheckResult[]): string {
  const mark: Record<CheckStatus, string> = { ok: 'ok     ', problem: 'PROBLEM', unchecked: 'unsure ' };
  return results.map((r) => `${mark[r.status]}  ${r.what}: ${r.detail}`).join('\n');
}

/** The catalog as far as the check reads it. */
export interface CatalogForPanel {
  games: { slug: string; name: string }[];
  plans: { id: string; game: string; name: string }[];
}

/** One plan's 'Check against the panel' (features/admin/catalog/catalog-panel.ts checkPlanOnPanel). */
export interface PlanCheck {
  problems: string[];
  locations: { label: string; fits: boolean }[];
}

/**
 * Every plan on sale through the same check as the catalog editor's 'Check against the panel':
 * its egg variables as the panel would validate them, and a node with room in each location.
 */
export async function checkCatalogOnPanel(catalog: CatalogForPanel, checkPlan: (planId: string) => Promise<PlanCheck>): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const plan of catalog.plans) {
    const game = catalog.games.find((g) => g.slug === plan.game)?.name ?? plan.game;
    const what = `${game} ${plan.name}`;
    let check: PlanCheck;
    try {
      check = await checkPlan(plan.id);
    } catch (error) {
      results.push({ status: 'problem', what, detail: `The panel could not be asked: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    const full = check.locations.filter((l) => !l.fits).map((l) => l.label);
    const words = [...check.problems, ...(full.length ? [`No node has room for it in: ${full.join(', ')}; customers there are told the location is full.`] : [])];
    results.push(words.length
      ? { status: 'problem', what, detail: words.map((w) => (/[.!?]$/.test(w) ? w : `${w}.`)).join(' ') }
      : { status: 'ok', what, detail: 'Its egg and every required variable resolve, and a node has room for it in every location.' });
  }
  return results;
}
