import { asc, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ANALYTICS_HOURS_MESSAGE,
  analyticsDashboardSchema,
  computePerformanceScore,
  errorEventsResponseSchema,
  INVALID_LIST_CURSOR,
  LIST_CURSOR_MISMATCH,
  PAGE_SIZE_OUT_OF_RANGE,
  PERFORMANCE_BUCKETS,
  UNKNOWN_LIST_SORT,
  type WebVitalName,
  webVitalBin,
} from '../../../domain';
import {
  errorReports,
  providerStatus,
  waitingListEntries,
  webVitalHistograms,
  webVitals,
} from '../../db/schema';
import { getAnalyticsDashboard, warmAnalyticsCache } from '../../services/analytics/get-analytics-dashboard';
import { AnalyticsHourCache } from '../../services/analytics/hour-cache';
import { readErrorEventsPage } from '../../services/analytics/read-error-events';
import { recordWebVitals } from '../../services/monitoring/record-web-vitals';
import { expectRefusals, explain, pageThrough, seededTimes, tamper } from '../../test/paged-list';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-context';

let ctx: TestContext;
let staff: SignedIn;
let artist: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, ctx.database.db, 'analyst@label.example');
  artist = await signIn(ctx.app, ctx.database.db, 'fan@example.com');
});
afterAll(async () => ctx.close());

beforeEach(async () => {
  await ctx.database.db.delete(webVitals);
  await ctx.database.db.delete(webVitalHistograms);
  await ctx.database.db.delete(errorReports);
  await ctx.database.db.delete(providerStatus);
});

