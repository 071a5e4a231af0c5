import { randomBytes } from 'node:crypto';
import { invalid, isAnswer, missingParam, newId, noSuch, unixNow, type Params, type StripeAnswer } from './stripe-http';

/**
 * Webhook endpoints as the API keeps them (stripe-node types/WebhookEndpoints.d.ts and
 * WebhookEndpointsResource.d.ts): url and enabled_events required on create, `*` for every event,
 * api_version null unless one was given (events then follow the account's default version), the
 * signing secret shown only in the create answer, status 'enabled' or 'disabled', and lists of
 * at most 100 (default 10) newest first with has_more and starting_after.
 */
export type WebhookEndpoint = {
  id: string;
  object: 'webhook_endpoint';
  api_version: string | null;
  application: null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Record<string, string>;
  status: 'enabled' | 'disabled';
  url: string;
};

function listOf(params: Params): string[] | StripeAnswer {
  const raw = params.enabled_events;
  const values = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw as object) : raw === undefined ? [] : [raw];
  if (values.length === 0) return missingParam('enabled_events');
  return values.map(String);
}

export function createWebhookEndpoints() {
  const endpoints: WebhookEndpoint[] = [];

  function create(params: Params): StripeAnswer {
    if (typeof params.url !== 'string' || !params.url) return missingParam('url');
    try {
      new URL(params.url);
    } catch {
      return invalid('Invalid URL: URL must be publicly accessible. Consider using a tool like the Stripe CLI to test webhooks locally.', 'url', 'url_invalid');
    }
    const events = listOf(params);
    if (isAnswer(events)) return events;
    const endpoint: WebhookEndpoint = {
      id: newId('we'),
      object: 'webhook_endpoint',
      api_version: typeof params.api_version === 'string' ? params.api_version : null,
      application: null,
      created: unixNow(),
      description: typeof params.description === 'string' ? params.description : null,
      enabled_events: events,
      livemode: false,
      metadata: {},
      status: 'enabled',
      url: params.url,
    };
    endpoints.unshift(endpoint);
    return [200, { ...endpoint, secret: `whsec_${randomBytes(16).toString('hex')}` }];
  }

  function list(params: Params): StripeAnswer {
    const limit = params.limit === undefined ? 10 : Number(params.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return invalid('This value must be greater than or equal to 1 and less than or equal to 100.', 'limit', 'parameter_invalid_integer');
    }
    let start = 0;
    if (typeof params.starting_after === 'string') {
      const at = endpoints.findIndex((e) => e.id === params.starting_after);
      if (at < 0) return noSuch('webhook_endpoint', params.starting_after, 'starting_after');
      start = at + 1;
    }
    const data = endpoints.slice(start, start + limit);
    return [200, { object: 'list', data, has_more: start + limit < endpoints.length, url: '/v1/webhook_endpoints' }];
  }

  return {
    endpoints,
    /** The routes under /v1/webhook_endpoints, or null for any other path. */
    route(method: string, path: string, params: Params): StripeAnswer | null {
      if (path === '/v1/webhook_endpoints') {
        if (method === 'POST') return create(params);
        if (method === 'GET') return list(params);
        return null;
      }
      const m = /^\/v1\/webhook_endpoints\/([^/]+)$/.exec(path);
      if (!m) return null;
      const endpoint = endpoints.find((e) => e.id === decodeURIComponent(m[1]!));
      if (!endpoint) return noSuch('webhook_endpoint', m[1]!, 'id');
      if (method === 'GET') return [200, endpoint];
      if (method === 'POST') {
        if (params.disabled !== undefined) endpoint.status = String(params.disabled) === 'true' ? 'disabled' : 'enabled';
        if (params.enabled_events !== undefined) {
          const events = listOf(params);
          if (isAnswer(events)) return events;
          endpoint.enabled_events = events;
        }
        if (typeof params.url === 'string') endpoint.url = params.url;
        return [200, endpoint];
      }
      if (method === 'DELETE') {
        endpoints.splice(endpoints.indexOf(endpoint), 1);
        return [200, { id: endpoint.id, object: 'webhook_endpoint', deleted: true }];
      }
      return null;
    },
  };
}
