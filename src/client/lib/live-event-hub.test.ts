import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveListener, LiveNotice } from './live-event-hub';

/** Web Locks as the browser grants them: one holder per name, the others wait in order. */
class FakeLocks {
  private held = false;
  private queue: (() => void)[] = [];
  request(_name: string, options: { signal?: AbortSignal }, callback: () => Promise<void> | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const run = () => {
        this.held = true;
        void Promise.resolve(callback()).finally(() => {
          this.held = false;
          resolve();
          this.queue.shift()?.();
        });
      };
      if (!this.held) return run();
      this.queue.push(run);
      options.signal?.addEventListener('abort', () => {
        this.queue = this.queue.filter((r) => r !== run);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  }
}

class FakeEventSource {
  static open: FakeEventSource[] = [];
  listeners: ((event: MessageEvent) => void)[] = [];
  constructor(readonly url: string) {
    FakeEventSource.open.push(this);
  }
  addEventListener(_type: string, fn: (event: MessageEvent) => void) {
    this.listeners.push(fn);
  }
  removeEventListener() {}
  close() {
    FakeEventSource.open = FakeEventSource.open.filter((s) => s !== this);
  }
  send(notice: LiveNotice) {
    for (const fn of this.listeners) fn(new MessageEvent('change', { data: JSON.stringify(notice) }));
  }
}

/** A tab: its own copy of the module, as each tab has its own JavaScript realm. */
async function openTab() {
  vi.resetModules();
  const hub = await import('./live-event-hub');
  const received: (LiveNotice | null)[] = [];
  const listener: LiveListener = (n) => received.push(n);
  const unsubscribe = hub.subscribeLiveNotices(listener);
  return { received, close: unsubscribe };
}

describe('one live-event stream per browser', () => {
  beforeEach(() => {
    FakeEventSource.open = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('navigator', { ...navigator, locks: new FakeLocks() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('eight tabs share one stream, and every tab gets each notice', async () => {
    const tabs: Awaited<ReturnType<typeof openTab>>[] = [];
    for (let i = 0; i < 8; i++) tabs.push(await openTab());
    await vi.waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
    expect(FakeEventSource.open[0]!.url).toBe('/api/events');

    FakeEventSource.open[0]!.send({ topic: 'servers', id: 'srv-1' });
    await vi.waitFor(() => {
      for (const tab of tabs) expect(tab.received).toContainEqual({ topic: 'servers', id: 'srv-1' });
    });
    for (const tab of tabs) tab.close();
    expect(FakeEventSource.open).toHaveLength(0);
  });

  it('another tab takes the stream over when the holder closes, and the rest refetch once', async () => {
    const first = await openTab();
    const second = await openTab();
    const third = await openTab();
    await vi.waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
    const before = FakeEventSource.open[0];

    first.close();
    await vi.waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
    expect(FakeEventSource.open[0]).not.toBe(before);
    // The new holder tells the others that notices may have been missed.
    await vi.waitFor(() => expect([...second.received, ...third.received]).toContain(null));

    FakeEventSource.open[0]!.send({ topic: 'tickets' });
    await vi.waitFor(() => {
      expect(second.received).toContainEqual({ topic: 'tickets' });
      expect(third.received).toContainEqual({ topic: 'tickets' });
    });
    expect(first.received).not.toContainEqual({ topic: 'tickets' });
    second.close();
    third.close();
  });

  it('keeps a stream per tab where the browser has no Web Locks', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const a = await openTab();
    const b = await openTab();
    expect(FakeEventSource.open).toHaveLength(2);
    FakeEventSource.open[1]!.send({ topic: 'billing' });
    expect(b.received).toEqual([{ topic: 'billing' }]);
    a.close();
    b.close();
  });
});
