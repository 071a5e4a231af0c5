import fc from 'fast-check';
import { fromSchema, type Hints, type JsonSchema } from './from-schema';
import { encodeUrlPart, hostileHeaders, hostileRawBodies, hostileString, hostileValue, oneOf, rawUrlParts } from './hostile';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: Method;
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  params: Parameter[];
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the app's OpenAPI document (what /api/docs shows). */
export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDocument;
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!methods.has(method)) continue;
      const content = op.requestBody?.content ?? {};
      const body = (content['application/json'] ?? Object.values(content)[0])?.schema;
      out.push({ method: method.toUpperCase() as Method, path, params: op.parameters ?? [], body });
    }
  }
  return out;
}

export interface FuzzRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Path segments whose ids live in a table of another name. */
const tableOfSegment: Record<string, string> = {
  customers: 'users',
  staff: 'users',
  services: 'servers',
  checkout: 'local_checkout_sessions',
  'local-checkout': 'local_checkout_sessions',
};

/** The ids that fit the parameter after `segment` (`/servers/{id}`: server ids), else all of them. */
function idsAfter(segment: string, hints: Hints): string[] {
  const table = tableOfSegment[segment] ?? segment.replaceAll('-', '_');
  const fits = Object.entries(hints.idsByTable)
    .filter(([name]) => name === table || name.endsWith(`_${table}`))
    .flatMap(([, ids]) => ids);
  return fits.length ? fits : hints.ids;
}

function pathPart(op: Operation, param: Parameter, hints: Hints): fc.Arbitrary<string> {
  const segments = op.path.split('/');
  const segment = segments[segments.indexOf(`{${param.name}}`) - 1] ?? '';
  const ids = idsAfter(segment, hints);
  return fc.oneof(
    { weight: 6, arbitrary: oneOf(ids).map(encodeUrlPart) },
    { weight: 4, arbitrary: fromSchema(param.schema, hints, param.name, 4).map((v) => encodeUrlPart(asText(v))) },
    { weight: 1, arbitrary: oneOf(rawUrlParts) },
  );
}

function queryPairs(params: Parameter[], hints: Hints): fc.Arbitrary<string[]> {
  const known = params.map((p) =>
    fc.option(
      fc.oneof(
        { weight: 6, arbitrary: fromSchema(p.schema, hints, p.name, 4).map((v) => [`${p.name}=${encodeUrlPart(asText(v))}`]) },
        { weight: 1, arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 3 }).map((vs) => vs.map((v) => `${p.name}=${encodeUrlPart(v)}`)) },
        { weight: 1, arbitrary: oneOf(rawUrlParts).map((raw) => [`${p.name}=${raw}`]) },
      ),
      { freq: p.required ? 8 : 2 },
    ),
  );
  const extra = fc.option(
    fc.tuple(hostileString, hostileValue).map(([k, v]) => [`${encodeUrlPart(k)}=${encodeUrlPart(asText(v))}`]),
    { freq: 4 },
  );
  return fc.tuple(fc.tuple(...known), extra).map(([pairs, more]) => [...pairs.flatMap((p) => p ?? []), ...(more ?? [])]);
}

function bodyOf(op: Operation, hints: Hints): fc.Arbitrary<{ payload?: string | Buffer; headers: Record<string, string> }> {
  const raw = oneOf(hostileRawBodies).map((b) => ({
    payload: b.body,
    headers: { ...(b.contentType && { 'content-type': b.contentType }), ...(b.encoding && { 'content-encoding': b.encoding }) },
  }));
  const json = (hostility: number) =>
    fromSchema(op.body, hints, '', hostility).map((value) => ({
      payload: JSON.stringify(value) ?? 'null',
      headers: { 'content-type': 'application/json' },
    }));
  if (!op.body) {
    return fc.oneof({ weight: 6, arbitrary: fc.constant({ headers: {} }) }, { weight: 1, arbitrary: raw }, { weight: 1, arbitrary: json(2) });
  }
  return fc.oneof(
    { weight: 4, arbitrary: json(0) },
    { weight: 4, arbitrary: json(4) },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: fc.constant({ headers: {} }) },
  );
}

/** One request to `op`, with plausible or hostile path parameters, query values and body. */
export function requestFor(op: Operation, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const query = op.params.filter((p) => p.in === 'query');
  return fc
    .tuple(
      fc.tuple(...pathParams.map((p) => pathPart(op, p, hints))),
      queryPairs(query, hints),
      bodyOf(op, hints),
      fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: oneOf(hostileHeaders) }),
    )
    .map(([parts, pairs, body, headers]) => {
      let path = op.path;
      pathParams.forEach((p, i) => {
        path = path.replace(`{${p.name}}`, parts[i] || '%20');
      });
      const url = pairs.length ? `${path}?${pairs.join('&')}` : path;
      return { method: op.method, url, headers: { ...headers, ...body.headers }, ...(body.payload !== undefined && { payload: body.payload }) };
    });
}
