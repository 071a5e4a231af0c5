import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * Keeps unsaved edits from being lost by accident. The app uses a BrowserRouter, which has no
 * navigation blocker, so while `dirty`:
 * - reloading or closing the tab asks the browser's own question (beforeunload);
 * - a click on any link (the sidebar, the breadcrumb, 'Back to folder') is held, and `pending`
 *   holds where it led until the person discards their changes or keeps editing.
 * Links for which `keeps` answers true (back to the draft's own file) pass. The browser's Back
 * button is not held: the page keeps the draft and offers to go back to it.
 */
export function useUnsavedGuard(dirty: boolean, keeps: (to: URL) => boolean = () => false) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const dirtyRef = useRef(dirty);
  const keepsRef = useRef(keeps);
  useEffect(() => {
    dirtyRef.current = dirty;
    keepsRef.current = keeps;
  });

  useEffect(() => {
    if (!dirty) return;
    function warn(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers show the question only when a value is set.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(() => {
    function hold(event: MouseEvent) {
      if (!dirtyRef.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target && link.target !== '_self')) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin === window.location.origin && to.pathname === window.location.pathname && to.search === window.location.search) return;
      if (keepsRef.current(to)) return;
      event.preventDefault();
      setPending(to.origin === window.location.origin ? `${to.pathname}${to.search}${to.hash}` : to.href);
    }
    // Capture phase: before the router's own click handler, which skips prevented clicks.
    document.addEventListener('click', hold, true);
    return () => document.removeEventListener('click', hold, true);
  }, []);

  return {
    pending,
    /** Keep editing: the held link is dropped. */
    stay: () => setPending(null),
    /** Discard: `discard` drops the draft, then the held link is followed. */
    leave: (discard: () => void) => {
      const to = pending;
      setPending(null);
      discard();
      dirtyRef.current = false;
      if (!to) return;
      if (to.startsWith('/')) navigate(to);
      else window.location.assign(to);
    },
  };
}
