import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi, type MockInstance } from 'vitest';
import type { FileEntry } from '../../api/get-files';
import FilesPage from './files-page';

/** Test support for the file manager's tests: a routed page, a fake API and a fake XMLHttpRequest. */

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function entry(name: string, over: Partial<FileEntry> = {}): FileEntry {
  const kind = over.kind ?? (name.includes('.') ? 'file' : 'folder');
  return { name, path: name, kind, sizeBytes: kind === 'file' ? 255 : 0, modifiedAt: '2026-11-20T10:00:00.000Z', editable: kind === 'file', ...over };
}

export type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

export interface FakeApi {
  routes: Record<string, Handler>;
  calls: { key: string; body?: unknown }[];
  restore: () => void;
}

/** fetch answers from `routes` ('GET /api/…?query'), 404 otherwise; every call is recorded with its JSON body. */
export function fakeApi(): FakeApi {
  const api: FakeApi = { routes: {}, calls: [], restore: () => undefined };
  api.routes['GET /api/servers'] = () => json(200, { servers: [{ id: 'srv-1', name: 'Survival World' }] });
  api.routes['GET /api/shared-servers'] = () => json(200, { servers: [], invitations: [] });
  const spy: MockInstance<typeof fetch> = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    api.calls.push({ key, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const handler = api.routes[key];
    return handler ? handler(String(input), init) : json(404, { error: { code: 'not_found', message: `No route for ${key}` } });
  });
  api.restore = () => spy.mockRestore();
  return api;
}

export function renderFiles(at = '/dashboard/servers/srv-1/files') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/dashboard/servers/:id/files" element={<FilesPage />} />
          <Route path="/dashboard/services" element={<h1>My Services page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, ...view };
}

/** A stand-in for XMLHttpRequest: each send() is kept, and the test reports progress and answers. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  method = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}
