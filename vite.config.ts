import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), imprintPublicConfig()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
});
