import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Submission } from '../../../domain';
import {
  ARTWORK_URL,
  ITEM_IDS,
  imageMappingFor,
  jpegVariantOf,
  mockApi,
  renderArtistPage,
  submission,
  TRACK_URLS,
} from './common/artist-test-helpers';
import { SubmissionPage } from './submission-page';

afterEach(() => vi.restoreAllMocks());

const path = '/submission/:id';

function serveOne(answer: Submission) {
  return mockApi(({ url }) =>
    url.pathname === '/files/optimized/image-mapping.json'
      ? { status: 200, body: imageMappingFor(url) }
      : { status: 200, body: { success: true, submission: answer } },
  );
}

function region(name: string) {
  return screen.getByRole('region', { name });
}

describe('a submission', () => {
  it('shows the artwork, title, chips, dates, banner, media files and support', async () => {
    const api = serveOne(submission());
    renderArtistPage(SubmissionPage, path, `/submission/${ITEM_IDS.pending}`);
    expect(screen.getByRole('status').textContent).toContain('Loading submission...');

    expect(await screen.findByRole('heading', { level: 1, name: 'Paper Planes' })).toBeTruthy();
    expect(api.requests[0]?.url.pathname).toBe(`/api/profile/submissions/${ITEM_IDS.pending}`);
    expect(document.title).toBe('Paper Planes | Imprint');
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
    // The page's main image: its variants, fetched at once and first.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Artwork for Paper Planes' }).getAttribute('src')).toBe(
        jpegVariantOf(ARTWORK_URL),
      ),
    );
    const cover = screen.getByRole('img', { name: 'Artwork for Paper Planes' });
    expect(cover.getAttribute('fetchpriority')).toBe('high');
    expect(cover.getAttribute('loading')).toBe('eager');
    expect(cover.getAttribute('sizes')).toBe('(min-width: 900px) 200px, 160px');

    const header = screen.getByRole('banner');
    expect(within(header).getByText('EP')).toBeTruthy();
    expect(within(header).getByText('Pending').closest('.MuiChip-root')?.className).toContain(
      'MuiChip-colorWarning',
    );

    const dates = region('Important Dates');
    const rows = within(dates)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(rows[0]?.[0]).toBe('Submitted');
    expect(rows[0]?.[1]).toMatch(/^November 2[01], 2026$/);
    expect(rows[1]).toEqual(['Release Date', 'March 5, 2027']);

    const banner = screen.getByRole('heading', { level: 2, name: 'Your submission is being reviewed' });
    expect(banner.closest('.MuiAlert-root')?.textContent).toContain(
      "We'll update you once we've reviewed your submission.",
    );

    const media = region('Media Files');
    const items = within(media).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.replace('Open', ''))).toEqual([
      'Track 1',
      'Track 2',
      'Artwork',
    ]);
    const opens = within(media).getAllByRole('link');
    expect(opens.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Open Track 1 (opens in a new tab)',
      'Open Track 2 (opens in a new tab)',
      'Open Artwork (opens in a new tab)',
    ]);
    expect(opens.map((link) => link.getAttribute('href'))).toEqual([...TRACK_URLS, ARTWORK_URL]);
    for (const link of opens) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }

    const support = within(region('Support')).getByRole('link', { name: 'Contact Support' });
    expect(support.getAttribute('href')).toBe(
      `mailto:hello@label.example?subject=${encodeURIComponent('Question about my submission "Paper Planes"')}`,
    );
  });

  it('lists a track’s own artwork after the track, with its picture', async () => {
    const cover =
      '/files/aaaaaaaa-0000-4000-8000-0000000000c1?disposition=inline&expires=1900000000&signature=abcdefghijkl';
    serveOne(submission({ trackArtworks: [{ trackNumber: 2, title: 'Lanterns', url: cover }] }));
    renderArtistPage(SubmissionPage, path, `/submission/${ITEM_IDS.pending}`);
    const media = await screen.findByRole('region', { name: 'Media Files' });
    expect(
      within(media)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace('Open', '')),
    ).toEqual(['Track 1', 'Track 2', 'Track 2 artwork', 'Artwork']);
    expect(
      within(media)
        .getByRole('link', { name: 'Open Track 2 artwork (opens in a new tab)' })
        .getAttribute('href'),
    ).toBe(cover);
    // The thumbnail is drawn from the picture's variants.
    await waitFor(() =>
      expect(within(media).getByRole('img', { name: 'Custom artwork of Lanterns' }).getAttribute('src')).toBe(
        jpegVariantOf(cover),
      ),
    );
  });

  it('says when there are no media files, and shows TBD for a missing release date', async () => {
    serveOne(
      submission({ mediaLinks: [], artworkUrl: undefined, releaseDate: undefined, releaseType: undefined }),
    );
    renderArtistPage(SubmissionPage, path, `/submission/${ITEM_IDS.pending}`);
    const media = await screen.findByRole('region', { name: 'Media Files' });
    expect(media.textContent).toContain('No media files available for this submission.');
    expect(within(media).queryByRole('link')).toBeNull();
    expect(region('Important Dates').textContent).toContain('TBD');
    expect(within(screen.getByRole('banner')).getByText('Release')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'No artwork for Paper Planes' })).toBeTruthy();
  });

  it.each([
    [
      'approved',
      'Your release has been approved',
      'Your release is scheduled and will go live on the release date.',
    ],
    ['live', 'Your music is now live!', 'Your music is now available on all platforms.'],
    ['processing', 'Your music is being processed', 'Your music is being processed for distribution.'],
    [
      'rejected',
      'Your submission was not approved',
      'Please check your email for details on why it was rejected.',
    ],
    ['failed', 'Submission status: Failed', 'Check back for status updates on your submission.'],
  ] as const)('a %s submission shows the banner %j', async (status, title, text) => {
    serveOne(submission({ status }));
    renderArtistPage(SubmissionPage, path, `/submission/${ITEM_IDS.pending}`);
    const heading = await screen.findByRole('heading', { level: 2, name: title });
    expect(heading.closest('.MuiAlert-root')?.textContent).toContain(text);
  });

  it('sends an in-progress submission to its release details, replacing the history entry', async () => {
    serveOne(submission({ itemId: ITEM_IDS.inProgress, status: 'in_progress' }));
    const { router } = renderArtistPage(SubmissionPage, path, `/submission/${ITEM_IDS.inProgress}`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `Landed on /release-details/${ITEM_IDS.inProgress}`,
      }),
    ).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('errors', () => {
  it("says 'Submission not found' for a 404, without retrying", async () => {
    const api = mockApi(() => ({ status: 404, body: { success: false, error: 'Submission not found' } }));
    renderArtistPage(SubmissionPage, path, `/submission/${ITEM_IDS.live}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Submission not found' })).toBeTruthy();
    expect(api.requests).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toBeTruthy();
  });

  it("says 'Submission not found' for an id that cannot be one, without asking the server", async () => {
    const api = mockApi(() => ({ status: 500, body: {} }));
    renderArtistPage(SubmissionPage, path, '/submission/some-submission');
    expect(screen.getByRole('heading', { level: 1, name: 'Submission not found' })).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it("says 'No submission ID provided' when the address has none", async () => {
    const api = mockApi(() => ({ status: 500, body: {} }));
    renderArtistPage(SubmissionPage, '/submission/:id?', '/submission/');
    expect(screen.getByRole('alert').textContent).toBe('No submission ID provided');
    expect(api.requests).toHaveLength(0);
  });

  it("says 'Not authenticated' in an error alert for a 401, with a way to sign in", async () => {
    mockApi(() => ({ status: 401, body: { success: false, error: 'Not authenticated' } }));
    renderArtistPage(SubmissionPage, path, `/submission/${ITEM_IDS.live}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not authenticated');
    expect(alert.className).toContain('MuiAlert-colorError');
    expect(within(alert).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?returnTo=${encodeURIComponent(`/submission/${ITEM_IDS.live}`)}`,
    );
  });

  it("says 'Failed to load submission details' when loading fails, and Retry loads it", async () => {
    let failing = true;
    mockApi(() =>
      failing
        ? { status: 500, body: { success: false, error: 'Internal Server Error' } }
        : { status: 200, body: { success: true, submission: submission({ status: 'live' }) } },
    );
    renderArtistPage(SubmissionPage, path, `/submission/${ITEM_IDS.live}`);
    // A server error is retried once (after a second) before the page gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Failed to load submission details');
    expect(screen.getByRole('heading', { level: 1, name: 'Submission details' })).toBeTruthy();
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Paper Planes' })).toBeTruthy());
  });

  it("treats an answer without a submission as 'Submission not found'", async () => {
    mockApi(() => ({ status: 200, body: { success: false, message: 'Submission not found' } }));
    renderArtistPage(SubmissionPage, path, `/submission/${ITEM_IDS.live}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Submission not found' })).toBeTruthy();
  });
});