const db = () => ctx.database.db;
const dashboard = (query: string, as: SignedIn | null = staff) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/analytics/dashboard${query}`,
    headers: as ? { cookie: as.cookie } : {},
  });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** PostgreSQL's percentile_cont: linear interpolation between the closest ranks. */
function percentileCont(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] ?? 0;
  const high = sorted[upper] ?? 0;
  return low + (high - low) * (position - lower);
}

let pageLoad = 0;
/** A page load at a given time, stored as recordWebVitals stores one: raw rows and hourly bins. */
async function insertLoad(at: Date, values: Partial<Record<WebVitalName, number>>, route = '/submit') {
  pageLoad += 1;
  const metrics = Object.entries(values).map(([name, value]) => ({
    name: name as WebVitalName,
    value: value as number,
    bin: webVitalBin(name as WebVitalName, value as number),
  }));
  await db()
    .insert(webVitals)
    .values(
      metrics.map((metric) => ({
        pageLoadId: `load-${pageLoad}-${at.getTime()}`,
        ...metric,
        route,
        deviceType: 'mobile' as const,
        createdAt: at,
      })),
    );
  const hour = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
  await db()
    .insert(webVitalHistograms)
    .values(metrics.map(({ name, bin }) => ({ name, hour, bin, count: 1 })))
    .onConflictDoUpdate({
      target: [webVitalHistograms.name, webVitalHistograms.hour, webVitalHistograms.bin],
      set: { count: sql`${webVitalHistograms.count} + 1` },
    });
}

/** Within the 5% (one bin) a histogram allows. */
const expectNear = (actual: number | null | undefined, expected: number) => {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual ?? 0) - expected)).toBeLessThanOrEqual(expected * 0.05 + 1e-9);
};

describe('GET /api/analytics/dashboard', () => {
  it('refuses visitors with 401 and artists with 403, before reading the query', async () => {
    expect((await dashboard('?hours=24', null)).statusCode).toBe(401);
    expect((await dashboard('?hours=banana', null)).statusCode).toBe(401);
    const refused = await dashboard('?hours=24', artist);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false });
  });

  it.each(['', '?hours=', '?hours=2', '?hours=24.0', '?hours=-1', '?hours=168&hours=1', '?hours=%00'])(
    'answers 400 for %j',
    async (query) => {
      const response = await dashboard(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: ANALYTICS_HOURS_MESSAGE });
    },
  );

  it('answers an empty window: no score, no vitals, no errors, and says the providers were never checked', async () => {
    const response = await dashboard('?hours=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = analyticsDashboardSchema.parse(response.json());
    expect(body.timeWindow).toBe(1);
    expect(body.performanceStats).toMatchObject({
      currentScore: null,
      averageScore: null,
      trend: 'stable',
      coreWebVitals: { lcp: null, fcp: null, cls: null, inp: null, ttfb: null },
      inpByRoute: [],
      sampleCount: 0,
    });
    expect(body.performanceStats.scoreHistory).toHaveLength(PERFORMANCE_BUCKETS);
    expect(body.errorStats).toEqual({
      totalErrors: 0,
      errorsByCategory: {},
      errorsBySeverity: {},
      recentErrors: [],
    });
    expect(body.systemHealth.status).toBe('degraded');
    expect(body.systemHealth.issues).toEqual([
      'The providers have not been checked yet (is JOBS_ENABLED off?)',
    ]);
    expect(body.systemHealth.uptime).toBeGreaterThanOrEqual(0);
  });

  it('computes the 75th percentiles, the score and the page-load count from the rows of the window only', async () => {
    const lcps = [1200, 1800, 2600, 3100, 5200];
    const clss = [0, 0.02, 0.05, 0.3, 0.12];
    for (const [index, lcp] of lcps.entries()) {
      await insertLoad(minutesAgo(10 + index), { LCP: lcp, CLS: clss[index] ?? 0, FCP: 900 + index * 100 });
    }
    // Outside the last hour, inside the last 24: in the earlier half of the day.
    await insertLoad(minutesAgo(13 * 60), { LCP: 90_000, CLS: 3, FCP: 20_000 });

    const hour = analyticsDashboardSchema.parse((await dashboard('?hours=1')).json());
    const expected = {
      LCP: percentileCont(lcps, 0.75),
      CLS: percentileCont(clss, 0.75),
      FCP: percentileCont([900, 1000, 1100, 1200, 1300], 0.75),
    };
    expectNear(hour.performanceStats.coreWebVitals.lcp, expected.LCP);
    expectNear(hour.performanceStats.coreWebVitals.cls, expected.CLS);
    expectNear(hour.performanceStats.coreWebVitals.fcp, expected.FCP);
    expect(hour.performanceStats.coreWebVitals.inp).toBeNull();
    expect(hour.performanceStats.sampleCount).toBe(5);
    // All five loads fall in the last two buckets of the hour (5 minutes each): the average of those
    // buckets' scores; the current score is the newest bucket's.
    const scored = hour.performanceStats.scoreHistory.filter((bucket) => bucket.score !== null);
    expect(scored.length).toBeGreaterThanOrEqual(1);
    expect(hour.performanceStats.currentScore).toBe(scored.at(-1)?.score);
    expect(hour.performanceStats.averageScore).toBe(
      Math.round(scored.reduce((sum, bucket) => sum + (bucket.score ?? 0), 0) / scored.length),
    );

    const day = analyticsDashboardSchema.parse((await dashboard('?hours=24')).json());
    expect(day.performanceStats.sampleCount).toBe(6);
    expectNear(day.performanceStats.coreWebVitals.lcp, percentileCont([...lcps, 90_000], 0.75));
    // Two of the day's 2-hour buckets have loads: the later half's (the fast loads) scores higher
    // than the earlier half's (the slow load).
    expect(day.performanceStats.trend).toBe('improving');
    // The score of the exact percentiles, give or take the point a 5% bin can move it.
    const exactScore =
      computePerformanceScore({ LCP: expected.LCP, CLS: expected.CLS, FCP: expected.FCP }) ?? 0;
    expect(Math.abs((day.performanceStats.currentScore ?? 0) - exactScore)).toBeLessThanOrEqual(1);
  });

  it('gives INP at its 75th percentile per page, the most measured first, from the window only', async () => {
    const submitInps = [80, 120, 160, 240, 400];
    for (const [index, inp] of submitInps.entries()) {
      await insertLoad(minutesAgo(5 + index), { INP: inp, LCP: 1500 }, '/submit');
    }
    await insertLoad(minutesAgo(7), { INP: 900 }, '/admin/board');
    await insertLoad(minutesAgo(8), { INP: 700 }, '/admin/board');
    // A page nobody interacted with sends no INP; a load outside the hour does not count.
    await insertLoad(minutesAgo(9), { LCP: 1200 }, '/faq');
    await insertLoad(minutesAgo(3 * 60), { INP: 5000 }, '/submit');

    const hour = analyticsDashboardSchema.parse((await dashboard('?hours=1')).json());
    const routes = hour.performanceStats.inpByRoute;
    expect(routes.map(({ route, pageLoads }) => ({ route, pageLoads }))).toEqual([
      { route: '/submit', pageLoads: 5 },
      { route: '/admin/board', pageLoads: 2 },
    ]);
    expectNear(routes[0]?.p75, percentileCont(submitInps, 0.75));
    expectNear(routes[1]?.p75, percentileCont([700, 900], 0.75));
    // The overall figure is all pages' together.
    expectNear(hour.performanceStats.coreWebVitals.inp, percentileCont([...submitInps, 900, 700], 0.75));

    const day = analyticsDashboardSchema.parse((await dashboard('?hours=24')).json());
    expect(day.performanceStats.inpByRoute[0]).toMatchObject({ route: '/submit', pageLoads: 6 });
  });

  it('counts errors per category and severity, newest first, with the URL only when there is one', async () => {
    const rows = [
      {
        category: 'submission',
        severity: 'CRITICAL',
        message: 'Failed to upload Tide',
        url: 'https://portal/submit',
        at: 5,
      },
      { category: 'upload', severity: 'HIGH', message: 'Upload timeout', url: null, at: 3 },
      { category: 'upload', severity: 'HIGH', message: 'Network error', url: 'https://portal/submit', at: 8 },
      {
        category: 'server',
        severity: 'HIGH',
        message: 'GET /api/x answered 500',
        url: '/api/x',
        at: 1,
        source: 'server' as const,
      },
      { category: 'playback', severity: 'LOW', message: 'Too old', url: null, at: 24 * 60 + 5 },
    ];
    for (const row of rows) {
      await db()
        .insert(errorReports)
        .values({
          source: row.source ?? 'client',
          category: row.category,
          severity: row.severity,
          message: row.message,
          url: row.url,
          createdAt: minutesAgo(row.at),
        });
    }
    const body = analyticsDashboardSchema.parse((await dashboard('?hours=24')).json());
    expect(body.errorStats.totalErrors).toBe(4);
    expect(body.errorStats.errorsByCategory).toEqual({ submission: 1, upload: 2, server: 1 });
    expect(body.errorStats.errorsBySeverity).toEqual({ CRITICAL: 1, HIGH: 3 });
    expect(body.errorStats.recentErrors.map((error) => error.message)).toEqual([
      'GET /api/x answered 500',
      'Upload timeout',
      'Failed to upload Tide',
      'Network error',
    ]);
    expect(body.errorStats.recentErrors[1]).not.toHaveProperty('url');
    expect(body.errorStats.recentErrors[0]).toMatchObject({
      source: 'server',
      severity: 'HIGH',
      url: '/api/x',
    });

    // The status is about the last hour: a critical error and a server error there make it degraded.
    expect(body.systemHealth.issues).toEqual(
      expect.arrayContaining(['1 critical error in the last hour', '1 server error (5xx) in the last hour']),
    );
    const week = analyticsDashboardSchema.parse((await dashboard('?hours=168')).json());
    expect(week.errorStats.totalErrors).toBe(5);
  });

  it('is healthy when every provider was checked recently and the last hour was quiet', async () => {
    await db()
      .insert(providerStatus)
      .values(
        ['database', 'storage', 'mail', 'board', 'signing', 'catalogue'].map((provider) => ({
          provider,
          status: 'ok',
          implementation: 'test',
        })),
      );
    const body = analyticsDashboardSchema.parse((await dashboard('?hours=24')).json());
    expect(body.systemHealth).toMatchObject({ status: 'healthy', issues: [] });
  });

  it('is degraded while mail is down and unhealthy while storage is, naming each', async () => {
    await db()
      .insert(providerStatus)
      .values([
        { provider: 'database', status: 'ok', implementation: 'PGlite' },
        {
          provider: 'mail',
          status: 'fail',
          implementation: 'SMTP',
          message: 'connect ECONNREFUSED 127.0.0.1:2525',
        },
      ]);
    let body = analyticsDashboardSchema.parse((await dashboard('?hours=1')).json());
    expect(body.systemHealth).toMatchObject({
      status: 'degraded',
      issues: ['Mail is down: connect ECONNREFUSED 127.0.0.1:2525'],
    });
    await db().insert(providerStatus).values({ provider: 'storage', status: 'fail', implementation: 'S3' });
    body = analyticsDashboardSchema.parse((await dashboard('?hours=1')).json());
    expect(body.systemHealth.status).toBe('unhealthy');
    expect(body.systemHealth.issues).toContain('File storage is down');
  });
});

describe('the cache of ended hours', () => {
  const week = async () => analyticsDashboardSchema.parse((await dashboard('?hours=168')).json());

  it('is used: a row written behind the triggers stays unseen until the hour gets a new revision', async () => {
    await insertLoad(minutesAgo(5 * 60), { LCP: 1200 });
    expect((await week()).performanceStats.sampleCount).toBe(1);
    // Bypass the revision triggers: the cached hour must not be read again.
    await db().execute(sql`alter table web_vital_histograms disable trigger user`);
    try {
      await insertLoad(minutesAgo(5 * 60), { LCP: 1300 });
    } finally {
      await db().execute(sql`alter table web_vital_histograms enable trigger user`);
    }
    expect((await week()).performanceStats.sampleCount).toBe(1);
    // Any change the triggers see gives the hour a new revision: it is read again, whole.
    await insertLoad(minutesAgo(5 * 60), { LCP: 1400 });
    expect((await week()).performanceStats.sampleCount).toBe(3);
  });

  it("is warmed with the week's ended hours, which are then not read again", async () => {
    await insertLoad(minutesAgo(100 * 60), { LCP: 2000 });
    const cache = new AnalyticsHourCache();
    await warmAnalyticsCache(db(), cache);
    expect(cache.aggregates.size).toBeGreaterThanOrEqual(7 * 24 - 2);
    await db().execute(sql`alter table web_vital_histograms disable trigger user`);
    try {
      await insertLoad(minutesAgo(100 * 60), { LCP: 2100 });
    } finally {
      await db().execute(sql`alter table web_vital_histograms enable trigger user`);
    }
    const week = await getAnalyticsDashboard(db(), { hours: 168, now: new Date(), uptimeSeconds: 1 }, cache);
    expect(week.performanceStats.sampleCount).toBe(1);
    // Without the cache, both loads.
    const uncached = await getAnalyticsDashboard(db(), { hours: 168, now: new Date(), uptimeSeconds: 1 });
    expect(uncached.performanceStats.sampleCount).toBe(2);
  });

  it('counts the hour a window starts in from its start on, as the start moves through it', async () => {
    const hourMs = 3_600_000;
    // Half past an hour at least an hour ago; the week before it starts at half past too.
    const now = new Date(Math.floor(Date.now() / hourMs) * hourMs - hourMs / 2);
    const start = now.getTime() - 168 * hourMs;
    await insertLoad(new Date(start - 10 * 60_000), { LCP: 1000 });
    await insertLoad(new Date(start + 10 * 60_000), { LCP: 2000 });
    await insertLoad(new Date(start + 20 * 60_000), { LCP: 3000 });
    const cache = new AnalyticsHourCache();
    const at = async (minutesLater: number, withCache: AnalyticsHourCache | undefined) =>
      (
        await getAnalyticsDashboard(
          db(),
          { hours: 168, now: new Date(now.getTime() + minutesLater * 60_000), uptimeSeconds: 1 },
          withCache,
        )
      ).performanceStats.sampleCount;
    expect(await at(0, cache)).toBe(2);
    expect(cache.rows.size).toBe(1);
    expect(await at(15, cache)).toBe(1);
    expect(await at(25, cache)).toBe(0);
    for (const minutes of [0, 15, 25]) expect(await at(minutes, undefined)).toBe(await at(minutes, cache));
  });

  it('sees a value sent again for a page load of an ended hour', async () => {
    const at = minutesAgo(3 * 60);
    await db()
      .insert(webVitals)
      .values({
        pageLoadId: 'late-cls',
        name: 'CLS',
        value: 0.01,
        bin: webVitalBin('CLS', 0.01),
        route: '/',
        deviceType: 'mobile',
        createdAt: at,
      });
    const hour = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
    await db()
      .insert(webVitalHistograms)
      .values({ name: 'CLS', hour, bin: webVitalBin('CLS', 0.01), count: 1 });
    expectNear((await week()).performanceStats.coreWebVitals.cls, 0.01);

    // The page was hidden again hours later and web-vitals sent the grown CLS.
    await recordWebVitals(db(), {
      beacon: { pageLoadId: 'late-cls', route: '/', metrics: [{ name: 'CLS', value: 0.3 }] },
      ip: '203.0.113.9',
      userAgent: undefined,
    });
    const after = await week();
    expectNear(after.performanceStats.coreWebVitals.cls, 0.3);
    expect(after.performanceStats.sampleCount).toBe(1);
  });

  it('sees error events written into an ended hour, deletions and a truncated table', async () => {
    const errorAt = (minutes: number) =>
      db()
        .insert(errorReports)
        .values({
          source: 'job',
          category: 'job',
          severity: 'HIGH',
          message: 'Gave up',
          createdAt: minutesAgo(minutes),
        });
    await errorAt(2 * 60);
    expect((await week()).errorStats.totalErrors).toBe(1);
    await errorAt(2 * 60);
    await errorAt(50 * 60);
    expect((await week()).errorStats.errorsByCategory).toEqual({ job: 3 });

    await db().delete(errorReports).where(sql`${errorReports.createdAt} < now() - interval '1 day'`);
    expect((await week()).errorStats.totalErrors).toBe(2);

    await insertLoad(minutesAgo(4 * 60), { LCP: 1500 });
    expect((await week()).performanceStats.sampleCount).toBe(1);
    await db().execute(sql`truncate web_vital_histograms, web_vitals, error_reports`);
    const emptied = await week();
    expect(emptied.performanceStats.sampleCount).toBe(0);
    expect(emptied.errorStats.totalErrors).toBe(0);
  });
});

describe('GET /api/analytics/errors, paged', () => {
  const IN_WINDOW = 250;
  const idsOf = (body: unknown) => errorEventsResponseSchema.parse(body).errors.map((error) => error.id);
  const errors = (query: string, as: SignedIn | null = staff) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/analytics/errors?${query}`,
      headers: as ? { cookie: as.cookie } : {},
    });

  /** 250 events in the last day (a second apart, with ties) and 3 older than the day. */
  async function seedEvents() {
    const times = [
      ...seededTimes(IN_WINDOW, Date.now() - 23 * 60 * 60_000),
      ...seededTimes(3, Date.now() - 30 * 60 * 60_000),
    ];
    await db()
      .insert(errorReports)
      .values(
        times.map((createdAt, n) => ({
          category: n % 2 ? 'upload' : 'submission',
          severity: n % 3 ? 'HIGH' : 'LOW',
          message: `Event ${n}`,
          createdAt,
        })),
      );
  }

  /** The ids of the events since `since`, newest first (ties: larger id first), or the reverse. */
  async function expectedOrder(since: Date, oldest = false) {
    const direction = oldest ? asc : desc;
    const rows = await db()
      .select({ id: errorReports.id })
      .from(errorReports)
      .where(sql`${errorReports.createdAt} >= ${since}`)
      .orderBy(direction(errorReports.createdAt), direction(errorReports.id));
    return rows.map((row) => row.id);
  }

  it('gives each event of the window exactly once, newest or oldest first; the dashboard shows the first page', async () => {
    await seedEvents();
    const dayAgo = new Date(Date.now() - 24 * 60 * 60_000);
    const expected = await expectedOrder(dayAgo);
    expect(expected).toHaveLength(IN_WINDOW);
    const paged = await pageThrough(ctx.app, staff, '/api/analytics/errors', 'hours=24&limit=30', idsOf);
    expect(paged.ids).toEqual(expected);
    expect(paged.totals).toEqual([IN_WINDOW]);
    const oldest = await pageThrough(
      ctx.app,
      staff,
      '/api/analytics/errors',
      'hours=24&sort=oldest&limit=100',
      idsOf,
    );
    expect(oldest.ids).toEqual(await expectedOrder(dayAgo, true));
    // The week holds the older three too.
    const week = await pageThrough(ctx.app, staff, '/api/analytics/errors', 'hours=168&limit=100', idsOf);
    expect(week.totals).toEqual([IN_WINDOW + 3]);

    const first = errorEventsResponseSchema.parse((await errors('hours=24')).json());
    expect(first.errors).toHaveLength(20);
    const board = analyticsDashboardSchema.parse((await dashboard('?hours=24')).json());
    expect(board.errorStats.recentErrors).toEqual(first.errors);
    expect(board.errorStats.totalErrors).toBe(first.total);
  });

  it('keeps the window and the total of its first page: later events and the passing hours change neither', async () => {
    await seedEvents();
    const now = new Date();
    const deps = { db: db(), cursorKey: ctx.app.signingKey };
    const query = { hours: 24, sort: 'oldest' as const, limit: 100 };
    const first = await readErrorEventsPage(deps, query, now);
    expect(first.total).toBe(IN_WINDOW);
    // An event arrives, and the next pages are read two hours later: the window is still the first page's.
    await db().insert(errorReports).values({ category: 'upload', severity: 'HIGH', message: 'Later' });
    const later = new Date(now.getTime() + 2 * 60 * 60_000);
    const ids = first.errors.map((error) => error.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await readErrorEventsPage(deps, { ...query, cursor }, later);
      expect(page.total).toBe(IN_WINDOW);
      ids.push(...page.errors.map((error) => error.id));
      cursor = page.nextCursor;
    }
    const dayBefore = new Date(now.getTime() - 24 * 60 * 60_000);
    expect(ids).toEqual((await expectedOrder(dayBefore, true)).slice(0, IN_WINDOW));
  });

  it('refuses a tampered cursor, one of another window, list or order, a page too large and an unknown order', async () => {
    await seedEvents();
    const first = errorEventsResponseSchema.parse((await errors('hours=24&limit=5')).json());
    const cursor = first.nextCursor as string;
    await db()
      .insert(waitingListEntries)
      .values(
        [1, 2].map((n) => ({
          firstName: 'Wait',
          surname: 'Ing',
          artistName: `Waiting ${n}`,
          email: `waiting${n}@example.com`,
          country: 'Ireland',
          city: 'Cork',
          listenLink: 'https://example.com/listen',
        })),
      );
    const waiting = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/waiting-list?limit=1',
        headers: { cookie: staff.cookie },
      })
    ).json() as { nextCursor: string };
    await expectRefusals(ctx.app, staff, '/api/analytics/errors', [
      [`hours=24&cursor=${tamper(cursor)}`, INVALID_LIST_CURSOR],
      ['hours=24&cursor=nonsense', INVALID_LIST_CURSOR],
      [`hours=168&cursor=${cursor}`, LIST_CURSOR_MISMATCH],
      [`hours=24&sort=oldest&cursor=${cursor}`, LIST_CURSOR_MISMATCH],
      [`hours=24&cursor=${waiting.nextCursor}`, LIST_CURSOR_MISMATCH],
      ['hours=24&limit=101', PAGE_SIZE_OUT_OF_RANGE],
      ['hours=24&sort=sideways', UNKNOWN_LIST_SORT],
      ['limit=10', ANALYTICS_HOURS_MESSAGE],
    ]);
  });

  it('refuses visitors with 401 and artists with 403, before reading the query', async () => {
    expect((await errors('hours=banana&limit=500', null)).statusCode).toBe(401);
    expect((await errors('hours=24', artist)).statusCode).toBe(403);
  });

  it('reads a page of the window through (created_at, id) (EXPLAIN)', async () => {
    // A week of 20,000 events: on a few hundred rows reading the whole table is cheaper, and the
    // planner rightly ignores any index.
    await db().execute(sql`
      insert into error_reports (category, severity, message, created_at)
      select case when g % 3 = 0 then 'upload' else 'submission' end, 'HIGH', 'Bulk ' || g,
        now() - g * interval '30 seconds'
      from generate_series(1, 20000) g`);
    await db().execute(sql`vacuum analyze error_reports`);
    const window = `created_at >= now() - interval '24 hours' and created_at < now()`;
    const after = `(created_at, id) < (now() - interval '1 hour', '00000000-0000-4000-8000-000000000000'::uuid)`;
    for (const [name, where] of [
      ['first page', window],
      ['a later page', `${window} and ${after}`],
    ] as const) {
      const text = await explain(
        db(),
        `select id from error_reports where ${where} order by created_at desc, id desc limit 21`,
      );
      console.info(`EXPLAIN (error events, ${name}):\n${text}`);
      expect(text).toContain('error_reports_created_at_id_idx');
      expect(text).not.toMatch(/\bSort\b/);
    }
  });
});
