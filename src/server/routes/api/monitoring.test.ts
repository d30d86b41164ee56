import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webVitalBin } from '../../../domain';
import { errorReports, webVitalHistograms, webVitals } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/test-context';

let ctx: TestContext;
let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

function report(payload: unknown, ip = freshIp(), headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/monitoring/report-error',
    headers: { origin: ctx.config.publicUrl, ...headers },
    remoteAddress: ip,
    payload: payload as Record<string, unknown>,
  });
}

const errorData = {
  message: 'Failed to upload Tide: Network error',
  stack: 'Error: Failed to upload Tide\n    at submit (submit.ts:10:5)',
  stage: 'submission',
  timestamp: '2026-03-01T12:34:56.789Z',
  url: 'https://portal.example/submit',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
  metadata: {
    viewport: { width: 1280, height: 800 },
    connection: { effectiveType: '4g', downlink: 10, rtt: 50 },
    trackCount: 2,
  },
};

async function rowsFor(submissionId: string) {
  return ctx.database.db.select().from(errorReports).where(eq(errorReports.submissionId, submissionId));
}

describe('POST /api/monitoring/report-error', () => {
  it('stores a failed submission as CRITICAL, with everything the client sent', async () => {
    const ip = freshIp();
    const response = await report({ submissionId: 'sub-critical', errorData }, ip);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const rows = await rowsFor('sub-critical');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      message: errorData.message,
      stack: errorData.stack,
      stage: 'submission',
      severity: 'CRITICAL',
      category: 'submission',
      url: errorData.url,
      userAgent: errorData.userAgent,
      metadata: errorData.metadata,
      ip,
    });
    expect(rows[0]?.occurredAt?.toISOString()).toBe(errorData.timestamp);
  });

  it.each([
    ['trackUpload', 'upload', 'HIGH'],
    ['network', 'network', 'HIGH'],
    ['validation', 'validation', 'MEDIUM'],
    ['playback', 'playback', 'LOW'],
    ['render', 'render', 'HIGH'],
    ['layout', 'other', 'LOW'],
  ])('classifies stage %s as %s, %s', async (stage, category, severity) => {
    const submissionId = `sub-${stage}`;
    expect((await report({ submissionId, errorData: { ...errorData, stage } })).statusCode).toBe(200);
    expect(await rowsFor(submissionId)).toMatchObject([{ stage, category, severity }]);
  });

  it('takes a minimal report: no stage, the browser from the request, an unreadable time left empty', async () => {
    const response = await report(
      { submissionId: 'sub-minimal', errorData: { message: 'Oops', timestamp: 'not a time' } },
      freshIp(),
      { 'user-agent': 'TestAgent/1.0' },
    );
    expect(response.statusCode).toBe(200);
    expect(await rowsFor('sub-minimal')).toMatchObject([
      {
        message: 'Oops',
        stack: null,
        stage: null,
        category: 'other',
        severity: 'LOW',
        userAgent: 'TestAgent/1.0',
        metadata: null,
        occurredAt: null,
      },
    ]);
  });

  it('refuses a report that is not one, and stores nothing', async () => {
    const noMessage = await report({
      submissionId: 'sub-bad',
      errorData: { timestamp: errorData.timestamp },
    });
    expect(noMessage.statusCode).toBe(400);
    expect(noMessage.json().success).toBe(false);
    const noSubmission = await report({ errorData });
    expect(noSubmission.statusCode).toBe(400);
    const tooLong = await report({
      submissionId: 'sub-bad',
      errorData: { ...errorData, message: 'x'.repeat(5_001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(await rowsFor('sub-bad')).toEqual([]);
  });

  it('refuses a body over 64 KiB before reading it as a report', async () => {
    const response = await report({
      submissionId: 'sub-huge',
      errorData: { ...errorData, metadata: { blob: 'x'.repeat(70_000) } },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().success).toBe(false);
    expect(await rowsFor('sub-huge')).toEqual([]);
  });

  it('limits a network to 60 reports a minute', async () => {
    const ip = freshIp();
    for (let i = 0; i < 60; i++) {
      const response = await report({ submissionId: 'sub-flood', errorData }, ip);
      expect(response.statusCode, `report ${i + 1}`).toBe(200);
    }
    const refused = await report({ submissionId: 'sub-flood', errorData }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Too many error reports from your network. Try again in a minute.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsFor('sub-flood')).toHaveLength(60);
    expect((await report({ submissionId: 'sub-flood', errorData })).statusCode).toBe(200);
  });
});

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

function beacon(payload: unknown, options: { ip?: string; contentType?: string; userAgent?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/monitoring/web-vitals',
    headers: {
      origin: ctx.config.publicUrl,
      'content-type': options.contentType ?? 'application/json',
      'user-agent': options.userAgent ?? PHONE_UA,
    },
    remoteAddress: options.ip ?? freshIp(),
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const vitalsOf = (pageLoadId: string) =>
  ctx.database.db
    .select()
    .from(webVitals)
    .where(eq(webVitals.pageLoadId, pageLoadId))
    .orderBy(webVitals.name);

describe('POST /api/monitoring/web-vitals', () => {
  it('stores each metric with the route pattern and the device type read from the user agent', async () => {
    const response = await beacon({
      pageLoadId: 'load-phone-1',
      route: '/submission/:id',
      metrics: [
        { name: 'LCP', value: 2140.5, navigationType: 'navigate' },
        { name: 'CLS', value: 0.04 },
        { name: 'TTFB', value: 310 },
      ],
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const rows = await vitalsOf('load-phone-1');
    expect(
      rows.map(({ name, value, route, deviceType, navigationType }) => ({
        name,
        value,
        route,
        deviceType,
        navigationType,
      })),
    ).toEqual([
      {
        name: 'LCP',
        value: 2140.5,
        route: '/submission/:id',
        deviceType: 'mobile',
        navigationType: 'navigate',
      },
      { name: 'CLS', value: 0.04, route: '/submission/:id', deviceType: 'mobile', navigationType: null },
      { name: 'TTFB', value: 310, route: '/submission/:id', deviceType: 'mobile', navigationType: null },
    ]);
  });

  it('replaces a metric the same page load sends again (CLS grows after the first hide)', async () => {
    await beacon({ pageLoadId: 'load-again', route: '/', metrics: [{ name: 'CLS', value: 0.01 }] });
    await beacon({
      pageLoadId: 'load-again',
      route: '/',
      metrics: [
        { name: 'CLS', value: 0.02 },
        { name: 'CLS', value: 0.08 },
        { name: 'INP', value: 120 },
      ],
    });
    const rows = await vitalsOf('load-again');
    expect(rows.map((row) => [row.name, row.value])).toEqual([
      ['CLS', 0.08],
      ['INP', 120],
    ]);
    // The hourly histogram counts the page load's CLS once, in the bin of its latest value.
    const hour = new Date(Math.floor((rows[0]?.createdAt.getTime() ?? 0) / 3_600_000) * 3_600_000);
    const bins = await ctx.database.db
      .select({ bin: webVitalHistograms.bin, count: webVitalHistograms.count })
      .from(webVitalHistograms)
      .where(and(eq(webVitalHistograms.name, 'CLS'), eq(webVitalHistograms.hour, hour)));
    const counted = Object.fromEntries(
      bins.filter((row) => row.count !== 0).map((row) => [row.bin, row.count]),
    );
    expect(counted[webVitalBin('CLS', 0.08)]).toBe(1);
    expect(counted[webVitalBin('CLS', 0.01)] ?? 0).toBe(0);
  });

  it('reads a beacon sent as text/plain (sendBeacon with a string) and tells tablets from desktops', async () => {
    const tablet = await beacon(
      { pageLoadId: 'load-tablet', route: '/faq', metrics: [{ name: 'FCP', value: 800 }] },
      { contentType: 'text/plain;charset=UTF-8', userAgent: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)' },
    );
    expect(tablet.statusCode).toBe(204);
    expect((await vitalsOf('load-tablet'))[0]?.deviceType).toBe('tablet');
    await beacon(
      { pageLoadId: 'load-desktop', route: '/faq', metrics: [{ name: 'FCP', value: 800 }] },
      { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' },
    );
    expect((await vitalsOf('load-desktop'))[0]?.deviceType).toBe('desktop');
  });

  it.each([
    [
      'a path with a query, not a route pattern',
      { pageLoadId: 'load-bad-1', route: '/submit?x=1', metrics: [{ name: 'LCP', value: 1 }] },
    ],
    ['no metrics', { pageLoadId: 'load-bad-2', route: '/', metrics: [] }],
    ['an unknown metric', { pageLoadId: 'load-bad-3', route: '/', metrics: [{ name: 'FID', value: 1 }] }],
    ['a negative value', { pageLoadId: 'load-bad-4', route: '/', metrics: [{ name: 'LCP', value: -1 }] }],
    ['a CLS out of range', { pageLoadId: 'load-bad-5', route: '/', metrics: [{ name: 'CLS', value: 5000 }] }],
    [
      'a page load id with spaces',
      { pageLoadId: 'load bad 6', route: '/', metrics: [{ name: 'LCP', value: 1 }] },
    ],
    ['an array', [{ name: 'LCP', value: 1 }]],
    ['null', null],
  ])('refuses %s with 400 and stores nothing', async (_what, payload) => {
    const before = (await ctx.database.db.select().from(webVitals)).length;
    const response = await beacon(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: expect.any(String) });
    expect((await ctx.database.db.select().from(webVitals)).length).toBe(before);
  });

  it('refuses text that is not JSON with 400', async () => {
    const response = await beacon('{not json', { contentType: 'text/plain' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'The measurements are not valid JSON' });
  });

  it('limits a network to 120 beacons a minute', async () => {
    const ip = freshIp();
    for (let i = 0; i < 120; i++) {
      const response = await beacon(
        { pageLoadId: `load-flood-${i}`, route: '/', metrics: [{ name: 'TTFB', value: 100 }] },
        { ip },
      );
      expect(response.statusCode, `beacon ${i + 1}`).toBe(204);
    }
    const refused = await beacon(
      { pageLoadId: 'load-flood-x', route: '/', metrics: [{ name: 'TTFB', value: 100 }] },
      { ip },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Too many measurements from your network. Try again in a minute.',
    });
  });
});

describe('POST /api/monitoring/heartbeat', () => {
  it('answers 204 with nothing to read or cache', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/monitoring/heartbeat',
      headers: { origin: ctx.config.publicUrl },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
