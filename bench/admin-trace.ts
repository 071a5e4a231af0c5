/**
 * Which SQL an endpoint runs on PostgreSQL, and how long each statement takes: node-postgres'
 * Client.prototype.query is wrapped while one traced request runs (the app's pool and drizzle go
 * through it). The slowest read can then be run again under EXPLAIN ANALYZE to see its plan.
 */
import pg from 'pg';
import type { Database } from '../src/server/db/client';

export interface TracedQuery {
  text: string;
  values: unknown[];
  ms: number;
}

type QueryFn = (...args: unknown[]) => unknown;

/** Runs `work` with every node-postgres query recorded; answers the queries in the order they finished. */
export async function traceQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: TracedQuery[] }> {
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  const queries: TracedQuery[] = [];
  proto.query = function traced(this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; values?: unknown[] } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const values = (Array.isArray(args[1]) ? args[1] : typeof first === 'object' ? first?.values : undefined) ?? [];
    const started = performance.now();
    const record = () => queries.push({ text, values, ms: performance.now() - started });
    const callbackAt = args.findIndex((a) => typeof a === 'function');
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as (...cbArgs: unknown[]) => void;
      args[callbackAt] = (...cbArgs: unknown[]) => {
        record();
        callback(...cbArgs);
      };
      return original.apply(this, args);
    }
    const answer = original.apply(this, args);
    if (answer && typeof (answer as Promise<unknown>).then === 'function') {
      return (answer as Promise<unknown>).then(
        (value) => {
          record();
          return value;
        },
        (error: unknown) => {
          record();
          throw error;
        },
      );
    }
    return answer;
  };
  try {
    const result = await work();
    return { result, queries };
  } finally {
    proto.query = original;
  }
}

const isRead = (text: string) => /^\s*(select|with)\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text);

/** EXPLAIN (ANALYZE, BUFFERS) of a read the app ran, with the same parameters. */
export async function explainAnalyze(database: Database, query: TracedQuery): Promise<string[]> {
  if (!isRead(query.text)) return ['(not a plain read; not explained)'];
  const rows = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.text}`, query.values);
  return rows.map((r) => r['QUERY PLAN']);
}

/** The statement on one line, shortened, for the report. */
export function oneLine(text: string, max = 600): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)} …` : flat;
}

export function slowestRead(queries: TracedQuery[]): TracedQuery | undefined {
  return queries.filter((q) => isRead(q.text)).sort((a, b) => b.ms - a.ms)[0];
}
