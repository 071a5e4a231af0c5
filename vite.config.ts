import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;
const lazySonner = path.join(root, 'src/client/lib/lazy-sonner.tsx');

/**
 * In the build, `import … from 'sonner'` gets src/client/lib/lazy-sonner.tsx, which loads the
 * library with the first toast; the shim itself imports the real package. Dev and tests keep sonner.
 */
function lazyToasts(): Plugin {
  return {
    name: 'spawnpoint:lazy-toasts',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'sonner' || !importer) return null;
      return path.resolve(importer.split('?')[0] ?? importer) === lazySonner ? null : lazySonner;
    },
  };
}

/** react-router's package exports only its development build, with dev-time checks and warnings. */
function productionRouter(): Plugin {
  const file = path.join(root, 'node_modules/react-router/dist/production/index.mjs');
  return {
    name: 'spawnpoint:production-router',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'react-router' ? file : null),
  };
}

/**
 * The browser build copies a small shared module (an icon, a two-line helper) into each chunk
 * that imports it instead of giving it a chunk of its own: `/` fetched, preloaded and compiled
 * sixteen scripts, eleven of them near 1 KB. Not the SSR build, whose entry must keep its exports.
 */
function inlineSmallChunks(): Plugin {
  return {
    name: 'spawnpoint:inline-small-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config: () => ({
      build: {
        rolldownOptions: {
          preserveEntrySignatures: false,
          output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4096 } } },
        },
      },
    }),
  };
}

/**
 * The app chunk (React, the router, the layouts) is all called while the page starts. V8's
 * explicit compile hint tells the browser so: it compiles the chunk's functions while the file
 * streams in, off the main thread, instead of one by one on the main thread at their first call
 * (https://v8.dev/blog/explicit-compile-hints). Added after minification, which drops comments.
 */
function compileAppEagerly(): Plugin {
  return {
    name: 'spawnpoint:compile-app-eagerly',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.name === 'app') chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

/**
 * The page's entry (src/client/boot.ts) imports the app only after the first paint; this adds
 * `<link rel="modulepreload">` for the app's chunk and its static imports to index.html, so the
 * browser fetches them with the entry and the late import costs no round trip.
 */
function preloadApp(): Plugin {
  const app = path.join(root, 'src/client/main.tsx');
  return {
    name: 'spawnpoint:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const start = chunks.find((c) => c.moduleIds.includes(app));
        if (!start) return html;
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file) || html.includes(`/${file}"`)) return;
          files.add(file);
          for (const dep of chunks.find((c) => c.fileName === file)?.imports ?? []) visit(dep);
        };
        visit(start.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), lazyToasts(), productionRouter(), inlineSmallChunks(), compileAppEagerly(), preloadApp()],
  define: {
    // The prerender's year, which the footer shows while the page hydrates.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The app (src/client/main.tsx and all it imports) in one chunk, which the pages share;
        // Vite's preload helper apart, as the entry needs it before the app is evaluated.
        codeSplitting: {
          groups: [
            { name: 'preload', test: /vite[\\/]preload-helper/, priority: 1 },
            { name: 'app', test: /src[\\/]client[\\/]main\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
