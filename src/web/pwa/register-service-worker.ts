import { ASSETS_PREFIX, isPrecacheable, PRECACHES_MESSAGE } from './sw-rules';

/**
 * The page's side of the service worker: registers /sw.js in production builds,
 * finds a new version waiting, and activates it when the artist presses Reload.
 *
 * "A new version is available" means: a worker is waiting whose precache does not hold this
 * page's own entry files, i.e. it belongs to another build. Pages are never served from a cache,
 * so a page loaded after a deploy already runs the new build although the new worker still waits
 * for the old one's tabs to close: such a page is asked nothing.
 *
 * Nothing here reloads by itself: only `reloadToUpdate()` does, and the update prompt calls it
 * only when no upload or submission is running (see update-prompt.tsx).
 */

/** What the offline page shows as the label's name (public/offline.js reads the same key). */
export const LABEL_NAME_STORAGE_KEY = 'imprint.labelName';

/** How often an open page asks the server whether a new worker was deployed. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** How long the page waits for the new worker to take over before it reloads anyway. */
export const TAKE_OVER_TIMEOUT_MS = 10_000;

/** How long a worker may take to say which build it belongs to. */
const BUILD_QUESTION_TIMEOUT_MS = 5_000;

/** The parts of workbox-window's `Workbox` used here. */
export interface WorkboxApi {
  register(): Promise<ServiceWorkerRegistration | undefined>;
  messageSkipWaiting(): void;
  addEventListener(type: 'controlling', listener: () => void): void;
}

export interface ServiceWorkerHost {
  /** Loads workbox-window and makes a `Workbox` for the script (its own chunk, after the page). */
  createWorkbox(scriptUrl: string): Promise<WorkboxApi>;
  /** Asks a worker a question and resolves with its answer (workbox-window's `messageSW`). */
  ask(worker: ServiceWorker, message: object): Promise<unknown>;
  /** The page's controller now: a worker waiting while there is none is a first install. */
  hasController(): boolean;
  /** This page's own build files that a worker of its build precaches (`pageAssetUrls`). */
  pageAssets(): string[];
  reload(): void;
  isOnline(): boolean;
  setTimeout(callback: () => void, ms: number): unknown;
  setInterval(callback: () => void, ms: number): unknown;
}

type Listener = () => void;

export class ServiceWorkerUpdates {
  private updateAvailable = false;
  private readonly listeners = new Set<Listener>();
  private workbox: WorkboxApi | undefined;
  private registration: ServiceWorkerRegistration | undefined;
  private started = false;
  private reloadRequested = false;
  /** Workers already asked, so a worker seen twice (its state, then an update check) is asked once. */
  private readonly checked = new WeakSet<ServiceWorker>();

  constructor(
    private readonly host: ServiceWorkerHost,
    private readonly scriptUrl = '/sw.js',
  ) {}

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** True once a worker of another build waits: the page should offer to reload. */
  getSnapshot = (): boolean => this.updateAvailable;

  /** Registers the worker (once; after the page has loaded) and starts watching for updates. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const workbox = await this.host.createWorkbox(this.scriptUrl);
    this.workbox = workbox;
    workbox.addEventListener('controlling', () => {
      // A worker took over: the one this page asked to (then reload into the new build), or the
      // first install claiming the page, or another tab's Reload (this page then keeps running
      // and its prompt stays: a reload still brings the new build).
      if (this.reloadRequested) this.host.reload();
    });
    const registration = await workbox.register();
    if (!registration) return;
    this.registration = registration;
    if (registration.waiting) void this.consider(registration.waiting);
    if (registration.installing) this.watch(registration.installing);
    registration.addEventListener('updatefound', () => {
      if (registration.installing) this.watch(registration.installing);
    });
    this.host.setInterval(() => void this.checkForUpdate(), UPDATE_CHECK_INTERVAL_MS);
  }

  /** Asks the server for a new worker (hourly, and from tests). */
  async checkForUpdate(): Promise<void> {
    if (!this.registration || !this.host.isOnline()) return;
    try {
      await this.registration.update();
    } catch {
      // Offline or the server briefly away: the next check will do.
    }
    if (this.registration.waiting) void this.consider(this.registration.waiting);
  }

