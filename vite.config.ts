import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
// In `npm run dev` the server runs separately on :3000 and Vite proxies /api to it.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
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
