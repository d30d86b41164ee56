import { describe, expect, it } from 'vitest';
import { webVitalsBeaconSchema } from '../../domain';
import { WEB_VITALS_ENDPOINT, WebVitalsCollector } from './web-vitals';

describe('web vitals collection', () => {
  function collector() {
    const sent: { url: string; body: unknown }[] = [];
    let ids = 0;
    const instance = new WebVitalsCollector(
      '/submission/:id',
      (url, body) => {
        sent.push({ url, body: JSON.parse(body) });
        return true;
      },
      () => `load-${++ids}-0000`,
    );
    return { sent, instance };
  }

  it('sends what the page load measured in one beacon the server accepts, then only what changed', () => {
    const { sent, instance } = collector();
    instance.add({ name: 'TTFB', value: 312.45678, navigationType: 'navigate' });
    instance.add({ name: 'LCP', value: 2140, navigationType: 'navigate' });
    instance.add({ name: 'CLS', value: 0.01, navigationType: 'navigate' });
    instance.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(WEB_VITALS_ENDPOINT);
    const beacon = webVitalsBeaconSchema.parse(sent[0]?.body);
    expect(beacon).toEqual({
      pageLoadId: 'load-1-0000',
      route: '/submission/:id',
      metrics: [
        { name: 'TTFB', value: 312.4568, navigationType: 'navigate' },
        { name: 'LCP', value: 2140, navigationType: 'navigate' },
        { name: 'CLS', value: 0.01, navigationType: 'navigate' },
      ],
    });
    instance.flush();
    expect(sent).toHaveLength(1);
    // CLS grew after the page was hidden and shown again: only it goes, under the same page load.
    instance.add({ name: 'CLS', value: 0.04, navigationType: 'navigate' });
    instance.flush();
    expect(sent[1]?.body).toEqual({
      pageLoadId: 'load-1-0000',
      route: '/submission/:id',
      metrics: [{ name: 'CLS', value: 0.04, navigationType: 'navigate' }],
    });
  });

  it('starts a new page load when the page comes back from the back/forward cache', () => {
    const { sent, instance } = collector();
    instance.add({ name: 'INP', value: 80, navigationType: 'navigate' });
    instance.restored();
    instance.add({ name: 'FCP', value: 400, navigationType: 'back-forward-cache' });
    instance.flush();
    expect(sent.map((beacon) => (beacon.body as { pageLoadId: string }).pageLoadId)).toEqual([
      'load-1-0000',
      'load-2-0000',
    ]);
  });

  it('ignores values that are not measurements', () => {
    const { sent, instance } = collector();
    instance.add({ name: 'LCP', value: Number.NaN, navigationType: 'navigate' });
    instance.add({ name: 'LCP', value: -1, navigationType: 'navigate' });
    instance.flush();
    expect(sent).toHaveLength(0);
  });
});
