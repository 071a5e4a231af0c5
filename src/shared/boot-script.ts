/**
 * The one inline script a prerendered public page carries (scripts/critical-css.ts puts it in place
 * of the app's module script and preloads). It asks for the app's scripts only once the page has
 * painted its text, so on a slow line their ~90 KB do not share the first round trips with the
 * HTML, and Lighthouse's estimate of the largest paint is the paint itself (decision 083). A tab opened in the background, which paints
 * nothing, still loads them after 3 s. It reads what to load from its own `data-` attributes, so its
 * text, and the hash the Content-Security-Policy allows it by (src/server/lib/security-headers.ts), are the same for every page and build.
 */
export const BOOT_SCRIPT =
  "(function(s,d){var started=false;function go(){if(started)return;started=true;" +
  "(s.getAttribute('data-preload')||'').split(' ').forEach(function(h){if(!h)return;var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});" +
  "var m=d.createElement('script');m.type='module';m.crossOrigin='';m.src=s.getAttribute('data-entry');d.head.appendChild(m)}" +
  "requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,3000)})(document.currentScript,document)";
