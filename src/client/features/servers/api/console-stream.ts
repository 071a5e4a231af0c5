import { useEffect, useRef, useState } from 'react';

export interface ConsoleLine {
  key: number;
  line: string;
  at: string;
}

export type ConsoleState = 'connecting' | 'open' | 'reconnecting' | 'unavailable' | 'ended';

export function consoleUrl(id: string) {
  return `/api/servers/${encodeURIComponent(id)}/console`;
}

/**
 * The server's output through our API (never the panel directly): `event: line` messages,
 * recent lines first, then live. The stream replays recent lines on every (re)connect, so the
 * buffer starts over on each open instead of doubling them.
 */
export function useConsoleStream(id: string, enabled: boolean, max = 500) {
  const [lines, setLines] = useState<ConsoleLine[]>([]);
  const [state, setState] = useState<ConsoleState>('connecting');
  const [endReason, setEndReason] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const counter = useRef(0);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    setState('connecting');
    setEndReason(null);
    setLines([]);
    const source = new EventSource(consoleUrl(id));
    function onOpen() {
      setLines([]);
      setState('open');
    }
    function onLine(message: MessageEvent<string>) {
      let parsed: { line?: unknown; at?: unknown };
      try {
        parsed = JSON.parse(message.data) as typeof parsed;
      } catch {
        return;
      }
      if (typeof parsed.line !== 'string') return;
      const line: ConsoleLine = {
        key: (counter.current += 1),
        line: parsed.line,
        at: typeof parsed.at === 'string' ? parsed.at : new Date().toISOString(),
      };
      setLines((prev) => (prev.length >= max ? [...prev.slice(prev.length - max + 1), line] : [...prev, line]));
    }
    function onEnd(message: MessageEvent<string>) {
      // The panel closed the console for good: stop here instead of reconnecting in a loop.
      let reason: unknown;
      try {
        reason = (JSON.parse(message.data) as { reason?: unknown }).reason;
      } catch {
        reason = undefined;
      }
      source.close();
      setEndReason(typeof reason === 'string' && reason ? reason : null);
      setState('ended');
    }
    function onError() {
      // CLOSED means the server refused the stream (gone, not ours, no endpoint): do not retry.
      setState(source.readyState === EventSource.CLOSED ? 'unavailable' : 'reconnecting');
    }
    source.addEventListener('open', onOpen);
    source.addEventListener('line', onLine as EventListener);
    source.addEventListener('end', onEnd as EventListener);
    source.addEventListener('error', onError);
    return () => {
      source.removeEventListener('end', onEnd as EventListener);
      source.removeEventListener('open', onOpen);
      source.removeEventListener('line', onLine as EventListener);
      source.removeEventListener('error', onError);
      source.close();
    };
  }, [id, enabled, max, attempt]);

  return { lines, state, endReason, reconnect: () => setAttempt((n) => n + 1) };
}
