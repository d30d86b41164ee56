import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type HealthResponse,
  TEST_DASHBOARD_DEFAULT_DATA,
  TEST_DASHBOARD_TESTS,
  type TestDashboardRunResponse,
} from '../../../domain';
import { mockApi, type RecordedRequest, renderStaffPage } from './board/board-test-helpers';
import { TestDashboardPage } from './test-dashboard-page';

const STAFF = {
  userId: 'f0f0f0f0-0000-4000-8000-000000000001',
  email: 'staff@label.example',
  role: 'staff',
  name: 'Sam Staff',
  artistName: null,
  picture: null,
};

const PROVIDERS: Record<string, string> = {
  health: 'PGlite, local disk, dev outbox, monday.com, built-in signing, offline catalogue',
  'board-connection': 'monday.com',
  'board-columns': 'monday.com',
  'create-test-item': 'monday.com',
  'storage-auth': 'local disk',
  'full-submission': 'local disk, PGlite, monday.com, dev outbox',
  mail: 'dev outbox',
  signing: 'built-in signing',
  catalogue: 'offline catalogue',
};

const testsAnswer = {
  success: true,
  tests: TEST_DASHBOARD_TESTS.map((test) => ({ ...test, provider: PROVIDERS[test.name] })),
};

function healthAnswer(overrides: Partial<HealthResponse['checks']> = {}): HealthResponse {
  const ok = (provider: string, latencyMs: number) => ({ status: 'ok' as const, provider, latencyMs });
  return {
    status: 'ok',
    version: '1.4.0',
    uptimeSeconds: 3600,
    checks: {
      database: ok('PGlite', 2),
      storage: ok('local disk', 3),
      mail: ok('dev outbox', 1),
      board: ok('monday.com', 120),
      signing: ok('built-in signing', 0),
      catalogue: ok('offline catalogue', 0),
      ...overrides,
    },
    issues: [],
  };
}

function result(name: string, overrides: Partial<TestDashboardRunResponse> = {}): TestDashboardRunResponse {
  return {
    name: name as TestDashboardRunResponse['name'],
    result: 'SUCCESS',
    durationMs: 1234,
    detail: `${name} went well`,
    ...overrides,
  };
}

/** The page's API: /api/me, /api/health, the test list, and runs answered by `onRun`. */
function mockDashboard(
  options: {
    health?: { status: number; body: unknown };
    onRun?: (name: string, request: RecordedRequest) => { status: number; body: unknown };
  } = {},
) {
  return mockApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/me') return { status: 200, body: { success: true, user: STAFF } };
    if (path === '/api/health') return options.health ?? { status: 200, body: healthAnswer() };
    if (path === '/api/test-dashboard/tests') return { status: 200, body: testsAnswer };
    const run = /^\/api\/test-dashboard\/tests\/([^/]+)\/run$/.exec(path);
    if (run?.[1] && request.method === 'POST') {
      const name = decodeURIComponent(run[1]);
      return options.onRun?.(name, request) ?? { status: 200, body: result(name) };
    }
    return { status: 404, body: { success: false, error: 'Not found' } };
  });
}

const runRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.pathname.endsWith('/run'));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderPage() {
  return renderStaffPage(TestDashboardPage, '/test-dashboard', '/test-dashboard');
}

