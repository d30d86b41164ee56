import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './src/web/pwa/pwa-options';

/**
 * Under `vite` (npm run dev) index.html comes from Vite, not from the server: embed the same
 * public config the server would, from the same environment, so development mode shows.
 */
function imprintPublicConfig(): Plugin {
  return {
    name: 'imprint-public-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      const { loadConfig } = await import('./src/server/config');
      const { publicConfigOf, renderIndexHtml } = await import('./src/server/public-config');
      return renderIndexHtml(html, publicConfigOf(loadConfig({ NODE_ENV: 'development', ...process.env })));
    },
  };
}

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
// In `npm run dev` the server runs separately on :3000 and Vite proxies /api to it.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    imprintPublicConfig(),
    VitePWA(pwaOptions),
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
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // src/domain is rules, texts and schemas without side effects: a page that imports one
      // thing from its index must not carry every schema (and zod) into its first paint.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]domain[\\/]/, sideEffects: false }] },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
});
