/**
 * The service worker's routing rules, pure so that they are tested without a
 * browser: `sw.ts` asks them about every request and about every entry of its precache list.
 *
 * - Navigations go to the network, always: the server renders index.html per request (a fresh CSP
 *   nonce, the current public config, a visitor's page prerendered in the current submission mode,
 *   or the plain page for a signed-in person), so a cached copy would be stale. Only when the network
 *   fails does the worker answer, with the precached offline page.
 * - Files the worker precached (hashed assets, the offline page and its files) come from the
 *   precache; other hashed assets under /assets/ are cached on first use (their names change with
 *   their content, so a cached copy is never stale).
 * - Everything else goes straight to the network without the worker answering: the API, uploaded
 *   files and signed links, /metrics, tus uploads (under /api/), any method but GET, any request
 *   with a Range header, other origins.
 */

/** What the worker does with a request. */
export type SwStrategy =
  /** The worker does not answer: the browser goes to the network as if there were no worker. */
  | 'network'
  /** A page load: network only, the offline page when the network fails. */
  | 'navigation'
  /** Answered from the precache. */
  | 'precache'
  /** A hashed asset that is not precached: cache first, the network on a miss. */
  | 'asset';

/** The parts of a `Request` the rules look at (a real Request fits). */
export interface RequestLike {
  url: string;
  method: string;
  /** `navigate` for page loads; other modes are treated alike. */
  mode?: string;
  headers?: { has(name: string): boolean };
}

export interface SwScope {
  /** The worker's origin: requests to other origins are never answered. */
  origin: string;
  /** Whether this URL (absolute) is in the precache. */
  isPrecached?: (url: string) => boolean;
}

/** Where the hashed build output lives (Vite's `build.assetsDir`). */
export const ASSETS_PREFIX = '/assets/';

/** The page shown when a navigation fails offline, and what it loads; all precached. */
export const OFFLINE_PAGE = '/offline.html';
export const OFFLINE_PAGE_FILES = [OFFLINE_PAGE, '/offline.css', '/offline.js', '/favicon.svg'] as const;

/**
 * The message that makes a waiting worker take over: workbox-window's `messageSkipWaiting()`
 * sends `{ type: 'SKIP_WAITING' }`, when the artist presses Reload in the update prompt.
 */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/**
 * The question the page asks a waiting worker, `{ type, urls }`: does your precache hold all of
 * these (the page's own entry files)? Answered `true` or `false` on the message's port. A worker
 * that holds them is the page's own build, and no update is offered.
 */
export const PRECACHES_MESSAGE = 'PRECACHES';

/**
 * Chunks left out of the precache (an artist on a phone's data plan never needs them):
 * the staff console's lazy pages (`./pages/staff/…` in src/web/routes.tsx) and the parts of them
 * loaded on first use (the board's dialogs: `import('./…')` under pages/staff/; a test holds this
 * list to both) and the Dropbox Sign embed (`hellosign-embedded`, imported by pages/sign/). Each is Vite's
 * name for a lazy module's chunk, its file name: `/assets/<name>-<8-character hash>.js`. They are
 * cached on first use instead (the 'asset' rule). The build warns when a name matches no file
 * (pwa-options.ts).
 */
export const NOT_PRECACHED_CHUNKS = [
  'admin-invite-page',
  'agreement-template-page',
  'analytics-page',
  'artist-page',
  'artists-page',
  'board-page',
  'decision-templates-page',
  'invitations-page',
  'response-promise-page',
  'settings-page',
  'submission-details-page',
  'test-dashboard-page',
  'waiting-list-page',
  'bulk-decision-dialog',
  'decision-dialog',
  'triage-help-dialog',
  'hellosign-embedded',
] as const;

const NOT_PRECACHED_CHUNK_FILE = new RegExp(
  `^${ASSETS_PREFIX}(${NOT_PRECACHED_CHUNKS.join('|')})-[\\w-]{8}\\.js$`,
);

/** The name in NOT_PRECACHED_CHUNKS whose chunk `pathname` is, if any. */
export function notPrecachedChunkOf(pathname: string): string | undefined {
  return NOT_PRECACHED_CHUNK_FILE.exec(pathname)?.[1];
}

/** Paths the worker never answers, whatever the method or mode: the API, files, metrics. */
const NEVER_HANDLED_PREFIXES = ['/api/', '/files/', '/metrics/'];
const NEVER_HANDLED_PATHS = ['/api', '/files', '/metrics', '/sw.js'];

/** True for paths the worker must leave to the network (compared case-insensitively). */
export function isNeverHandledPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return (
    NEVER_HANDLED_PATHS.includes(path) || NEVER_HANDLED_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}

function parse(url: string, origin: string): URL | null {
  try {
    return new URL(url, origin);
  } catch {
    return null;
  }
}

/** What the worker does with `request`. */
export function strategyFor(request: RequestLike, scope: SwScope): SwStrategy {
  const url = parse(request.url, scope.origin);
  if (!url || url.origin !== scope.origin) return 'network';
  if (request.method.toUpperCase() !== 'GET') return 'network';
  if (isNeverHandledPath(url.pathname)) return 'network';
  // Partial content (seeking in audio) is the server's to answer, byte for byte.
  if (request.headers?.has('range')) return 'network';
  if (request.mode === 'navigate') return 'navigation';
  if (scope.isPrecached?.(url.href)) return 'precache';
  if (url.pathname.startsWith(ASSETS_PREFIX)) return 'asset';
  return 'network';
}

/** Whether the worker answers `request` at all. */
export function shouldHandle(request: RequestLike, scope: SwScope): boolean {
  return strategyFor(request, scope) !== 'network';
}

/**
 * Whether a precache-list entry may be precached: hashed assets and the offline page's files of
 * this origin, never index.html (rendered per request), the API, files or the worker itself, nor
 * the chunks of NOT_PRECACHED_CHUNKS. The build filters its precache list with it (pwa-options.ts),
 * the worker its list again, and the page the files it asks a waiting worker about.
 */
export function isPrecacheable(url: string, origin: string): boolean {
  const parsed = parse(url, origin);
  if (!parsed || parsed.origin !== origin || parsed.search !== '') return false;
  if (isNeverHandledPath(parsed.pathname)) return false;
  if (notPrecachedChunkOf(parsed.pathname)) return false;
  return (
    parsed.pathname.startsWith(ASSETS_PREFIX) ||
    (OFFLINE_PAGE_FILES as readonly string[]).includes(parsed.pathname)
  );
}
