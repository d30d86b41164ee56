import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsDashboard, ErrorEventSummary } from '../../../domain';
import { AnalyticsPage } from './analytics-page';
import { mockApi, type RecordedRequest, renderStaffPage } from './board/board-test-helpers';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function dashboard(overrides: Partial<AnalyticsDashboard> = {}): AnalyticsDashboard {
  return {
    systemHealth: { status: 'degraded', uptime: 273_900, issues: ['Mail is down: connect ECONNREFUSED'] },
    performanceStats: {
      currentScore: 87,
      averageScore: 81,
      trend: 'improving',
      coreWebVitals: { lcp: 2140, fcp: 950, cls: null, inp: 520, ttfb: null },
      inpByRoute: [
        { route: '/submit', p75: 180, pageLoads: 300 },
        { route: '/admin/board', p75: 640, pageLoads: 40 },
      ],
      sampleCount: 412,
      scoreHistory: [],
    },
    errorStats: {
      totalErrors: 7,
      errorsByCategory: { upload: 4, server: 2, submission: 1 },
      errorsBySeverity: { CRITICAL: 1, HIGH: 6 },
      recentErrors: [
        {
          id: '0b6c1a52-8f0e-4f7a-9d5e-0d1c2b3a4f50',
          timestamp: '2026-11-25T10:15:00.000Z',
          severity: 'CRITICAL',
          category: 'submission',
          source: 'client',
          message: 'Failed to upload Tide: Network error',
          url: 'https://portal.example/submit',
        },
        {
          id: '5e2d9b71-3c4a-4b8e-8f61-7a9c0d1e2f33',
          timestamp: '2026-11-25T10:10:00.000Z',
          severity: 'HIGH',
          category: 'server',
          source: 'server',
          message: 'GET /api/board/items answered 500',
        },
      ],
    },
    declineReasons: [],
    feedbackRatings: { byReviewer: [], byTemplate: [] },
    timeWindow: 24,
    timestamp: '2026-11-25T10:20:00.000Z',
    ...overrides,
  };
}

const DASHBOARD_PATH = '/api/analytics/dashboard';
const ERRORS_PATH = '/api/analytics/errors';
const to = (path: string) => (request: RecordedRequest) => request.url.pathname === path;

/** A page of GET /api/analytics/errors. */
function errorsPage(errors: ErrorEventSummary[], more: { nextCursor?: string; total?: number } = {}) {
  return { success: true, errors, nextCursor: more.nextCursor ?? null, total: more.total ?? errors.length };
}

/** The dashboard at its path, and its recent errors as the first (and only) page of the error list. */
function answer(body: AnalyticsDashboard) {
  return (request: RecordedRequest) =>
    request.url.pathname === ERRORS_PATH
      ? { status: 200, body: errorsPage(body.errorStats.recentErrors) }
      : { status: 200, body };
}

