/**
 * The service worker, built by vite-plugin-pwa (injectManifest) into dist/web/sw.js, which fills
 * in `self.__WB_MANIFEST` with the precache list (see pwa-options.ts). What it answers is decided
 * by sw-rules.ts alone; whatever the rules leave to the network has no route here, so the worker
 * never answers it (the API, uploaded files and signed links, /metrics, tus, anything but GET).
 *
 * Updates wait: a new worker stays waiting until the page asks it to take over (SKIP_WAITING,
 * sent when the artist presses Reload in the update prompt) or every tab of the old one is closed.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  type PrecacheEntry,
  precache,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import {
  isPrecacheable,
  OFFLINE_PAGE,
  PRECACHES_MESSAGE,
  type RequestLike,
  SKIP_WAITING_MESSAGE,
  type SwStrategy,
  strategyFor,
} from './sw-rules';

/**
 * The parts of ServiceWorkerGlobalScope used here. The app's TypeScript program has the DOM
 * library, not the WebWorker one (both at once conflict), so the worker declares what it uses.
 */
interface WorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}
declare const self: WorkerScope;

const origin = self.location.origin;
const scope = {
  origin,
  isPrecached: (url: string) => getCacheKeyForURL(url) !== undefined,
};

// The rules have the last word on what is precached, whatever the build's glob patterns matched.
precache(
  self.__WB_MANIFEST.filter((entry) => isPrecacheable(typeof entry === 'string' ? entry : entry.url, origin)),
);
// Entries of older precache formats (a worker of an older Workbox) are removed on activation;
// entries of the previous build are removed by the precache itself when this worker activates.
cleanupOutdatedCaches();
// The first worker takes the open page at once, so that a lazy page's code loads from the
// precache even if the connection drops before the next page load. An update never does this by
// itself: it waits for SKIP_WAITING.
clientsClaim();

const when =
  (strategy: SwStrategy) =>
  ({ request }: { request: RequestLike }) =>
    strategyFor(request, scope) === strategy;

registerRoute(
  when('navigation'),
  new NetworkOnly({
    plugins: [
      {
        // Only a failed fetch (offline, DNS, connection reset) lands here; an answer of the
        // server, whatever its status, goes to the page as it is.
        handlerDidError: async () => (await matchPrecache(OFFLINE_PAGE)) ?? Response.error(),
      },
    ],
  }),
);

registerRoute(when('precache'), async ({ request }: { request: Request }) => {
  return (await matchPrecache(request.url)) ?? fetch(request);
});

registerRoute(
  when('asset'),
  new CacheFirst({
    cacheName: 'imprint-assets',
    plugins: [
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  if (data?.type === PRECACHES_MESSAGE) {
    const urls = Array.isArray(data.urls) ? data.urls : [];
    const holdsAll =
      urls.length > 0 &&
      urls.every((url) => typeof url === 'string' && scope.isPrecached(new URL(url, origin).href));
    event.ports[0]?.postMessage(holdsAll);
  }
});
