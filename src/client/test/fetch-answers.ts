import { vi, type MockInstance } from 'vitest';

/** A JSON answer, as the API gives it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export type Answer = (init?: RequestInit) => Response | Promise<Response>;
export type Answers = Record<string, Answer>;

/**
 * Console page tests: `fetch` answers from `answers()` by "METHOD /url" ("GET /api/admin/staff"),
 * read on every call so a test can add or replace one; a request with no answer throws, naming it,
 * so a page never quietly calls something the test did not expect. `onRequest` sees each one first.
 * Restore the spy in afterEach.
 */
export function answerFetch(answers: () => Answers, onRequest?: (key: string, init?: RequestInit) => void): MockInstance<typeof fetch> {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    onRequest?.(key, init);
    const answer = answers()[key];
    if (!answer) throw new Error(`unexpected fetch ${key}`);
    return answer(init);
  });
}
