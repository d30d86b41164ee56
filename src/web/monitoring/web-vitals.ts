import type { Metric } from 'web-vitals';
import type { WebVitalsBeacon } from '../../domain';
import { afterFirstPaint } from '../components/after-first-paint';

export const WEB_VITALS_ENDPOINT = '/api/monitoring/web-vitals';

type Sender = (url: string, body: string) => boolean;

/** sendBeacon survives the page going away; fetch with keepalive where it is missing or refuses. */
export function sendWithBeacon(url: string, body: string): boolean {
  const blob = new Blob([body], { type: 'application/json' });
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(url, blob)) return true;
  }
  void fetch(url, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => {});
  return true;
}

function randomId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * Collects one page load's web vitals and sends what changed since the last send, in one beacon,
 * whenever the page is hidden (the moment web-vitals finalises LCP, CLS and INP). A page restored
 * from the back/forward cache is a new page load with an id of its own.
 */
export class WebVitalsCollector {
  private pending = new Map<Metric['name'], { value: number; navigationType: string }>();
  private pageLoadId: string;
  private routePattern: string | undefined;

  constructor(
    /** The page's route pattern, or how to find it: worked out at the first send, not at start. */
    private readonly route: string | (() => string),
    private readonly send: Sender = sendWithBeacon,
    private readonly newId: () => string = randomId,
  ) {
    this.pageLoadId = newId();
  }

  add(metric: Pick<Metric, 'name' | 'value' | 'navigationType'>): void {
    if (!Number.isFinite(metric.value) || metric.value < 0) return;
    this.pending.set(metric.name, { value: metric.value, navigationType: metric.navigationType });
  }

  private routeOfPage(): string {
    this.routePattern ??= typeof this.route === 'string' ? this.route : this.route();
    return this.routePattern;
  }

  /** A page shown again from the back/forward cache: its measurements are a new page load's. */
  restored(): void {
    this.flush();
    this.pageLoadId = this.newId();
  }

  flush(): void {
    if (this.pending.size === 0) return;
    const beacon: WebVitalsBeacon = {
      pageLoadId: this.pageLoadId,
      route: this.routeOfPage(),
      metrics: [...this.pending.entries()].map(([name, { value, navigationType }]) => ({
        name,
        value: Math.round(value * 10_000) / 10_000,
        navigationType: navigationType.slice(0, 40),
      })),
    };
    this.pending = new Map();
    this.send(WEB_VITALS_ENDPOINT, JSON.stringify(beacon));
  }
}

/**
 * Measures this page load's LCP, FCP, CLS, INP and TTFB and sends them. The web-vitals
 * library is fetched after the page has rendered, not with it: its observers read the
 * browser's buffered entries, so what happened before it arrived is measured all the same.
 */
export function startWebVitals(route: string | (() => string), target: Window = window): WebVitalsCollector {
  const collector = new WebVitalsCollector(route);
  const add = (metric: Metric) => collector.add(metric);
  afterFirstPaint(target, () => {
    import('web-vitals')
      .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        onLCP(add);
        onFCP(add);
        onCLS(add);
        onINP(add);
        onTTFB(add);
      })
      .catch(() => {
        // Not fetched (offline): this page load goes unmeasured.
      });
  });
  // web-vitals reports on visibilitychange; listening after it means its values are in first.
  target.document.addEventListener('visibilitychange', () => {
    if (target.document.visibilityState === 'hidden') queueMicrotask(() => collector.flush());
  });
  target.addEventListener('pagehide', () => collector.flush());
  target.addEventListener('pageshow', (event) => {
    if (event.persisted) collector.restored();
  });
  return collector;
}
