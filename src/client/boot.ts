/**
 * The page's first script. It waits until the browser has painted the prerendered page, then
 * loads the app, so the app's evaluation and first render never hold back the first paint. The
 * build preloads the app's chunk beside this one (vite.config.ts), so the wait costs no round
 * trip. It imports nothing from the app: whatever it shared would be evaluated before the paint.
 */
import './styles.css';

new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  // A hidden tab paints nothing.
  setTimeout(resolve, 100);
}).then(() => import('./main'));