  /**
   * Reload into the new build: the waiting worker is told to take over and the page reloads when
   * it has (or after TAKE_OVER_TIMEOUT_MS, or at once when another tab already activated it).
   */
  reloadToUpdate(): void {
    this.reloadRequested = true;
    if (!this.registration?.waiting || !this.workbox) {
      this.host.reload();
      return;
    }
    this.workbox.messageSkipWaiting();
    this.host.setTimeout(() => this.host.reload(), TAKE_OVER_TIMEOUT_MS);
  }

  private watch(worker: ServiceWorker): void {
    const onStateChange = () => {
      if (worker.state === 'installed') void this.consider(worker);
      if (worker.state === 'installed' || worker.state === 'redundant' || worker.state === 'activated') {
        worker.removeEventListener('statechange', onStateChange);
      }
    };
    worker.addEventListener('statechange', onStateChange);
    onStateChange();
  }

  /** A worker is waiting: offer the update unless it is this page's own build. */
  private async consider(worker: ServiceWorker): Promise<void> {
    if (this.checked.has(worker) || this.updateAvailable) return;
    this.checked.add(worker);
    // Without a controller this is the first install: it activates by itself and is this build.
    if (!this.host.hasController()) return;
    if (await this.isThisBuild(worker)) return;
    this.updateAvailable = true;
    for (const listener of this.listeners) listener();
  }

  private async isThisBuild(worker: ServiceWorker): Promise<boolean> {
    const urls = this.host.pageAssets();
    if (urls.length === 0) return false;
    const answer = await Promise.race([
      this.host.ask(worker, { type: PRECACHES_MESSAGE, urls }).catch(() => false),
      new Promise((resolve) => this.host.setTimeout(() => resolve(false), BUILD_QUESTION_TIMEOUT_MS)),
    ]);
    return answer === true;
  }
}

/**
 * The page's build files that a worker of the same build precaches: the module scripts,
 * preloads and stylesheets of the document (index.html's, and those Vite's preload helper added
 * for lazy pages since), same-origin under /assets/. A staff page's chunk is left out: Vite adds a
 * modulepreload for it when the page opens, but no worker precaches it (NOT_PRECACHED_CHUNKS), and
 * asking about it would make the page's own build look like another one.
 */
export function pageAssetUrls(doc: Document = document): string[] {
  const urls = [
    ...Array.from(doc.querySelectorAll<HTMLScriptElement>('script[type="module"][src]'), (s) => s.src),
    ...Array.from(
      doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href], link[rel="modulepreload"][href]'),
      (link) => link.href,
    ),
  ];
  const origin = doc.location.origin;
  return [...new Set(urls)].filter((url) => {
    const parsed = new URL(url, origin);
    return parsed.pathname.startsWith(ASSETS_PREFIX) && isPrecacheable(parsed.href, origin);
  });
}

function browserHost(): ServiceWorkerHost {
  return {
    createWorkbox: async (scriptUrl) => {
      const { Workbox } = await import('workbox-window');
      return new Workbox(scriptUrl, { scope: '/' });
    },
    ask: async (worker, message) => {
      const { messageSW } = await import('workbox-window');
      return messageSW(worker, message);
    },
    hasController: () => Boolean(navigator.serviceWorker.controller),
    pageAssets: () => pageAssetUrls(document),
    reload: () => window.location.reload(),
    isOnline: () => navigator.onLine,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
  };
}

/**
 * Only in a production build in a browser that has service workers: not under the Vite dev
 * server (its modules are not hashed and change with every edit), not in Vitest or jsdom.
 */
export function serviceWorkerSupported(): boolean {
  return (
    import.meta.env.PROD &&
    import.meta.env.MODE !== 'test' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

let updates: ServiceWorkerUpdates | undefined;

/** The page's one instance; `null` where there is no service worker. */
export function serviceWorkerUpdates(): ServiceWorkerUpdates | null {
  if (!serviceWorkerSupported()) return null;
  updates ??= new ServiceWorkerUpdates(browserHost());
  return updates;
}

/** Keeps the label's name for the offline page, which has no config of its own. */
export function rememberLabelName(
  labelName: string,
  storage: () => Pick<Storage, 'setItem'> = () => window.localStorage,
): void {
  try {
    // Reading `localStorage` itself throws where storage is blocked.
    storage().setItem(LABEL_NAME_STORAGE_KEY, labelName);
  } catch {
    // Storage full or blocked: the offline page shows the default name.
  }
}
