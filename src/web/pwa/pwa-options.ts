import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * vite-plugin-pwa's options (vite.config.ts): the worker is our own `src/web/pwa/sw.ts`
 * (injectManifest), built as a classic script into dist/web/sw.js with the precache list below
 * injected. Paths are relative to Vite's root (src/web) and its output (dist/web).
 *
 * Precached: the JS and CSS of the build (every page's code, so a page opened while the
 * connection drops still loads) but the staff console's and the signing embed's, the Latin Roboto files (the others are fetched only by pages that
 * use their characters, and cached then), and the offline page with its files. Never precached:
 * index.html (the server renders it per request with a CSP nonce), source maps, the precompressed
 * copies (.br, .gz) and the worker itself.
 */
/**
 * Chunks an artist never needs on a phone's data plan: the staff console's pages and the Dropbox
 * Sign embed. They are cached on first use instead (the 'asset' rule in sw-rules.ts). Named by the
 * lazy import's file name in src/web/routes.tsx and pages/sign/.
 */
const notPrecachedChunks = [
  'analytics-page',
  'test-dashboard-page',
  'board-page',
  'submission-details-page',
  'artist-page',
  'admin-invite-page',
  'invitations-page',
  'waiting-list-page',
  'agreement-template-page',
  'hellosign-embedded',
].map((chunk) => `assets/${chunk}-*.js`);

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'pwa',
  filename: 'sw.ts',
  // The app registers the worker itself (src/web/pwa/register-service-worker.ts), in production only.
  injectRegister: false,
  // No web app manifest: Imprint is a site, not an installable app.
  manifest: false,
  injectManifest: {
    rollupFormat: 'iife',
    globPatterns: [
      'assets/**/*.{js,css}',
      'assets/roboto-latin-[0-9]*.woff2',
      'offline.html',
      'offline.css',
      'offline.js',
      'favicon.svg',
    ],
    globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'index.html', 'sw.js', ...notPrecachedChunks],
  },
  devOptions: { enabled: false },
};
