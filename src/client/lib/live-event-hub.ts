/**
 * One live-event stream per browser, however many tabs are open. A browser opens at most six
 * connections to one host over HTTP/1.1, so a stream per tab left the seventh tab waiting for
 * ever. Tabs that want notices join an election (Web Locks): the tab holding the lock opens
 * GET /api/events and passes each notice to the others over a BroadcastChannel. When it closes
 * or stops listening, the lock passes to a waiting tab, which opens the stream and tells every
 * tab to refetch once, since notices may have been missed in between.
 *
 * Without Web Locks or BroadcastChannel (older browsers, jsdom) each tab keeps its own stream.
 */

export interface LiveNotice {
  topic: string;
  id?: string;
}

/** A notice, or `null` when notices may have been missed and everything should be refetched. */
export type LiveListener = (notice: LiveNotice | null) => void;

export const LIVE_LOCK_NAME = 'spawnpoint-live-events';
const CHANNEL_NAME = 'spawnpoint-live-events';
const STREAM_URL = '/api/events';

type ChannelMessage = { kind: 'notice'; notice: LiveNotice } | { kind: 'resync' };

export function parseNotice(data: string): LiveNotice | null {
  try {
    const parsed = JSON.parse(data) as { topic?: unknown; id?: unknown };
    if (typeof parsed.topic !== 'string') return null;
    return typeof parsed.id === 'string' ? { topic: parsed.topic, id: parsed.id } : { topic: parsed.topic };
  } catch {
    return null;
  }
}

/** Opens the stream and hands each notice to `deliver`; returns the close function. */
function openStream(deliver: (notice: LiveNotice) => void): () => void {
  const source = new EventSource(STREAM_URL);
  const handle = (message: MessageEvent<string>) => {
    const notice = parseNotice(message.data);
    if (notice) deliver(notice);
  };
  source.addEventListener('change', handle as EventListener);
  return () => {
    source.removeEventListener('change', handle as EventListener);
    source.close();
  };
}

function canShare(): boolean {
  return (
    typeof BroadcastChannel !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.locks?.request === 'function'
  );
}

const listeners = new Set<LiveListener>();
let stop: (() => void) | null = null;

function emit(notice: LiveNotice | null) {
  for (const listener of [...listeners]) listener(notice);
}

/** This tab's part in the shared stream: listen to the channel, and stand for election. */
function joinShared(): () => void {
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
    const message = event.data;
    if (message?.kind === 'notice') emit(message.notice);
    else if (message?.kind === 'resync') emit(null);
  };
  const abort = new AbortController();
  let release: (() => void) | null = null;
  let left = false;

  void navigator.locks
    .request(LIVE_LOCK_NAME, { signal: abort.signal }, () => {
      if (left) return undefined;
      const closeStream = openStream((notice) => {
        emit(notice);
        channel.postMessage({ kind: 'notice', notice } satisfies ChannelMessage);
      });
      // Another tab held the stream before this one: what it did not pass on is lost.
      channel.postMessage({ kind: 'resync' } satisfies ChannelMessage);
      return new Promise<void>((resolve) => {
        release = () => {
          closeStream();
          resolve();
        };
      });
    })
    .catch(() => undefined); // aborted while waiting: this tab left before its turn

  return () => {
    left = true;
    abort.abort();
    release?.();
    channel.close();
  };
}

/** Listens for live notices; the first listener in a tab connects it, the last disconnects it. */
export function subscribeLiveNotices(listener: LiveListener): () => void {
  listeners.add(listener);
  if (!stop && typeof EventSource !== 'undefined') stop = canShare() ? joinShared() : openStream(emit);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && stop) {
      stop();
      stop = null;
    }
  };
}
