import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPublicConfig, NO_SUBMISSION_ID, type SessionUser } from '../domain';
import { appRoutes, preloadCurrentPages } from './routes';
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
