import type { ValidationIssue } from './envelope';

/**
 * The slice of Laravel's validator the panel's form requests use: `required`, `present`,
 * `sometimes`, `nullable`, `required_with`, `required_without`, types, sizes, `in`, `regex`, and
 * database checks (`exists`, `unique`, the panel's `p_username`) as functions. Messages are the
 * panel's resources/lang/en/validation.php. Like Laravel's TrimStrings and ConvertEmptyStringsToNull
 * middleware, strings are trimmed and '' counts as null. One simplification: a field stops at its
 * first failed rule (as with `bail`).
 */
export interface CheckRule {
  rule: string;
  passes(value: unknown): boolean;
  message?: string;
}

export type Rule = string | CheckRule;

const messages: Record<string, string> = {
  required: 'The :attribute field is required.',
  present: 'The :attribute field must be present.',
  required_with: 'The :attribute field is required when :values is present.',
  required_without: 'The :attribute field is required when :values is not present.',
  integer: 'The :attribute must be an integer.',
  numeric: 'The :attribute must be a number.',
  string: 'The :attribute must be a string.',
  array: 'The :attribute must be an array.',
  boolean: 'The :attribute field must be true or false.',
  email: 'The :attribute must be a valid email address.',
  url: 'The :attribute format is invalid.',
  in: 'The selected :attribute is invalid.',
  exists: 'The selected :attribute is invalid.',
  unique: 'The :attribute has already been taken.',
  regex: 'The :attribute format is invalid.',
  'min.numeric': 'The :attribute must be at least :min.',
  'min.string': 'The :attribute must be at least :min characters.',
  'min.array': 'The :attribute must have at least :min items.',
  'max.numeric': 'The :attribute may not be greater than :max.',
  'max.string': 'The :attribute may not be greater than :max characters.',
  'max.array': 'The :attribute may not have more than :max items.',
  'between.numeric': 'The :attribute must be between :min and :max.',
  'between.string': 'The :attribute must be between :min and :max characters.',
  'between.array': 'The :attribute must have between :min and :max items.',
};

function normalise(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v)]));
  }
  return value;
}

/** The request body as the panel's validator sees it (trimmed, '' as null). */
export function asLaravelInput(body: unknown): Record<string, unknown> {
  const input = normalise(body);
  return input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

function lookup(input: unknown, path: string[]): unknown {
  let at: unknown = input;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** Every concrete path a rule key names: `deploy.locations.*` → deploy.locations.0, .1 ... */
function expand(input: unknown, key: string): string[] {
  const parts = key.split('.');
  let paths: string[][] = [[]];
  for (const part of parts) {
    if (part !== '*') {
      paths = paths.map((p) => [...p, part]);
      continue;
    }
    paths = paths.flatMap((p) => {
      const at = lookup(input, p);
      return at && typeof at === 'object' ? Object.keys(at).map((k) => [...p, k]) : [];
    });
  }
  return paths.map((p) => p.join('.'));
}

const isEmpty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);
const isNumeric = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v));
const isInteger = (v: unknown) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^[+-]?\d+$/.test(v));
const isArray = (v: unknown) => v !== null && typeof v === 'object';

function sizeOf(value: unknown, numeric: boolean): { size: number; kind: 'numeric' | 'string' | 'array' } {
  if (numeric && isNumeric(value)) return { size: Number(value), kind: 'numeric' };
  if (isArray(value)) return { size: Object.keys(value as object).length, kind: 'array' };
  return { size: [...String(value ?? '')].length, kind: 'string' };
}

function displayName(field: string, names: Record<string, string>) {
  return names[field] ?? field.replace(/_/g, ' ');
}

