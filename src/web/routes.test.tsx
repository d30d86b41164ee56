import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPublicConfig, NO_SUBMISSION_ID, type SessionUser } from '../domain';
import { appRoutes, pageModulesAt, preloadCurrentPages } from './routes';
import { mockApi } from './test/mock-api';
import { renderRouter } from './test/render-page';

afterEach(() => vi.restoreAllMocks());

const artist: SessionUser = {
  userId: '9a1e2f7c-1111-4a2b-8c3d-5e6f7a8b9c0d',
  email: 'maya@example.com',
  role: 'artist',
  name: 'Maya Rivers',
  artistName: 'Night Bus',
  picture: null,
};

/** The app's own route table, opened at `entry` by a signed-in artist. */
function openApp(entry: string) {
  const api = mockApi(({ url }) =>
    url.pathname === '/api/me'
      ? { status: 200, body: { success: true, user: artist } }
      : url.pathname === '/api/config'
        ? { status: 200, body: { submissionsEnabled: true } }
        : { status: 404, body: { success: false, error: 'Not found' } },
  );
  const router = createMemoryRouter(appRoutes(defaultPublicConfig), { initialEntries: [entry] });
  renderRouter(router);
  return { api, router };
}

describe('the route table', () => {
  it.each(['/submission/', '/submission'])(
    "answers %s, a submission address without an id, with 'No submission ID provided' (spec 000 §2)",
    async (entry) => {
      const { api } = openApp(entry);
      const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
      expect(alert.textContent).toBe(NO_SUBMISSION_ID);
      expect(screen.getByRole('heading', { level: 1, name: 'Submission details' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
      // Nothing to load without an id.
      expect(api.requests.some((r) => r.url.pathname.startsWith('/api/profile/submissions'))).toBe(false);
    },
  );
});

describe('preloadCurrentPages', () => {
  it('fetches the code of the page a data router opened on, where the router keeps it', async () => {
    const router = createMemoryRouter(appRoutes(defaultPublicConfig), { initialEntries: ['/dashboard'] });
    // A data router keeps a route's Component as its element: the page is found there.
    expect(router.state.matches.at(-1)?.route.Component).toBeUndefined();
    const loaded = await preloadCurrentPages(router);
    expect(
      loaded.some((module) => typeof (module as { DashboardPage?: unknown })?.DashboardPage === 'function'),
    ).toBe(true);
  });
});

describe('pageModulesAt', () => {
  it('names the module of the page at a path, by its path under src/web as the build manifest keys it', () => {
    expect(pageModulesAt(defaultPublicConfig, '/submission/0a9f1c2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b')).toEqual([
      'pages/artist/submission-page.tsx',
    ]);
    expect(pageModulesAt(defaultPublicConfig, '/admin/agreement')).toEqual([
      'pages/staff/agreement/agreement-template-page.tsx',
    ]);
    expect(pageModulesAt(defaultPublicConfig, '/no/such/page')).toEqual(['pages/public/not-found-page.tsx']);
  });

  it('names a module that exists and has the page the route shows, for every route', async () => {
    const pages = new Set<{ module?: string; preload?: () => Promise<unknown> }>();
    const walk = (routes: ReturnType<typeof appRoutes>) => {
      for (const route of routes) {
        const page = route.Component as { module?: string; preload?: () => Promise<unknown> } | undefined;
        if (page?.module) pages.add(page);
        if (route.children) walk(route.children);
      }
    };
    walk(appRoutes(defaultPublicConfig));
    expect(pages.size).toBeGreaterThanOrEqual(35);
    // Each load checks that its module exports the component the route names.
    await Promise.all([...pages].map((page) => page.preload?.()));
  }, 60_000);
});
