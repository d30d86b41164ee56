// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LABEL_NAME_STORAGE_KEY,
  pageAssetUrls,
  rememberLabelName,
  type ServiceWorkerHost,
  ServiceWorkerUpdates,
  TAKE_OVER_TIMEOUT_MS,
  UPDATE_CHECK_INTERVAL_MS,
  type WorkboxApi,
} from './register-service-worker';
import { PRECACHES_MESSAGE, SKIP_WAITING_MESSAGE } from './sw-rules';

/** A ServiceWorker as the page sees it: a state and its statechange events. */
class FakeWorker {
  private readonly listeners = new Set<() => void>();
  constructor(public state: ServiceWorkerState) {}
  addEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.delete(listener);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }
  get listenerCount() {
    return this.listeners.size;
  }
}

/** A ServiceWorkerRegistration: its installing and waiting workers and update checks. */
class FakeRegistration {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  private readonly updateFound = new Set<() => void>();
  /** What the server has for the next update check, if anything. */
  nextWorker: FakeWorker | null = null;
  update = vi.fn(async () => {
    const worker = this.nextWorker;
    this.nextWorker = null;
    if (worker) this.startInstalling(worker);
  });
  addEventListener(_type: 'updatefound', listener: () => void) {
    this.updateFound.add(listener);
  }
  startInstalling(worker: FakeWorker) {
    this.installing = worker;
    for (const listener of this.updateFound) listener();
  }
  finishInstalling() {
    const worker = this.installing;
    if (!worker) throw new Error('nothing is installing');
    this.installing = null;
    this.waiting = worker;
    worker.become('installed');
  }
}

interface Timer {
  callback: () => void;
  ms: number;
}

const pageAssets = ['https://label.example/assets/index-abc12345.js'];

function setUp(
  options: { controller?: boolean; online?: boolean; registration?: FakeRegistration | null } = {},
) {
  const registration = options.registration === undefined ? new FakeRegistration() : options.registration;
  const controlling = new Set<() => void>();
  const workbox = {
    register: vi.fn(async () => registration as unknown as ServiceWorkerRegistration | undefined),
    messageSkipWaiting: vi.fn(),
    addEventListener: (_type: 'controlling', listener: () => void) => {
      controlling.add(listener);
    },
  } satisfies WorkboxApi;
  /** Each worker's answer to the PRECACHES question; a worker not listed never answers. */
  const answers = new Map<FakeWorker, boolean | Error>();
  const timers: Timer[] = [];
  const intervals: Timer[] = [];
  let online = options.online ?? true;
  const host = {
    createWorkbox: vi.fn(async () => workbox),
    ask: vi.fn((worker: ServiceWorker, _message: object): Promise<unknown> => {
      const answer = answers.get(worker as unknown as FakeWorker);
      if (answer === undefined) return new Promise(() => {});
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    }),
    hasController: () => options.controller ?? true,
    pageAssets: () => pageAssets,
    reload: vi.fn(),
    isOnline: () => online,
    setTimeout: (callback: () => void, ms: number) => timers.push({ callback, ms }),
    setInterval: (callback: () => void, ms: number) => intervals.push({ callback, ms }),
  } satisfies ServiceWorkerHost;
  const updates = new ServiceWorkerUpdates(host);
  const notified = vi.fn();
  updates.subscribe(notified);
  return {
    updates,
    host,
    workbox,
    registration,
    answers,
    timers,
    intervals,
    notified,
    setOnline: (value: boolean) => {
      online = value;
    },
    /** The new worker has taken the page (workbox-window's 'controlling'). */
    takeOver: () => {
      for (const listener of controlling) listener();
    },
    /** Runs the timers set for `ms`, as if that time had passed. */
    elapse: (ms: number) => {
      for (const timer of timers.filter((t) => t.ms === ms)) timer.callback();
    },
  };
}