/** Runs `rules` (Laravel's rule strings, or checks) over `input`; answers the failures. */
export function validate(
  input: Record<string, unknown>,
  rules: Record<string, Rule | Rule[]>,
  names: Record<string, string> = {},
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const [key, spec] of Object.entries(rules)) {
    const list = (Array.isArray(spec) ? spec : [spec]).flatMap((r) =>
      typeof r === 'string' && !r.startsWith('regex:') ? r.split('|').filter(Boolean) : [r],
    );
    const names_ = list.map((r) => (typeof r === 'string' ? r.split(':')[0]! : r.rule));
    const numeric = names_.includes('integer') || names_.includes('numeric');
    for (const field of key.includes('*') ? expand(input, key) : [key]) {
      const path = field.split('.');
      const value = lookup(input, path);
      const exists = path.length === 1 ? field in input : lookup(input, path.slice(0, -1)) !== undefined && value !== undefined;
      if (names_.includes('sometimes') && !exists) continue;
      const fail = (rule: string, message: string, params: Record<string, string> = {}) => {
        let detail = message.replace(':attribute', displayName(field, names));
        for (const [p, v] of Object.entries(params)) detail = detail.replace(`:${p}`, v);
        issues.push({ field, rule, detail });
      };
      for (const r of list) {
        if (typeof r !== 'string') {
          if (isEmpty(value)) continue;
          if (!r.passes(value)) {
            fail(r.rule, r.message ?? messages[r.rule] ?? 'The :attribute is invalid.');
            break;
          }
          continue;
        }
        const [name, arg = ''] = r.split(/:(.*)/s) as [string, string?];
        const args = arg.split(',');
        if (name === 'sometimes' || name === 'nullable' || name === 'bail') continue;
        if (name === 'required') {
          if (isEmpty(value)) {
            fail('required', messages.required!);
            break;
          }
          continue;
        }
        if (name === 'present') {
          if (!exists) {
            fail('present', messages.present!);
            break;
          }
          continue;
        }
        if (name === 'required_with' || name === 'required_without') {
          const others = args.map((a) => !isEmpty(lookup(input, a.split('.'))));
          const needed = name === 'required_with' ? others.some(Boolean) : others.some((o) => !o);
          if (needed && isEmpty(value)) {
            fail(name, messages[name]!, { values: args.join(' / ') });
            break;
          }
          continue;
        }
        // The other rules only look at a value that is there (and not null when nullable).
        if (value === undefined || (value === null && (names_.includes('nullable') || !exists))) break;
        let ok: boolean;
        let message = messages[name];
        const params: Record<string, string> = {};
        switch (name) {
          case 'integer':
            ok = isInteger(value);
            break;
          case 'numeric':
            ok = isNumeric(value);
            break;
          case 'string':
            ok = typeof value === 'string';
            break;
          case 'array':
            ok = isArray(value);
            break;
          case 'boolean':
            ok = [true, false, 0, 1, '0', '1'].includes(value as never);
            break;
          case 'email':
            ok = typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value);
            break;
          case 'url':
            ok = typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
            break;
          case 'in':
            ok = args.includes(String(value));
            break;
          case 'regex': {
            const m = /^\/(.*)\/([a-z]*)$/s.exec(arg);
            ok = !!m && new RegExp(m[1]!, m[2]!.replace('D', '')).test(String(value));
            break;
          }
          case 'min':
          case 'max':
          case 'between': {
            const { size, kind } = sizeOf(value, numeric);
            const [a, b] = args.map(Number) as [number, number?];
            ok = name === 'min' ? size >= a : name === 'max' ? size <= a : size >= a && size <= (b ?? a);
            message = messages[`${name}.${kind}`];
            Object.assign(params, name === 'max' ? { max: String(a) } : { min: String(a), max: String(b ?? a) });
            break;
          }
          default:
            // A rule the fake does not know would pass silently and hide a request the real panel refuses.
            throw new Error(`fake panel: unknown validation rule '${name}'`);
        }
        if (!ok) {
          fail(name, message ?? 'The :attribute is invalid.', params);
          break;
        }
      }
    }
  }
  return issues;
}
