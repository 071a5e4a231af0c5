import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local VIES REST API (docs/decisions/033-vat-id-checks.md) for the one call this product makes,
 * POST /check-vat-number, plus GET /check-status. Its behaviour follows the EU's own description of
 * the service (https://ec.europa.eu/taxation_customs/vies/#/technical-information and the test
 * service's documented answers, numbers 100 to 601) and the answers client libraries recorded from
 * it:
 * - valid: {countryCode, vatNumber, requestDate, valid, requestIdentifier, name, address}; a name or
 *   address the member state does not disclose is "---" (Germany never does); requestIdentifier,
 *   the consultation number, is "" unless requesterMemberStateCode and requesterNumber are sent,
 *   and then the requester's own number must be valid, else INVALID_REQUESTER_INFO.
 * - not registered: valid false, name and address "---".
 * - errors: {actionSucceed: false, errorWrappers: [{error, message}]}: INVALID_INPUT (an unknown
 *   country code, GR instead of EL, or a number VIES cannot read) with HTTP 400; the service's
 *   own failures (MS_UNAVAILABLE, MS_MAX_CONCURRENT_REQ, TIMEOUT, SERVICE_UNAVAILABLE,
 *   GLOBAL_MAX_CONCURRENT_REQ...) with HTTP 200 unless a test asks for another status.
 * Tests register numbers, take member states down, and queue failures for the next requests.
 */

/** The codes VIES takes: the member states, Greece as EL, and XI for Northern Ireland. */
const VIES_COUNTRIES = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI'];
const NUMBER = /^[0-9A-Za-z+*]{2,12}$/;

const messages: Record<string, string> = {
  INVALID_INPUT: 'The provided CountryCode is invalid or the VAT number is empty',
  INVALID_REQUESTER_INFO: 'The requester information is invalid',
  SERVICE_UNAVAILABLE: 'An error was encountered either at the network level or the Web application level, try again later',
  MS_UNAVAILABLE: 'The application at the Member State is not replying or not available. Please refer to the Technical Information page to check the status of the requested Member State, try again later',
  TIMEOUT: 'The application did not receive a reply within the allocated time, try again later',
  GLOBAL_MAX_CONCURRENT_REQ: 'Your Request for VAT validation has not been processed; the maximum number of concurrent requests has been reached. Please re-submit your request later',
  MS_MAX_CONCURRENT_REQ: 'Your Request for VAT validation has not been processed; the maximum number of concurrent requests for this Member State has been reached. Please re-submit your request later',
};

/** A failure for one coming request: a VIES error (HTTP 200 unless `status`), or a gateway page. */
export type FakeViesFailure = { error: string; status?: number } | { gateway: number };

export interface FakeViesRequest {
  countryCode: string;
  vatNumber: string;
  requesterMemberStateCode?: string;
  requesterNumber?: string;
}

interface Trader {
  name: string | null;
  address: string | null;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function viesError(res: ServerResponse, error: string, status: number) {
  send(res, status, { actionSucceed: false, errorWrappers: [{ error, message: messages[error] ?? error }] });
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function startFakeVies(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const registry = new Map<string, Trader>();
  const down = new Set<string>();
  const failures: FakeViesFailure[] = [];
  const requests: FakeViesRequest[] = [];
  const consultations: string[] = [];

  function answer(res: ServerResponse, body: Record<string, unknown> | null) {
    const str = (key: string) => (typeof body?.[key] === 'string' ? (body[key] as string) : undefined);
    const request: FakeViesRequest = { countryCode: str('countryCode') ?? '', vatNumber: str('vatNumber') ?? '' };
    if (str('requesterMemberStateCode') !== undefined) request.requesterMemberStateCode = str('requesterMemberStateCode');
    if (str('requesterNumber') !== undefined) request.requesterNumber = str('requesterNumber');
    requests.push(request);

    const failure = failures.shift();
    if (failure && 'gateway' in failure) {
      res.writeHead(failure.gateway, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Service Unavailable</h1></body></html>');
      return;
    }
    if (!VIES_COUNTRIES.includes(request.countryCode) || !NUMBER.test(request.vatNumber)) return viesError(res, 'INVALID_INPUT', 400);
    if (failure) return viesError(res, failure.error, failure.status ?? 200);
    if (down.has(request.countryCode)) return viesError(res, 'MS_UNAVAILABLE', 200);

    let requestIdentifier = '';
    if (request.requesterMemberStateCode !== undefined || request.requesterNumber !== undefined) {
      const requester = `${request.requesterMemberStateCode ?? ''}${request.requesterNumber ?? ''}`;
      if (!registry.has(requester)) return viesError(res, 'INVALID_REQUESTER_INFO', 400);
      requestIdentifier = `WAPIAAAA${randomBytes(6).toString('base64url').slice(0, 8)}`;
      consultations.push(requestIdentifier);
    }
    const trader = registry.get(`${request.countryCode}${request.vatNumber}`);
    send(res, 200, {
      countryCode: request.countryCode,
      vatNumber: request.vatNumber,
      requestDate: now().toISOString(),
      valid: Boolean(trader),
      requestIdentifier,
      name: trader?.name ?? '---',
      address: trader?.address ?? '---',
    });
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!.replace(/^\/taxation_customs\/vies\/rest-api/, '');
    if (req.method === 'POST' && path === '/check-vat-number') {
      void readJson(req).then((body) => answer(res, body));
      return;
    }
    if (req.method === 'GET' && path === '/check-status') {
      const countries = VIES_COUNTRIES.map((countryCode) => ({ countryCode, availability: down.has(countryCode) ? 'Unavailable' : 'Available' }));
      return send(res, 200, { vow: { available: true }, countries });
    }
    send(res, 404, { actionSucceed: false, errorWrappers: [{ error: 'NOT_FOUND', message: `No route for ${req.method} ${path}` }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** What VIES_API_URL is set to: the same path as the real service's. */
    url: `http://127.0.0.1:${port}/taxation_customs/vies/rest-api`,
    /** Every check-vat-number body received, in order. */
    requests,
    /** The consultation numbers handed out, in order. */
    consultations,
    /** Makes a VAT ID (with its prefix, EL for Greece) registered; no name or address is answered as "---", as Germany does. */
    register(vatId: string, trader: Partial<Trader> = {}) {
      registry.set(vatId, { name: trader.name ?? null, address: trader.address ?? null });
    },
    unregister(vatId: string) {
      registry.delete(vatId);
    },
    /** A member state's register stops answering (MS_UNAVAILABLE) or comes back. */
    setAvailable(countryCode: string, available: boolean) {
      if (available) down.delete(countryCode);
      else down.add(countryCode);
    },
    /** Failures for the next requests, one each, in order. */
    failNext(...next: FakeViesFailure[]) {
      failures.push(...next);
    },
    reset() {
      registry.clear();
      down.clear();
      failures.length = 0;
      requests.length = 0;
      consultations.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeVies = Awaited<ReturnType<typeof startFakeVies>>;