describe('the test dashboard', () => {
  it('shows a connection indicator per provider from /api/health', async () => {
    const api = mockDashboard({
      health: {
        status: 200,
        body: {
          ...healthAnswer({
            board: { status: 'fail', provider: 'monday.com', latencyMs: 3001, message: 'board unavailable' },
          }),
          status: 'degraded',
          issues: ['Board unavailable'],
        },
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Integration test dashboard' })).toBeTruthy();
    const connections = screen.getByRole('list', { name: 'Connections' });
    await waitFor(() => expect(connections.textContent).toContain('Imprint 1.4.0'));
    const tiles = within(connections)
      .getAllByRole('listitem')
      .map((tile) => tile.textContent);
    expect(tiles[0]).toMatch(/^ServerImprint 1\.4\.0 \(PGlite\)Connected, \d+ ms \(degraded\)$/);
    expect(tiles.slice(1)).toEqual([
      'Boardmonday.comDown, 3001 ms (board unavailable)',
      'File storagelocal diskConnected, 3 ms',
      'Maildev outboxConnected, 1 ms',
      'Signingbuilt-in signingConnected, 0 ms',
      'Music catalogueoffline catalogueConnected, 0 ms',
    ]);

    // Refresh asks again.
    const before = api.requests.filter((request) => request.url.pathname === '/api/health').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(api.requests.filter((request) => request.url.pathname === '/api/health').length).toBe(
        before + 1,
      ),
    );
  });

  it('counts a 503 as an answer: the server is up, storage is down', async () => {
    mockDashboard({
      health: {
        status: 503,
        body: {
          ...healthAnswer({
            storage: { status: 'fail', provider: 'S3', latencyMs: 3000, message: 'storage unavailable' },
          }),
          status: 'fail',
          issues: ['File storage unavailable'],
        },
      },
    });
    renderPage();
    const connections = screen.getByRole('list', { name: 'Connections' });
    await waitFor(() => expect(connections.textContent).toContain('(cannot serve)'));
    expect(connections.textContent).toContain('File storageS3Down, 3000 ms (storage unavailable)');
  });

  it('shows the server down when /api/health does not answer', async () => {
    mockApi((request) => {
      if (request.url.pathname === '/api/health') throw new TypeError('Failed to fetch');
      if (request.url.pathname === '/api/me') return { status: 200, body: { success: true, user: STAFF } };
      return { status: 200, body: testsAnswer };
    });
    renderPage();
    const connections = screen.getByRole('list', { name: 'Connections' });
    await waitFor(() =>
      expect(connections.textContent).toContain('ServerImprintDown (Failed to connect to server)'),
    );
    expect(connections.textContent).toContain('BoardNot knownUnknown');
  });

  it('fills the test data with the defaults and the staff member’s own address', async () => {
    mockDashboard();
    renderPage();
    const data = screen.getByRole('region', { name: 'Editable test data' });
    await waitFor(() =>
      expect((within(data).getByLabelText('E-mail') as HTMLInputElement).value).toBe(STAFF.email),
    );
    expect((within(data).getByLabelText('Artist name') as HTMLInputElement).value).toBe(
      TEST_DASHBOARD_DEFAULT_DATA.artistName,
    );
    expect((within(data).getByLabelText('First name') as HTMLInputElement).value).toBe('Test');
    expect((within(data).getByLabelText('Surname') as HTMLInputElement).value).toBe('Artist');
    expect((within(data).getByLabelText('Release title') as HTMLInputElement).value).toBe(
      TEST_DASHBOARD_DEFAULT_DATA.releaseTitle,
    );
  });

  it('lists every test with its provider, runs one with the test data and shows SUCCESS', async () => {
    const api = mockDashboard({
      onRun: (name) => ({
        status: 200,
        body: result(name, { durationMs: 2345, detail: 'Connected to monday.com as Sam (account Label).' }),
      }),
    });
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Tests' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(
      TEST_DASHBOARD_TESTS.map((test) => test.label),
    );
    const board = screen.getByRole('article', { name: 'Board connection test' });
    expect(board.textContent).toContain('Provider: monday.com');
    expect(board.textContent).toContain(TEST_DASHBOARD_TESTS[1].description);

    const data = screen.getByRole('region', { name: 'Editable test data' });
    await waitFor(() =>
      expect((within(data).getByLabelText('E-mail') as HTMLInputElement).value).toBe(STAFF.email),
    );
    await user.clear(within(data).getByLabelText('Artist name'));
    await user.type(within(data).getByLabelText('Artist name'), 'Night Bus');

    await user.click(within(board).getByRole('button', { name: 'Run Board connection test' }));
    await within(board).findByText('SUCCESS');
    expect(within(board).getByText('2,345 ms')).toBeTruthy();
    expect(within(board).getByLabelText('Board connection test detail').textContent).toBe(
      'Connected to monday.com as Sam (account Label).',
    );
    const runs = runRequests(api.requests);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.url.pathname).toBe('/api/test-dashboard/tests/board-connection/run');
    expect(runs[0]?.body).toEqual({
      testData: {
        artistName: 'Night Bus',
        firstName: 'Test',
        surname: 'Artist',
        email: STAFF.email,
        releaseTitle: TEST_DASHBOARD_DEFAULT_DATA.releaseTitle,
      },
    });
  });

  it('shows FAILED with the provider’s own words', async () => {
    mockDashboard({
      onRun: (name) => ({
        status: 200,
        body: result(name, {
          result: 'FAILED',
          durationMs: 12,
          detail: 'monday.com could not be reached: fetch failed',
        }),
      }),
    });
    const user = userEvent.setup();
    renderPage();
    const board = await screen.findByRole('article', { name: 'Board connection test' });
    await user.click(within(board).getByRole('button', { name: 'Run Board connection test' }));
    const chip = await within(board).findByText('FAILED');
    expect(chip.closest('.MuiChip-colorError')).toBeTruthy();
    expect(within(board).getByText('12 ms')).toBeTruthy();
    expect(within(board).getByLabelText('Board connection test detail').textContent).toBe(
      'monday.com could not be reached: fetch failed',
    );
  });

  it('is busy while a test runs: a spinner, and the button cannot be pressed again', async () => {
    const { spy } = mockDashboard();
    let answer: ((response: Response) => void) | undefined;
    const passThrough = spy.getMockImplementation();
    spy.mockImplementation(async (input, init) => {
      // The run waits for the test to say; everything else is answered at once.
      if (String(input).endsWith('/run'))
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      if (!passThrough) throw new Error('no mock');
      return passThrough(input, init);
    });
    const user = userEvent.setup();
    renderPage();
    const storage = await screen.findByRole('article', { name: 'Storage authentication' });
    await user.click(within(storage).getByRole('button', { name: 'Run Storage authentication' }));
    const busy = await within(storage).findByRole('button', { name: 'Running Storage authentication' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(within(busy).getByRole('progressbar')).toBeTruthy();
    answer?.(
      new Response(
        JSON.stringify(result('storage-auth', { detail: 'Wrote, read back and deleted a probe.' })),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    await within(storage).findByText('SUCCESS');
    expect(
      (within(storage).getByRole('button', { name: 'Run Storage authentication' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it('shows a failed request (429) in an alert on that card', async () => {
    mockDashboard({
      onRun: () => ({
        status: 429,
        body: { success: false, error: 'Too many test runs. Wait a minute and try again.' },
      }),
    });
    const user = userEvent.setup();
    renderPage();
    const mail = await screen.findByRole('article', { name: 'Mail test' });
    await user.click(within(mail).getByRole('button', { name: 'Run Mail test' }));
    const alert = await within(mail).findByRole('alert');
    expect(alert.textContent).toBe(
      'The test could not be run: Too many test runs. Wait a minute and try again. (HTTP 429)',
    );
    expect(within(mail).queryByText('SUCCESS')).toBeNull();
  });

  it('runs all tests in order from the keyboard', async () => {
    const api = mockDashboard();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: 'Tests' });
    const runAll = screen.getByRole('button', { name: 'Run all' });
    runAll.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByText('SUCCESS')).toHaveLength(TEST_DASHBOARD_TESTS.length));
    expect(runRequests(api.requests).map((request) => request.url.pathname.split('/')[4])).toEqual(
      TEST_DASHBOARD_TESTS.map((test) => test.name),
    );
    expect(screen.getByRole('article', { name: 'Full submission test' }).textContent).toContain(
      'full-submission went well',
    );
  });

  it('refuses a bad e-mail in the test data before running anything', async () => {
    const api = mockDashboard();
    const user = userEvent.setup();
    renderPage();
    const data = screen.getByRole('region', { name: 'Editable test data' });
    const email = within(data).getByLabelText('E-mail');
    await waitFor(() => expect((email as HTMLInputElement).value).toBe(STAFF.email));
    await user.clear(email);
    await user.type(email, 'not-an-address');
    const mail = await screen.findByRole('article', { name: 'Mail test' });
    await user.click(within(mail).getByRole('button', { name: 'Run Mail test' }));
    expect(await screen.findByText('Enter a valid e-mail address, or leave it blank')).toBeTruthy();
    expect(screen.getByText('Correct the test data first.')).toBeTruthy();
    expect(runRequests(api.requests)).toHaveLength(0);
    // Fixing the field clears the message; a blank address means "my own".
    await user.clear(email);
    expect(screen.queryByText('Enter a valid e-mail address, or leave it blank')).toBeNull();
    await user.click(within(mail).getByRole('button', { name: 'Run Mail test' }));
    await within(mail).findByText('SUCCESS');
    expect(runRequests(api.requests)[0]?.body).toMatchObject({ testData: { email: '' } });
  });

  it('offers Retry when the tests cannot be loaded', async () => {
    let fail = true;
    mockApi((request) => {
      if (request.url.pathname === '/api/me') return { status: 200, body: { success: true, user: STAFF } };
      if (request.url.pathname === '/api/health') return { status: 200, body: healthAnswer() };
      if (fail) return { status: 500, body: { success: false, error: 'Internal server error' } };
      return { status: 200, body: testsAnswer };
    });
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The tests could not be loaded: Internal server error');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Tests' })).toBeTruthy();
  });
});