/** Lets the promises of the page's question to a worker settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ServiceWorkerUpdates', () => {
  it('registers /sw.js once, and checks for an update hourly', async () => {
    const { updates, host, workbox, registration, intervals } = setUp();
    await Promise.all([updates.start(), updates.start()]);
    await updates.start();
    expect(host.createWorkbox).toHaveBeenCalledTimes(1);
    expect(host.createWorkbox).toHaveBeenCalledWith('/sw.js');
    expect(workbox.register).toHaveBeenCalledTimes(1);
    expect(intervals.map((interval) => interval.ms)).toEqual([UPDATE_CHECK_INTERVAL_MS]);
    intervals[0]?.callback();
    expect(registration?.update).toHaveBeenCalledTimes(1);
  });

  it('never offers the first install (no controller yet) as an update', async () => {
    const { updates, host, registration, notified } = setUp({ controller: false });
    await updates.start();
    const worker = new FakeWorker('installing');
    registration?.startInstalling(worker);
    registration?.finishInstalling();
    await settle();
    expect(host.ask).not.toHaveBeenCalled();
    expect(updates.getSnapshot()).toBe(false);
    expect(notified).not.toHaveBeenCalled();
  });

  it('offers a waiting worker of another build and tells its subscribers', async () => {
    const { updates, host, registration, answers, notified } = setUp();
    const worker = new FakeWorker('installed');
    answers.set(worker, false);
    if (registration) registration.waiting = worker;
    await updates.start();
    await settle();
    expect(host.ask).toHaveBeenCalledWith(worker, { type: PRECACHES_MESSAGE, urls: pageAssets });
    expect(updates.getSnapshot()).toBe(true);
    expect(notified).toHaveBeenCalledTimes(1);
  });

  it('does not offer a waiting worker that holds the page’s own files (the page’s build)', async () => {
    const { updates, host, registration, answers, notified } = setUp();
    const worker = new FakeWorker('installed');
    answers.set(worker, true);
    if (registration) registration.waiting = worker;
    await updates.start();
    await settle();
    expect(host.ask).toHaveBeenCalledTimes(1);
    expect(updates.getSnapshot()).toBe(false);
    expect(notified).not.toHaveBeenCalled();
  });

  it('offers a worker found installing once it is installed', async () => {
    const { updates, registration, answers, notified } = setUp();
    await updates.start();
    const worker = new FakeWorker('installing');
    answers.set(worker, false);
    registration?.startInstalling(worker);
    await settle();
    expect(updates.getSnapshot()).toBe(false);
    registration?.finishInstalling();
    await settle();
    expect(updates.getSnapshot()).toBe(true);
    expect(notified).toHaveBeenCalledTimes(1);
    expect(worker.listenerCount).toBe(0);
  });

  it('counts a worker that does not answer in time as another build', async () => {
    const { updates, registration, timers } = setUp();
    const worker = new FakeWorker('installed');
    if (registration) registration.waiting = worker;
    await updates.start();
    await settle();
    expect(updates.getSnapshot()).toBe(false);
    expect(timers).toHaveLength(1);
    timers[0]?.callback();
    await settle();
    expect(updates.getSnapshot()).toBe(true);
  });

  it('counts a worker whose answer fails as another build', async () => {
    const { updates, registration, answers } = setUp();
    const worker = new FakeWorker('installed');
    answers.set(worker, new Error('the worker went away'));
    if (registration) registration.waiting = worker;
    await updates.start();
    await settle();
    expect(updates.getSnapshot()).toBe(true);
  });

  it('asks a worker seen twice only once', async () => {
    const { updates, host, registration, answers } = setUp();
    const worker = new FakeWorker('installed');
    answers.set(worker, true);
    if (registration) registration.waiting = worker;
    await updates.start();
    await updates.checkForUpdate();
    await settle();
    expect(host.ask).toHaveBeenCalledTimes(1);
  });

  it('finds a new worker when it checks for an update', async () => {
    const { updates, registration, answers } = setUp();
    await updates.start();
    const worker = new FakeWorker('installing');
    answers.set(worker, false);
    if (registration) registration.nextWorker = worker;
    await updates.checkForUpdate();
    expect(registration?.update).toHaveBeenCalledTimes(1);
    registration?.finishInstalling();
    await settle();
    expect(updates.getSnapshot()).toBe(true);
  });

  it('does not check for an update offline, and survives a failed check', async () => {
    const { updates, registration, setOnline } = setUp();
    await updates.start();
    setOnline(false);
    await updates.checkForUpdate();
    expect(registration?.update).not.toHaveBeenCalled();
    setOnline(true);
    registration?.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(updates.checkForUpdate()).resolves.toBeUndefined();
  });

  it('reloads into the update once the new worker has taken over', async () => {
    const { updates, host, workbox, registration, answers, takeOver } = setUp();
    const worker = new FakeWorker('installed');
    answers.set(worker, false);
    if (registration) registration.waiting = worker;
    await updates.start();
    await settle();

    updates.reloadToUpdate();
    // workbox-window's messageSkipWaiting() sends the waiting worker SKIP_WAITING_MESSAGE.
    expect(SKIP_WAITING_MESSAGE).toBe('SKIP_WAITING');
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(host.reload).not.toHaveBeenCalled();
    takeOver();
    expect(host.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads after TAKE_OVER_TIMEOUT_MS even if the new worker never takes over', async () => {
    const { updates, host, workbox, registration, elapse } = setUp();
    if (registration) registration.waiting = new FakeWorker('installed');
    await updates.start();
    updates.reloadToUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(host.reload).not.toHaveBeenCalled();
    elapse(TAKE_OVER_TIMEOUT_MS);
    expect(host.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when nothing waits any more (another tab took the update in)', async () => {
    const { updates, host, workbox } = setUp();
    await updates.start();
    updates.reloadToUpdate();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(host.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once where no worker could be registered', async () => {
    const { updates, host } = setUp({ registration: null });
    await updates.start();
    updates.reloadToUpdate();
    expect(host.reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads by itself when a worker takes the page', async () => {
    const { updates, host, takeOver } = setUp();
    await updates.start();
    takeOver();
    expect(host.reload).not.toHaveBeenCalled();
  });

  it('stops telling a subscriber who unsubscribed', async () => {
    const { updates, registration, answers } = setUp();
    const listener = vi.fn();
    const unsubscribe = updates.subscribe(listener);
    unsubscribe();
    const worker = new FakeWorker('installed');
    answers.set(worker, false);
    if (registration) registration.waiting = worker;
    await updates.start();
    await settle();
    expect(updates.getSnapshot()).toBe(true);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('pageAssetUrls', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it('takes the same-origin module scripts, module preloads and stylesheets under /assets/', () => {
    const here = window.location.origin;
    document.head.innerHTML = `
      <link rel="icon" href="/favicon.svg">
      <script type="module" crossorigin src="/assets/index-CgdZNW6B.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/Typography-BxvIZied.js">
      <link rel="stylesheet" crossorigin href="/assets/index-D4nh0gOI.css">
      <link rel="preload" as="font" href="/assets/roboto-latin-400-normal-BqEyEoaF.woff2">
      <script src="/assets/classic-abc12345.js"></script>
      <script type="module" src="https://challenges.cloudflare.com/assets/api-abc12345.js"></script>
      <link rel="stylesheet" href="https://fonts.example/assets/font-abc12345.css">
      <link rel="stylesheet" href="/offline.css">
      <script type="module" src="/src/main.tsx"></script>
      <link rel="modulepreload" href="/assets/Typography-BxvIZied.js">
    `;
    expect(pageAssetUrls(document)).toEqual([
      `${here}/assets/index-CgdZNW6B.js`,
      `${here}/assets/Typography-BxvIZied.js`,
      `${here}/assets/index-D4nh0gOI.css`,
    ]);
  });

  it('leaves out a staff page’s chunk that Vite preloaded, since no worker precaches it', () => {
    const here = window.location.origin;
    document.head.innerHTML = `
      <script type="module" crossorigin src="/assets/index-CgdZNW6B.js"></script>
      <link rel="modulepreload" as="script" crossorigin href="/assets/board-page-GUwhLVG2.js">
      <link rel="modulepreload" as="script" crossorigin href="/assets/dashboard-page-Bg5gJ3oR.js">
    `;
    expect(pageAssetUrls(document)).toEqual([
      `${here}/assets/index-CgdZNW6B.js`,
      `${here}/assets/dashboard-page-Bg5gJ3oR.js`,
    ]);
  });
});

describe('rememberLabelName', () => {
  it('keeps the label’s name for the offline page', () => {
    const storage = { setItem: vi.fn() };
    rememberLabelName('Night Bus Records', () => storage);
    expect(storage.setItem).toHaveBeenCalledWith(LABEL_NAME_STORAGE_KEY, 'Night Bus Records');
    expect(LABEL_NAME_STORAGE_KEY).toBe('imprint.labelName');
  });

  it('does without where storage is blocked or full', () => {
    expect(() =>
      rememberLabelName('Imprint', () => {
        throw new DOMException('blocked', 'SecurityError');
      }),
    ).not.toThrow();
    expect(() =>
      rememberLabelName('Imprint', () => ({
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError');
        },
      })),
    ).not.toThrow();
  });
});
