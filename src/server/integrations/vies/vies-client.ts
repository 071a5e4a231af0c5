import type { VatIdAnswer, VatIdChecker, VatIdQuery } from './vat-id-checker';

/*
 * The VIES REST API (https://ec.europa.eu/taxation_customs/vies/rest-api, no key):
 * POST /check-vat-number {countryCode, vatNumber, requesterMemberStateCode?, requesterNumber?}
 * answers {countryCode, vatNumber, requestDate, valid, requestIdentifier, name, address}, with
 * "---" for a name or address the member state does not give. Errors come as
 * {actionSucceed: false, errorWrappers: [{error, message}]}, with HTTP 200, 400 or 500.
 */

/** VIES's errors that say something about the input rather than the service. */
const INPUT_ERRORS = new Set(['INVALID_INPUT']);
/** The requester's (our seller's) VAT ID was refused: asking again the same way cannot help. */
const REQUESTER_ERRORS = new Set(['INVALID_REQUESTER_INFO']);

interface ViesBody {
  valid?: unknown;
  requestIdentifier?: unknown;
  name?: unknown;
  address?: unknown;
  actionSucceed?: unknown;
  errorWrappers?: { error?: unknown; message?: unknown }[];
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === '---' ? null : trimmed;
}

function errorOf(body: ViesBody): string | null {
  const first = Array.isArray(body.errorWrappers) ? body.errorWrappers[0] : undefined;
  if (first && typeof first.error === 'string') return first.error;
  return body.actionSucceed === false ? 'SERVICE_UNAVAILABLE' : null;
}

export function answerOf(status: number, body: ViesBody | null): VatIdAnswer {
  const error = body ? errorOf(body) : null;
  if (error) {
    if (INPUT_ERRORS.has(error)) return { kind: 'invalid', consultation: null, error };
    return { kind: 'error', error, retry: !REQUESTER_ERRORS.has(error) };
  }
  if (status < 200 || status >= 300) return { kind: 'error', error: `HTTP_${status}`, retry: true };
  if (!body || typeof body.valid !== 'boolean') return { kind: 'error', error: 'MALFORMED_RESPONSE', retry: true };
  const consultation = text(body.requestIdentifier);
  if (!body.valid) return { kind: 'invalid', consultation, error: null };
  return { kind: 'valid', consultation, name: text(body.name), address: text(body.address) };
}

export function createViesClient(options: { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch }): VatIdChecker {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/check-vat-number`;
  const doFetch = options.fetch ?? fetch;
  return {
    online: true,
    async check(query: VatIdQuery): Promise<VatIdAnswer> {
      const body = {
        countryCode: query.countryCode,
        vatNumber: query.vatNumber,
        ...(query.requester ? { requesterMemberStateCode: query.requester.countryCode, requesterNumber: query.requester.vatNumber } : {}),
      };
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        return { kind: 'error', error: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', retry: true };
      }
      let parsed: ViesBody | null = null;
      try {
        const json: unknown = await response.json();
        if (json && typeof json === 'object') parsed = json as ViesBody;
      } catch {
        // A gateway's HTML page or an empty body: judged by the status below.
      }
      return answerOf(response.status, parsed);
    },
  };
}
