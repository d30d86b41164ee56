import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Submission } from '../../../domain';
import {
  completeProfile,
  ITEM_IDS,
  imageMappingFor,
  jpegVariantOf,
  mockApi,
  type ProfileData,
  profile,
  renderArtistPage,
  submission,
} from './common/artist-test-helpers';
import { DashboardPage } from './dashboard-page';

afterEach(() => vi.restoreAllMocks());

const submissions: Submission[] = [
  submission(),
  submission({
    itemId: ITEM_IDS.inProgress,
    releaseTitle: 'Night Swim',
    releaseType: 'single',
    status: 'in_progress',
    releaseDate: undefined,
    artworkUrl: undefined,
    mediaLinks: [],
    transferMetadata: {
      releases: [{ title: 'Night Swim', artworkUrl: 'https://i.scdn.co/image/night-swim' }],
    },
  }),
  submission({
    itemId: ITEM_IDS.approved,
    releaseTitle: 'Golden Hour',
    releaseType: 'lp',
    status: 'approved',
    artworkUrl: undefined,
    mediaLinks: [],
  }),
  submission({
    itemId: ITEM_IDS.rejected,
    releaseTitle: 'Static',
    releaseType: 'mixtape',
    status: 'rejected',
  }),
];

/** GET /api/profile/submissions's answer: one page holding them all unless told otherwise. */
function pageOf(list: Submission[], page: { nextCursor?: string; total?: number } = {}) {
  return {
    success: true,
    submissions: list,
    nextCursor: page.nextCursor ?? null,
    total: page.total ?? list.length,
  };
}

function serve(options: {
  profile?: ProfileData;
  submissions?: Submission[];
  fail?: 'profile' | 'submissions';
}) {
  return mockApi(({ url }) => {
    if (url.pathname === '/api/artist/profile') {
      return options.fail === 'profile'
        ? { status: 500, body: { success: false, error: 'Internal Server Error' } }
        : { status: 200, body: { success: true, profile: options.profile ?? profile() } };
    }
    if (url.pathname === '/api/profile/submissions') {
      return options.fail === 'submissions'
        ? { status: 500, body: { success: false, error: 'Internal Server Error' } }
        : { status: 200, body: pageOf(options.submissions ?? submissions) };
    }
    if (url.pathname === '/api/contracts/current') {
      const signed = (options.profile ?? profile()).hasSignedContract;
      const requestId = '5e6f7a8b-1c2d-4e3f-9a0b-1c2d3e4f5a6b';
      return {
        status: 200,
        body: {
          success: true,
          artistId: '9a1e2f7c-2222-4a2b-8c3d-5e6f7a8b9c0d',
          hasSignedContract: signed,
          ...(signed
            ? {
                contractSignatureId: requestId,
                signatureRequest: { id: requestId, status: 'signed', signedAt: '2026-11-21T09:30:00.000Z' },
              }
            : {}),
        },
      };
    }
    // The Contract Signing tab's release schedules: none yet (release-schedule-list.test.tsx lists some).
    if (url.pathname === '/api/release-schedules/mine')
      return { status: 200, body: { success: true, schedules: [] } };
    if (url.pathname === '/files/optimized/image-mapping.json')
      return { status: 200, body: imageMappingFor(url) };
    return { status: 404, body: { success: false, error: 'Not found' } };
  });
}

function card(title: string) {
  return screen.getByRole('article', { name: title });
}

function term(container: HTMLElement, label: string) {
  return within(container)
    .getAllByRole('term')
    .find((dt) => dt.textContent === label)?.nextElementSibling?.textContent;
}

