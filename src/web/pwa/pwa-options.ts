import type { VitePWAOptions } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { isPrecacheable, NOT_PRECACHED_CHUNKS, notPrecachedChunkOf } from './sw-rules.ts';

/** Any origin will do: precache-list entries are relative, and the rules read them against it. */
const BUILD_ORIGIN = 'https://imprint.invalid';

/**
 * The last step of the precache list: the worker's own rules (`isPrecacheable`) drop what it must
 * not precache, the chunks of NOT_PRECACHED_CHUNKS among them (the staff console, the signing
 * embed). A listed chunk that matches no built file is a warning of the build: renamed or gone,
 * it would otherwise be precached again without a word.
 */
export const applyPrecacheRules: ManifestTransform = (entries) => {
  const manifest = entries.filter((entry) => isPrecacheable(entry.url, BUILD_ORIGIN));
  const found = new Set(
    entries.map((entry) => notPrecachedChunkOf(new URL(entry.url, BUILD_ORIGIN).pathname)),
  );
  const warnings = NOT_PRECACHED_CHUNKS.filter((chunk) => !found.has(chunk)).map(
    (chunk) =>
      `NOT_PRECACHED_CHUNKS (src/web/pwa/sw-rules.ts) names '${chunk}', but no built file is assets/${chunk}-<hash>.js`,
  );
  return { manifest, warnings };
};

/**
 * vite-plugin-pwa's options (vite.config.ts): the worker is our own `src/web/pwa/sw.ts`
 * (injectManifest), built as a classic script into dist/web/sw.js with the precache list below
 * injected. Paths are relative to Vite's root (src/web) and its output (dist/web).
 *
 * Precached: the JS and CSS of the build (every artist-facing page's code, so a page opened while
 * the connection drops still loads), the Latin Roboto files (the others are fetched only by pages
 * that use their characters, and cached then), and the offline page with its files. Left out by
 * `applyPrecacheRules`: the staff console's pages and the Dropbox Sign embed, cached on first use.
 * Never precached: index.html (the server renders it per request with a CSP nonce), source maps,
 * the precompressed copies (.br, .gz) and the worker itself.
 */
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
    globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'index.html', 'sw.js'],
    manifestTransforms: [applyPrecacheRules],
  },
  devOptions: { enabled: false },
};
