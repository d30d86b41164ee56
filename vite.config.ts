import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './src/web/pwa/pwa-options.ts';

/**
 * Under `vite` (npm run dev) index.html comes from Vite, not from the server: embed the same
 * public config the server would, from the same environment, so development mode shows.
 */
function imprintPublicConfig(): Plugin {
  return {
    name: 'imprint-public-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      // Loaded through tsx at run time, not imported: Vite bundles a config's imports, and the
      // server's config module reaches far into the server.
      const { tsImport } = await import('tsx/esm/api');
      const { loadConfig } = (await tsImport(
        './src/server/config.ts',
        import.meta.url,
      )) as typeof import('./src/server/config');
      const { publicConfigOf, renderIndexHtml } = (await tsImport(
        './src/server/public-config.ts',
        import.meta.url,
      )) as typeof import('./src/server/public-config');
      return renderIndexHtml(html, publicConfigOf(loadConfig({ NODE_ENV: 'development', ...process.env })));
    },
  };
}

/**
 * Plugins of the browser's build only: the prerender (ssr) needs no service worker and no
 * compressed copies. `applyToEnvironment` keeps their build hooks out of the ssr build, but every
 * plugin's `configResolved` still runs for its config, and the compression plugin hooks itself
 * into that build there: skipped for ssr too.
 */
function clientOnly(plugins: Plugin[]): Plugin[] {
  return plugins.map((plugin) => {
    const { configResolved } = plugin;
    const handler = typeof configResolved === 'function' ? configResolved : configResolved?.handler;
    return {
      ...plugin,
      applyToEnvironment: (environment) => environment.name === 'client',
      configResolved(config) {
        if (!config.build.ssr) return handler?.call(this, config);
      },
    };
  });
}

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
// In `npm run dev` the server runs separately on :3000 and Vite proxies /api to it.
// `vite build` builds two environments (`builder`): the browser's app (client) into dist/web, and
// the prerender of the public pages for Node (ssr, src/web/entry-server.tsx) into dist/web-server,
// which routes/web.ts imports.
export default defineConfig(({ mode }) => ({
  root: 'src/web',
  publicDir: 'public',
  builder: {},
  plugins: [
    react(),
    imprintPublicConfig(),
    ...clientOnly([
      ...VitePWA(pwaOptions),
      // A .br (quality 11) and a .gz (level 9) beside every compressible built file above 1 KB;
      // the server sends the one the request takes (routes/web.ts, @fastify/static preCompressed).
      // index.html is rendered per request and compressed on the fly instead.
      compression({
        algorithms: [
          ['gzip', { level: 9 }],
          ['brotliCompress', {}],
        ],
        include: /\.(?:js|mjs|css|svg|json|webmanifest|txt|html)$/,
        exclude: [/(?:^|[\\/])index\.html$/],
        threshold: 1024,
        logLevel: 'silent',
      }),
    ]),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    modulePreload: {
      // A page's chunks (routes.tsx, `*-page-<hash>.js`) are found by the browser as it loads the
      // page's module, not preloaded by a <link> per chunk: the page the app opens on is imported
      // while it starts, and on a phone adding thirty links is a long task of its own (total
      // blocking time); the few chunks a later page adds cost a round trip more.
      // A page the server sends unrendered lists its chunks in the HTML instead
      // (routes/page-preloads.ts).
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'js' && /-page-[\w-]{8}\.js$/.test(file) ? [] : deps,
    },
    // The server reads which file each entry became (routes/prerendered-pages.ts).
    manifest: true,
    rolldownOptions: {
      // The app (index.html), and the script of the public pages a visitor only reads
      // (static-page.ts): the server sends those pages with it instead of the app.
      input: {
        index: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        'static-page': fileURLToPath(new URL('./src/web/static-page.ts', import.meta.url)),
      },
      // src/domain is rules, texts and schemas without side effects: a page that imports one
      // thing from its index must not carry every schema (and zod) into its first paint.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]domain[\\/]/, sideEffects: false }] },
      // Rolldown's note that plugins took much of a build's time says more about a busy machine
      // than about the build; `npm start` prints no warnings.
      checks: { bundlerTimings: false },
      // Shared code under 16 KB (before minifying) goes into each page that uses it rather than
      // into a chunk of its own. Left to itself, Rolldown gave the artist's submission page 123
      // chunks, most of them a few hundred bytes of MUI helpers; a browser fetches six at a time
      // over HTTP/1.1, so on a phone's 150 ms round trip the page took 5.5 s to show, and 3.8 s
      // with 27 chunks. Pages load about as much script as before (bench:web).
      // docs/decisions/0013-chunks-and-page-preloads.md has the measurements.
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16 * 1024 } } },
    },
  },
  environments: {
    ssr: {
      // Self-contained, with React, MUI and Emotion in their browser build's mode: class names and
      // markup must be the ones the client's bundle renders, whatever NODE_ENV the server runs with.
      resolve: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV || mode) },
      build: {
        outDir: '../../dist/web-server',
        copyPublicDir: false,
        // One file for Node, whose exports the server calls: none of the client's chunking.
        rolldownOptions: {
          input: 'entry-server.tsx',
          preserveEntrySignatures: 'strict',
          output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 0 } } },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
}));