describe('the analytics dashboard', () => {
  it('shows a spinner, then the cards, issues, vitals (N/A when missing), the chart as a table and the recent errors', async () => {
    const api = mockApi(answer(dashboard()));
    renderStaffPage(AnalyticsPage, '/analytics', '/analytics');
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading...');

    const status = await screen.findByRole('region', { name: 'System status' });
    expect(status.textContent).toContain('Degraded');
    expect(status.textContent).toContain('Uptime: 3 d 4 h');
    const score = screen.getByRole('region', { name: 'Performance score' });
    expect(score.textContent).toContain('87');
    expect(score.textContent).toContain('Average: 81');
    expect(within(score).getByLabelText('Trend: Improving')).toBeTruthy();
    expect(score.textContent).toContain('From 412 page loads');
    expect(screen.getByRole('region', { name: 'Errors' }).textContent).toContain('7');
    expect(screen.getByRole('region', { name: 'Active issues' }).textContent).toContain(
      'Mail is down: connect ECONNREFUSED',
    );

    const vitals = screen.getByRole('list', { name: 'Core web vitals' });
    const items = within(vitals).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.split('Good')[0])).toEqual([
      'LCP2.14 s',
      'FCP950 ms',
      'CLSN/ANot measured',
      'INP520 msPoor',
      'TTFBN/ANot measured',
    ]);

    // INP per page, rated against the 200 ms goal.
    const perPage = screen.getByRole('table', { name: /Interaction to Next Paint per page/ });
    expect(
      within(perPage)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['/submit180 msGood300', '/admin/board640 msPoor40']);

    const chartTable = screen.getByRole('table', { name: 'Errors per category' });
    expect(
      within(chartTable)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Upload4', 'Server (5xx)2', 'Submission1']);

    const recent = screen.getByRole('region', { name: 'Recent errors' });
    const rows = within(recent).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('CRITICAL');
    expect(rows[0]?.textContent).toContain('Failed to upload Tide: Network error');
    expect(rows[0]?.textContent).toContain('https://portal.example/submit');
    expect(rows[1]?.textContent).toContain('Server (5xx)');
    expect(rows[1]?.textContent?.endsWith('N/A')).toBe(true);
    expect(screen.getByText(/Last updated:/)).toBeTruthy();
    expect(api.requests.find(to(DASHBOARD_PATH))?.url.search).toBe('?hours=24');
    const errorList = api.requests.find(to(ERRORS_PATH));
    expect(errorList?.url.searchParams.get('hours')).toBe('24');
    expect(errorList?.url.searchParams.get('limit')).toBe('20');
    // The whole window fits in the table: no count, nothing more to load.
    expect(within(recent).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Decline reasons' }).textContent).toContain(
      'No submissions were declined in this window.',
    );
  });

  it('counts the declines of the window per template, those without one by themselves', async () => {
    mockApi(
      answer(
        dashboard({
          declineReasons: [
            { templateId: '6c1e2f7c-3333-4a2b-8c3d-5e6f7a8b9c01', name: 'Not the right fit', count: 3 },
            { templateId: null, name: 'Without a template', count: 1 },
          ],
        }),
      ),
    );
    renderStaffPage(AnalyticsPage, '/analytics', '/analytics');
    const reasons = await screen.findByRole('region', { name: 'Decline reasons' });
    const table = within(reasons).getByRole('table');
    expect(within(table).getByText('4 declines in this window, by the template sent')).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ReasonDeclines', 'Not the right fit3', 'Without a template1']);
  });

  it('shows the ratings of answers per reviewer and per template as a chart with a table, or none yet', async () => {
    mockApi(
      answer(
        dashboard({
          feedbackRatings: {
            byReviewer: [
              {
                id: 'a1b2c3d4-1111-4a2b-8c3d-5e6f7a8b9c01',
                name: 'Rita Reviewer',
                count: 3,
                average: 4.33,
                distribution: [0, 0, 0, 2, 1],
              },
              { id: null, name: 'Without a reviewer', count: 1, average: 2, distribution: [0, 1, 0, 0, 0] },
            ],
            byTemplate: [
              {
                id: '6c1e2f7c-3333-4a2b-8c3d-5e6f7a8b9c01',
                name: 'Not the right fit',
                count: 4,
                average: 3.75,
                distribution: [0, 1, 0, 2, 1],
              },
            ],
          },
        }),
      ),
    );
    renderStaffPage(AnalyticsPage, '/analytics', '/analytics');
    const section = await screen.findByRole('region', { name: 'Ratings of answers' });
    const [reviewers, templates] = within(section).getAllByRole('table');
    expect(
      within(reviewers as HTMLElement)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ReviewerRatingsAverage1 star2 stars3 stars4 stars5 stars',
      'Rita Reviewer34.300021',
      'Without a reviewer12.001000',
    ]);
    expect(
      within(templates as HTMLElement).getByRole('rowheader', { name: 'Not the right fit' }),
    ).toBeTruthy();
    expect(within(section).getByRole('heading', { level: 3, name: 'Per template' })).toBeTruthy();
  });

  it('says "No ratings yet" when no answer was rated in the window', async () => {
    mockApi(answer(dashboard()));
    renderStaffPage(AnalyticsPage, '/analytics', '/analytics');
    const section = await screen.findByRole('region', { name: 'Ratings of answers' });
    expect(section.textContent).toContain('No ratings yet');
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('asks for the chosen window and keeps it in the address', async () => {
    const api = mockApi((request) =>
      answer(dashboard({ timeWindow: Number(request.url.searchParams.get('hours')) }))(request),
    );
    const { router } = renderStaffPage(AnalyticsPage, '/analytics', '/analytics?hours=1');
    await screen.findByRole('region', { name: 'System status' });
    expect(api.requests.filter(to(DASHBOARD_PATH)).at(-1)?.url.search).toBe('?hours=1');
    expect(screen.getByRole('button', { name: 'Last Hour' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Last Week' }));
    await waitFor(() =>
      expect(api.requests.filter(to(DASHBOARD_PATH)).at(-1)?.url.search).toBe('?hours=168'),
    );
    await waitFor(() =>
      expect(api.requests.filter(to(ERRORS_PATH)).at(-1)?.url.searchParams.get('hours')).toBe('168'),
    );
    expect(router.state.location.search).toBe('?hours=168');
    expect(screen.getByRole('button', { name: 'Last Week' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("shows the spec's error with Retry, which asks again", async () => {
    let fail = true;
    const api = mockApi((request) =>
      fail
        ? { status: 500, body: { success: false, error: 'Internal server error' } }
        : answer(dashboard())(request),
    );
    renderStaffPage(AnalyticsPage, '/analytics', '/analytics');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch dashboard data');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'System status' })).toBeTruthy();
    expect(api.requests.filter(to(DASHBOARD_PATH))).toHaveLength(2);
  });

  it('says so when the window has no data, and when there are no errors or issues', async () => {
    mockApi(
      answer(
        dashboard({
          systemHealth: { status: 'healthy', uptime: 42, issues: [] },
          performanceStats: {
            currentScore: null,
            averageScore: null,
            trend: 'stable',
            coreWebVitals: { lcp: null, fcp: null, cls: null, inp: null, ttfb: null },
            inpByRoute: [],
            sampleCount: 0,
            scoreHistory: [],
          },
          errorStats: { totalErrors: 0, errorsByCategory: {}, errorsBySeverity: {}, recentErrors: [] },
        }),
      ),
    );
    renderStaffPage(AnalyticsPage, '/analytics', '/analytics');
    expect((await screen.findByText(/No dashboard data available\./)).textContent).toContain(
      'No page loads or errors were recorded in this window yet',
    );
    expect(screen.getByText('No active issues.')).toBeTruthy();
    expect(screen.getByText('No recent errors.')).toBeTruthy();
    expect(screen.getByText(/^No interactions measured in this window/)).toBeTruthy();
    expect(screen.getByText('No errors in this window.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Performance score' }).textContent).toContain('N/A');
  });

  it('shows more of the window’s errors with Load more, and Refresh reads the list again', async () => {
    const [first, second] = dashboard().errorStats.recentErrors;
    if (!first || !second) throw new Error('fixture errors missing');
    const older: ErrorEventSummary = {
      id: '9c8b7a65-4d3e-4f21-8a0b-1c2d3e4f5a6b',
      timestamp: '2026-11-25T09:00:00.000Z',
      severity: 'LOW',
      category: 'upload',
      source: 'client',
      message: 'Upload paused by the browser',
    };
    const api = mockApi((request) => {
      if (request.url.pathname !== ERRORS_PATH) return { status: 200, body: dashboard() };
      return request.url.searchParams.get('cursor') === 'page-2'
        ? { status: 200, body: errorsPage([older], { total: 3 }) }
        : { status: 200, body: errorsPage([first, second], { nextCursor: 'page-2', total: 3 }) };
    });
    const user = userEvent.setup();
    renderStaffPage(AnalyticsPage, '/analytics', '/analytics');
    const recent = await screen.findByRole('region', { name: 'Recent errors' });
    expect(await within(recent).findByText('Showing 2 of 3 errors')).toBeTruthy();
    await user.click(within(recent).getByRole('button', { name: 'Load more' }));
    expect(await within(recent).findByText('Upload paused by the browser')).toBeTruthy();
    expect(within(recent).getAllByRole('row').slice(1)).toHaveLength(3);
    expect(within(recent).getByText('Showing 3 of 3 errors')).toBeTruthy();
    expect(api.requests.filter(to(ERRORS_PATH)).at(-1)?.url.searchParams.get('cursor')).toBe('page-2');

    const before = api.requests.filter(to(ERRORS_PATH)).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.requests.filter(to(ERRORS_PATH)).length).toBeGreaterThan(before));
  });
});