describe('the dashboard tab query', () => {
  it.each(['2', 'abc', '-1', '1.5', ''])(
    'rewrites ?tab=%s to tab=0 without a history entry',
    async (value) => {
      serve({});
      const { router } = renderArtistPage(DashboardPage, '/dashboard', `/dashboard?tab=${value}`);
      await waitFor(() => expect(router.state.location.search).toBe('?tab=0'));
      expect(router.state.historyAction).toBe('REPLACE');
      expect(screen.getByRole('tab', { name: 'Dashboard' }).getAttribute('aria-selected')).toBe('true');
    },
  );

  it('keeps a valid tab, and no tab at all means the Dashboard tab', async () => {
    serve({});
    const { router } = renderArtistPage(DashboardPage, '/dashboard', '/dashboard');
    expect(screen.getByRole('tab', { name: 'Dashboard' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('article', { name: 'Paper Planes' });
    expect(router.state.location.search).toBe('');
  });

  it('opens Contract Signing from ?tab=1 and switches tabs through the URL', async () => {
    serve({});
    const { router } = renderArtistPage(DashboardPage, '/dashboard', '/dashboard?tab=1');
    expect(screen.getByRole('tab', { name: 'Contract Signing' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Artist agreement' })).toBeTruthy();
    // The agreement panel itself is tested in contract/contract-panel.test.tsx.
    expect(
      within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Review and Sign Agreement' }),
    ).toBeTruthy();
    // Beside it, the release schedules (dashboard/release-schedule-list.test.tsx).
    const schedules = await screen.findByRole('region', { name: 'Release schedules' }, { timeout: 5_000 });
    expect(schedules.textContent).toContain('No release schedules yet.');

    await userEvent.click(screen.getByRole('tab', { name: 'Dashboard' }));
    expect(router.state.location.search).toBe('?tab=0');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your Submissions' })).toBeTruthy();
  });

  it('shows the signed agreement as Agreement Signed', async () => {
    serve({ profile: profile({ hasSignedContract: true }) });
    renderArtistPage(DashboardPage, '/dashboard', '/dashboard?tab=1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Agreement Signed' })).toBeTruthy();
  });
});

describe('the profile card', () => {
  it('shows every field, the chips, the completion and the Complete Profile button', async () => {
    const api = serve({
      profile: profile({
        nationality: 'British',
        biography: 'Songs written on the night bus.',
        spotifyProfile: 'https://open.spotify.com/artist/1a2b3c4d5e6f7g8h9i0j1k',
        pplId: 'AB12345',
        completion: 72,
      }),
    });
    renderArtistPage(DashboardPage, '/dashboard', '/dashboard');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Maya Rivers' });
    const profileCard = heading.closest('section') as HTMLElement;
    expect(
      api.requests
        .map((request) => request.url.pathname)
        .filter((path) => path.startsWith('/api/'))
        .sort(),
    ).toEqual(['/api/artist/profile', '/api/config', '/api/profile/submissions']);

    expect(profileCard.textContent).toContain('Nationality: British');
    expect(profileCard.textContent).toContain('Based in London, United Kingdom');
    expect(within(profileCard).getByText('5 submissions')).toBeTruthy();
    expect(within(profileCard).getByText('Active')).toBeTruthy();

    const bar = within(profileCard).getByRole('progressbar', { name: 'Profile completion' });
    expect(bar.getAttribute('aria-valuenow')).toBe('72');
    expect(bar.className).toContain('MuiLinearProgress-colorPrimary');
    expect(within(profileCard).getByText('72%')).toBeTruthy();
    expect(within(profileCard).getByRole('link', { name: 'Complete Profile' }).getAttribute('href')).toBe(
      '/edit-profile',
    );

    expect(within(profileCard).getByRole('region', { name: 'Biography' }).textContent).toContain(
      'Songs written on the night bus.',
    );
    const links = within(profileCard).getByRole('region', { name: 'Links' });
    const anchors = within(links).getAllByRole('link');
    // Only the links the artist filled in, in the service order.
    expect(anchors.map((a) => a.textContent)).toEqual([
      'Spotify (opens in a new tab)',
      'Instagram (opens in a new tab)',
      'Website (opens in a new tab)',
    ]);
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual([
      'https://open.spotify.com/artist/1a2b3c4d5e6f7g8h9i0j1k',
      'https://instagram.com/mayarivers',
      'https://mayarivers.example/',
    ]);
    for (const anchor of anchors) {
      expect(anchor.getAttribute('target')).toBe('_blank');
      expect(anchor.getAttribute('rel')).toContain('noopener');
    }
    expect(within(profileCard).getByRole('region', { name: 'Account' }).textContent).toContain(
      'maya@example.com',
    );
    const rights = within(profileCard).getByRole('region', { name: 'Music Rights' });
    expect(term(rights, 'PPL ID')).toBe('AB12345');
    expect(term(rights, 'PRS ID')).toBe('Not added');
  });

  it('turns the bar green at 100% and offers Edit Profile', async () => {
    serve({ profile: completeProfile() });
    renderArtistPage(DashboardPage, '/dashboard', '/dashboard');
    const bar = await screen.findByRole('progressbar', { name: 'Profile completion' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.className).toContain('MuiLinearProgress-colorSuccess');
    expect(screen.getByText('100%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/edit-profile');
    expect(screen.queryByRole('link', { name: 'Complete Profile' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Picture of Maya Rivers' }).getAttribute('src')).toBe(
        jpegVariantOf(completeProfile().picture),
      ),
    );
  });

  it("falls back to the person's name, then 'User', and counts one submission", async () => {
    serve({
      profile: profile({ artistName: undefined, name: undefined, submissionCount: 1 }),
      submissions: [],
    });
    renderArtistPage(DashboardPage, '/dashboard', '/dashboard');
    expect(await screen.findByRole('heading', { level: 2, name: 'User' })).toBeTruthy();
    expect(screen.getByText('1 submission')).toBeTruthy();
  });
});

describe('your submissions', () => {
  it('shows each card with artwork, type, status, dates and the right buttons', async () => {
    serve({});
    renderArtistPage(DashboardPage, '/dashboard', '/dashboard');

    const pending = await screen.findByRole('article', { name: 'Paper Planes' });
    // The cover through its variants: the smallest that fills 72 px (112 px from 600 px wide) wins.
    await waitFor(() =>
      expect(within(pending).getByRole('img', { name: 'Artwork for Paper Planes' }).getAttribute('src')).toBe(
        jpegVariantOf(submission().artworkUrl),
      ),
    );
    const cover = within(pending).getByRole('img', { name: 'Artwork for Paper Planes' });
    expect(cover.getAttribute('sizes')).toBe('(min-width: 600px) 112px, 72px');
    expect([...(cover.parentElement?.querySelectorAll('source') ?? [])].map((s) => s.type)).toEqual([
      'image/avif',
      'image/webp',
    ]);
    expect(pending.textContent).toContain('EP');
    const pendingChip = within(pending).getByText('Pending').closest('.MuiChip-root');
    expect(pendingChip?.className).toContain('MuiChip-colorWarning');
    expect(term(pending, 'Release Date')).toBe('March 5, 2027');
    expect(term(pending, 'Submitted')).toMatch(/^November 2[01], 2026$/);
    expect(within(pending).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(
      `/submission/${ITEM_IDS.pending}`,
    );
    expect(within(pending).queryByRole('link', { name: 'Complete Release Details' })).toBeNull();

    // In progress: both buttons lead to the release details (spec 000 §2); no date yet is TBD;
    // the artwork comes from the transferred release.
    const inProgress = card('Night Swim');
    expect(inProgress.textContent).toContain('Single');
    expect(within(inProgress).getByText('In Progress').closest('.MuiChip-root')?.className).toContain(
      'MuiChip-colorWarning',
    );
    expect(term(inProgress, 'Release Date')).toBe('TBD');
    expect(within(inProgress).getByRole('img', { name: 'Artwork for Night Swim' }).getAttribute('src')).toBe(
      'https://i.scdn.co/image/night-swim',
    );
    expect(
      within(inProgress).getByRole('link', { name: 'Complete Release Details' }).getAttribute('href'),
    ).toBe(`/release-details/${ITEM_IDS.inProgress}`);
    expect(within(inProgress).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(
      `/release-details/${ITEM_IDS.inProgress}`,
    );

    const approved = card('Golden Hour');
    expect(approved.textContent).toContain('Album');
    expect(within(approved).getByText('Approved').closest('.MuiChip-root')?.className).toContain(
      'MuiChip-colorSuccess',
    );
    expect(within(approved).getByRole('img', { name: 'No artwork for Golden Hour' })).toBeTruthy();
    expect(within(approved).queryByRole('link', { name: 'Complete Release Details' })).toBeNull();

    const rejected = card('Static');
    // A type the display rules do not know shows as given.
    expect(rejected.textContent).toContain('mixtape');
    expect(within(rejected).getByText('Rejected').closest('.MuiChip-root')?.className).toContain(
      'MuiChip-colorError',
    );
  });

  it('names each View Details button by its submission for screen readers', async () => {
    serve({});
    renderArtistPage(DashboardPage, '/dashboard', '/dashboard');
    const button = within(await screen.findByRole('article', { name: 'Golden Hour' })).getByRole('link', {
      name: 'View Details',
    });
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Golden Hour',
    );
  });

  it('says so when there are none, with a way to submit', async () => {
    serve({ submissions: [], profile: profile({ submissionCount: 0 }) });
    renderArtistPage(DashboardPage, '/dashboard', '/dashboard');
    expect(await screen.findByText("You don't have any submissions yet.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Submit Music' }).getAttribute('href')).toBe('/submit');
    expect(screen.getByText('0 submissions')).toBeTruthy();
  });
});

describe('more than a page of submissions', () => {
  type Answer = { status: number; body: unknown };
  /** The profile and the covers as usual; the submissions from `pageFor` by the cursor asked for. */
  function servePages(pageFor: (cursor: string | null) => Answer) {
    return mockApi(({ url }) => {
      if (url.pathname === '/api/artist/profile')
        return { status: 200, body: { success: true, profile: profile() } };
      if (url.pathname === '/api/profile/submissions') return pageFor(url.searchParams.get('cursor'));
      if (url.pathname === '/files/optimized/image-mapping.json')
        return { status: 200, body: imageMappingFor(url) };
      return { status: 404, body: { success: false, error: 'Not found' } };
    });
  }

  it('shows how many of all, and loads the next page from the cursor', async () => {
    const api = servePages((cursor) =>
      cursor === 'page-2'
        ? { status: 200, body: pageOf(submissions.slice(2, 3), { total: 3 }) }
        : { status: 200, body: pageOf(submissions.slice(0, 2), { nextCursor: 'page-2', total: 3 }) },
    );
    const user = userEvent.setup();
    renderArtistPage(DashboardPage, '/dashboard', '/dashboard');
    await screen.findByRole('article', { name: 'Paper Planes' });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('Showing 2 of 3 submissions').getAttribute('role')).toBe('status');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Golden Hour' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText('Showing 3 of 3 submissions')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(
      api.requests
        .filter((r) => r.url.pathname === '/api/profile/submissions')
        .at(-1)
        ?.url.searchParams.get('cursor'),
    ).toBe('page-2');
  });

  it('keeps the cards when the next page fails, and retries it', async () => {
    // A server error is retried once (after a second) before the list gives up.
    let failures = 0;
    servePages((cursor) => {
      if (!cursor)
        return { status: 200, body: pageOf(submissions.slice(0, 2), { nextCursor: 'page-2', total: 3 }) };
      if (failures < 2) {
        failures++;
        return { status: 500, body: { success: false, error: 'Internal server error' } };
      }
      return { status: 200, body: pageOf(submissions.slice(2, 3), { total: 3 }) };
    });
    const user = userEvent.setup();
    renderArtistPage(DashboardPage, '/dashboard', '/dashboard');
    await screen.findByRole('article', { name: 'Paper Planes' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('More submissions could not be loaded: Internal server error');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Golden Hour' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('loading and errors', () => {
  it('shows skeletons shaped like the card and the list while loading, without spinners', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
    const { container } = renderArtistPage(DashboardPage, '/dashboard', '/dashboard');
    expect(screen.getByRole('status').textContent).toBe('Loading your dashboard...');
    expect(container.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(10);
    expect(container.querySelector('.MuiCircularProgress-root')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Your Submissions' })).toBeTruthy();
  });

  it.each(['profile', 'submissions'] as const)(
    "says 'Failed to load dashboard data' when the %s cannot load, and Retry loads it again",
    async (fail) => {
      let failing = true;
      const api = mockApi(({ url }) => {
        const broken =
          failing && url.pathname.endsWith(fail === 'profile' ? '/artist/profile' : '/submissions');
        if (broken) return { status: 500, body: { success: false, error: 'Internal Server Error' } };
        return url.pathname === '/api/artist/profile'
          ? { status: 200, body: { success: true, profile: profile() } }
          : { status: 200, body: pageOf(submissions) };
      });
      renderArtistPage(DashboardPage, '/dashboard', '/dashboard');
      // A server error is retried once (after a second) before the page gives up.
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(alert.textContent).toContain('Failed to load dashboard data');
      expect(screen.queryByRole('article')).toBeNull();

      failing = false;
      const before = api.requests.length;
      await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('article', { name: 'Paper Planes' })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      // Only what failed is asked for again (then the variants of the covers it brings).
      const again = api.requests.slice(before).filter((request) => request.url.pathname.startsWith('/api/'));
      expect(again).toHaveLength(1);
    },
  );

  it('offers to sign in again when the session has ended', async () => {
    mockApi(() => ({ status: 401, body: { success: false, error: 'Not authenticated' } }));
    renderArtistPage(DashboardPage, '/dashboard', '/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load dashboard data');
    expect(within(alert).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?returnTo=%2Fdashboard',
    );
  });
});

describe('after saving the profile', () => {
  it('says the profile was saved, and forgets it so a reload does not say it again', async () => {
    serve({});
    const { router } = renderArtistPage(DashboardPage, '/dashboard', {
      pathname: '/dashboard',
      state: { profileSaved: true },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Your profile has been saved.');
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
