import fc from 'fast-check';
import { hostileNumber, hostileString, hostileValue, oneOf } from './hostile';

/** The part of JSON Schema that the OpenAPI document of this API uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/**
 * What the generator may use for a plausible value: ids and emails that exist (the signed-in
 * user's, another user's, or nobody's) and known words by field name (catalog slugs, test cards),
 * so that many requests get past validation into the services.
 */
export interface Hints {
  ids: string[];
  /** Ids by table name, so that /servers/{id} gets server ids. */
  idsByTable: Record<string, string[]>;
  emails: string[];
  byName: Record<string, readonly unknown[]>;
}

const uuidPattern = /^\^\(\[0-9a-fA-F\]\{8\}/;

function plausibleString(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<string> {
  const known = hints.byName[name];
  if (known?.length) return oneOf(known as string[]);
  if (schema.format === 'uuid' || (schema.pattern && uuidPattern.test(schema.pattern)) || /(^id$|Id$)/.test(name)) {
    return hints.ids.length ? fc.oneof({ weight: 3, arbitrary: oneOf(hints.ids) }, { weight: 1, arbitrary: fc.uuid() }) : fc.uuid();
  }
  if (/email/i.test(name) && hints.emails.length) return oneOf(hints.emails);
  if (schema.pattern === '^\\d{6}$') return fc.stringMatching(/^\d{6}$/);
  if (schema.pattern === '^([01]\\d|2[0-3]):[0-5]\\d$') return fc.stringMatching(/^([01]\d|2[0-3]):[0-5]\d$/);
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') {
    return fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function plausibleNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000;
  const max = schema.maximum ?? 1_000_000;
  const edges = fc.constantFrom(min, max, Math.max(min, Math.min(max, 0)), Math.max(min, Math.min(max, 1)));
  const inside = integer
    ? fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min, max, noNaN: true });
  return fc.oneof(edges, inside);
}

/**
 * Values for `schema`: plausible (so requests reach the services), with a hostile value (wrong
 * type, out of range, unstorable text, huge), a missing field or an unknown one in roughly one
 * field in `hostility`; never with `hostility` 0.
 */
export function fromSchema(schema: JsonSchema | undefined, hints: Hints, name = '', hostility = 6): fc.Arbitrary<unknown> {
  const plausible = plausibleFor(schema ?? {}, hints, name, hostility);
  if (hostility === 0) return plausible;
  return fc.oneof({ weight: hostility, arbitrary: plausible }, { weight: 1, arbitrary: hostileFor(schema ?? {}) });
}

function hostileFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') return fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: hostileValue });
  if (type === 'integer' || type === 'number') return fc.oneof({ weight: 3, arbitrary: hostileNumber }, { weight: 1, arbitrary: hostileValue });
  return hostileValue;
}

function plausibleFor(schema: JsonSchema, hints: Hints, name: string, hostility: number): fc.Arbitrary<unknown> {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => fromSchema(v, hints, name, hostility)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return oneOf(schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const value = plausibleOfType(schema, type, hints, name, hostility);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) }) : value;
}

function plausibleOfType(schema: JsonSchema, type: string | undefined, hints: Hints, name: string, hostility: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return plausibleString(schema, name, hints);
    case 'integer':
      return plausibleNumber(schema, true);
    case 'number':
      return plausibleNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, hints, name, hostility), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'object':
    case undefined:
      return plausibleObject(schema, hints, hostility);
    default:
      return hostileValue;
  }
}

function plausibleObject(schema: JsonSchema, hints: Hints, hostility: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) shape[key] = fromSchema(child, hints, key, hostility);
  const known = fc.record(shape, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
  if (hostility === 0) return known;
  const extra =
    schema.additionalProperties && typeof schema.additionalProperties === 'object'
      ? fc.dictionary(fc.oneof(oneOf([...Object.keys(hints.byName), 'x']), hostileString), fromSchema(schema.additionalProperties, hints, '', hostility), { maxKeys: 3 })
      : fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(hostileString, hostileValue, { maxKeys: 2 }) });
  // Sometimes a required field is missing: the record above always has them.
  const dropOne = Object.keys(properties).length ? fc.option(oneOf(Object.keys(properties)), { freq: hostility }) : fc.constant(null);
  return fc.tuple(known, extra, dropOne).map(([k, x, drop]) => {
    const out: Record<string, unknown> = { ...x, ...k };
    if (drop !== null) delete out[drop];
    return out;
  });
}
