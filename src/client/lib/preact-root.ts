/**
 * `react-dom/client` in the browser build (vite.config.ts). preact/compat's `createRoot` empties
 * its container before the first render, as React does, so the prerendered page was thrown away
 * and built again node by node: the largest task a public page ran after its first paint, and a
 * second layout of the whole page. Preact's own `render` diffs against the elements already in the
 * container instead (attributes included), so the first render keeps the prerendered page and
 * changes only what differs. Pages with no markup (the app shell) render as before.
 */
import { render, type ComponentChild, type ContainerNode } from 'preact';

export function createRoot(container: ContainerNode) {
  return {
    render(children: ComponentChild) {
      render(children, container);
    },
    unmount() {
      render(null, container);
    },
  };
}

export { hydrateRoot } from 'preact/compat/client';
