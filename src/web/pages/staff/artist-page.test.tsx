import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  type BoardItemSummary,
  getReturningLinkExpiry,
  RETURNING_LINK_EXPIRY_MESSAGES,
  type ReturningLinkSummary,
  type StaffArtist,
} from '../../../domain';
import { NO_AGREEMENT_TEXT } from './agreement/artist-agreements';
import { ArtistPage } from './artist-page';
import { mockApi, renderStaffPage, summary } from './board/board-test-helpers';
import { utcToday } from './last-day-form';

afterEach(() => vi.restoreAllMocks());

const ARTIST_ID = '9a1e2f7c-1111-4a2b-8c3d-5e6f7a8b9c0d';
const artist: StaffArtist = {
  artistId: ARTIST_ID,
  email: 'maya@example.com',
  status: 'active',
  createdAt: '2026-10-01T09:00:00.000Z',
  name: 'Maya Rivers',
  artistName: 'Night Bus',
  city: 'London',
  country: 'United Kingdom',
  spotifyProfile: 'https://open.spotify.com/artist/1a2b3c4d5e6f7g8h9i0j1k',
  completion: 45,
  hasSignedContract: false,
  invitations: [],
};

/** A page of the artist's submissions as GET /api/artists/:artistId/submissions answers it. */
function submissionsPage(items: BoardItemSummary[], more: { nextCursor?: string; total?: number } = {}) {
  return { success: true, items, nextCursor: more.nextCursor ?? null, total: more.total ?? items.length };
}
const SUBMISSIONS_PATH = `/api/artists/${ARTIST_ID}/submissions`;
const activeLink: ReturningLinkSummary = {
  linkId: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2027-11-01T10:00:00.000Z',
  revokedAt: null,
  usageCount: 2,
  lastUsedAt: '2026-11-15T10:00:00.000Z',
  status: 'active',
};
const RETURNING_URL = 'http://localhost:3000/r/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

describe('the staff artist page', () => {
  it('shows the profile, completion, agreement, submissions and returning links', async () => {
    const api = mockApi(({ url, method }) => {
      if (url.pathname === `/api/artists/${ARTIST_ID}`)
        return { status: 200, body: { success: true, artist } };
      if (url.pathname === SUBMISSIONS_PATH) return { status: 200, body: submissionsPage([summary()]) };
      if (url.pathname === `/api/artists/${ARTIST_ID}/returning-links`)
        return { status: 200, body: { success: true, links: [activeLink] } };
      if (url.pathname === `/api/artists/${ARTIST_ID}/agreements`)
        return { status: 200, body: { success: true, agreements: [] } };
      if (method === 'POST' && url.pathname.endsWith('/returning-link'))
        return {
          status: 200,
          body: { success: true, linkId: 'x', url: RETURNING_URL, expiresAt: '2027-11-21T10:00:00.000Z' },
        };
      if (method === 'POST' && url.pathname.endsWith('/revoke'))
        return { status: 200, body: { success: true } };
      return { status: 404, body: { success: false, error: 'Not found' } };
    });
    const user = userEvent.setup();
    renderStaffPage(ArtistPage, '/artist/:artistId', `/artist/${ARTIST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Bus' })).toBeTruthy();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(profile.textContent).toContain('Profile 45% complete');
    expect(within(profile).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('45');
    expect(profile.textContent).toContain('Maya Rivers');
    expect(profile.textContent).toContain('London, United Kingdom');
    const agreement = screen.getByRole('region', { name: 'Agreement' });
    await vi.waitFor(() => expect(agreement.textContent).toContain(NO_AGREEMENT_TEXT));
    expect(agreement.textContent).toContain('Not signed yet');

    const submissions = await screen.findByRole('list', { name: 'Submissions' });
    expect(within(submissions).getByRole('link', { name: 'First Light' }).getAttribute('href')).toBe(
      `/details/${summary().itemId}`,
    );

    const links = await screen.findByRole('list', { name: 'Returning-artist links' });
    expect(links.textContent).toContain('Active');
    expect(links.textContent).toContain('used 2 times');

    await user.click(within(submissions).getByRole('button', { name: 'Issue link from First Light' }));
    expect(((await screen.findByLabelText('Returning-artist link')) as HTMLInputElement).value).toBe(
      RETURNING_URL,
    );
    expect(
      api.requests.some(
        (r) =>
          r.method === 'POST' && r.url.pathname === `/api/board/items/${summary().itemId}/returning-link`,
      ),
    ).toBe(true);

    await user.click(within(links).getByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() =>
      expect(
        api.requests.some(
          (r) => r.method === 'POST' && r.url.pathname === `/api/returning-links/${activeLink.linkId}/revoke`,
        ),
      ).toBe(true),
    );
  });

  it('lists the submissions a page at a time, with the total, by the button only', async () => {
    const second = summary({
      itemId: '7b2d4e6f-8a9b-4c1d-9e2f-3a4b5c6d7e8f',
      releaseTitle: 'Second Wind',
      createdAt: '2026-11-19T09:30:00.000Z',
    });
    // A page that would scroll into view: the artist page still waits for the button.
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          observed.push(target);
          this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
        }
        disconnect() {}
      },
    );
    const api = mockApi(({ url }) => {
      if (url.pathname === `/api/artists/${ARTIST_ID}`)
        return { status: 200, body: { success: true, artist } };
      if (url.pathname === SUBMISSIONS_PATH)
        return {
          status: 200,
          body:
            url.searchParams.get('cursor') === 'page-2'
              ? submissionsPage([second], { total: 2 })
              : submissionsPage([summary()], { nextCursor: 'page-2', total: 2 }),
        };
      if (url.pathname === `/api/artists/${ARTIST_ID}/returning-links`)
        return { status: 200, body: { success: true, links: [] } };
      if (url.pathname === `/api/artists/${ARTIST_ID}/agreements`)
        return { status: 200, body: { success: true, agreements: [] } };
      return { status: 404, body: { success: false, error: 'Not found' } };
    });
    const user = userEvent.setup();
    try {
      renderStaffPage(ArtistPage, '/artist/:artistId', `/artist/${ARTIST_ID}`);
      const submissions = await screen.findByRole('list', { name: 'Submissions' });
      expect(within(submissions).getAllByRole('listitem')).toHaveLength(1);
      expect(screen.getByText('Showing 1 of 2 submissions')).toBeTruthy();
      expect(await screen.findByText(/Issue one from a submission above/)).toBeTruthy();
      expect(observed).toHaveLength(0);
      expect(api.requests.filter((r) => r.url.pathname === SUBMISSIONS_PATH)).toHaveLength(1);
      expect(
        api.requests.find((r) => r.url.pathname === SUBMISSIONS_PATH)?.url.searchParams.get('limit'),
      ).toBe('20');
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await within(submissions).findByRole('link', { name: 'Second Wind' })).toBeTruthy();
      expect(screen.getByText('Showing 2 of 2 submissions')).toBeTruthy();
      expect(
        api.requests
          .filter((r) => r.url.pathname === SUBMISSIONS_PATH)
          .at(-1)
          ?.url.searchParams.get('cursor'),
      ).toBe('page-2');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("moves a returning link's last day with the shared last-day form", async () => {
    const today = utcToday();
    const lastDay = addDays(today, 200);
    const api = mockApi(({ url, method }) => {
      if (url.pathname === `/api/artists/${ARTIST_ID}`)
        return { status: 200, body: { success: true, artist } };
      if (url.pathname === SUBMISSIONS_PATH) return { status: 200, body: submissionsPage([summary()]) };
      if (url.pathname === `/api/artists/${ARTIST_ID}/returning-links`)
        return { status: 200, body: { success: true, links: [activeLink] } };
      if (url.pathname === `/api/artists/${ARTIST_ID}/agreements`)
        return { status: 200, body: { success: true, agreements: [] } };
      if (method === 'POST' && url.pathname === `/api/returning-links/${activeLink.linkId}/expiry`)
        return {
          status: 200,
          body: { success: true, expiresAt: `${addDays(lastDay, 1)}T00:00:00.000Z`, status: 'active' },
        };
      return { status: 404, body: { success: false, error: 'Not found' } };
    });
    const user = userEvent.setup();
    renderStaffPage(ArtistPage, '/artist/:artistId', `/artist/${ARTIST_ID}`);
    const links = await screen.findByRole('list', { name: 'Returning-artist links' });
    await user.click(within(links).getByRole('button', { name: 'Change expiry' }));
    const field = screen.getByLabelText('Last day the link works (UTC)') as HTMLInputElement;
    expect(field.value).toBe('2027-11-01');
    expect(field.getAttribute('max')).toBe(getReturningLinkExpiry(today));

    fireEvent.change(field, { target: { value: addDays(today, 366) } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.body.textContent).toContain(RETURNING_LINK_EXPIRY_MESSAGES.tooLate);

    fireEvent.change(field, { target: { value: lastDay } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByLabelText('Last day the link works (UTC)')).toBeNull());
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.url.pathname, r.body])).toEqual([
      [`/api/returning-links/${activeLink.linkId}/expiry`, { lastDay }],
    ]);
  });

  it("shows the artist's agreement requests in the Agreement section", async () => {
    mockApi(({ url }) => {
      if (url.pathname === `/api/artists/${ARTIST_ID}`)
        return { status: 200, body: { success: true, artist: { ...artist, hasSignedContract: true } } };
      if (url.pathname === SUBMISSIONS_PATH) return { status: 200, body: submissionsPage([]) };
      if (url.pathname === `/api/artists/${ARTIST_ID}/returning-links`)
        return { status: 200, body: { success: true, links: [] } };
      if (url.pathname === `/api/artists/${ARTIST_ID}/agreements`)
        return {
          status: 200,
          body: {
            success: true,
            agreements: [
              {
                id: 'c0000000-0000-4000-8000-000000000001',
                status: 'signed',
                documentUrl: '/api/contracts/c0000000-0000-4000-8000-000000000001/document',
                createdAt: '2026-11-01T10:00:00.000Z',
                expiresAt: '2026-12-01T10:00:00.000Z',
                signedAt: '2026-11-02T11:00:00.000Z',
                templateVersion: 1,
                signerName: 'Night Bus',
                signerEmail: 'maya@example.com',
                provider: 'builtin',
                sealedAt: '2026-11-02T11:00:05.000Z',
                sha256: 'b'.repeat(64),
              },
            ],
          },
        };
      return { status: 404, body: { success: false, error: 'Not found' } };
    });
    renderStaffPage(ArtistPage, '/artist/:artistId', `/artist/${ARTIST_ID}`);
    const region = await screen.findByRole('region', { name: 'Agreement' });
    const requests = await within(region).findByRole('list', { name: 'Agreement requests' });
    expect(requests.querySelector('.MuiChip-colorSuccess')?.textContent).toBe('Signed');
    expect(within(region).getByRole('link', { name: 'Download signed PDF' }).getAttribute('href')).toBe(
      '/api/contracts/c0000000-0000-4000-8000-000000000001/document',
    );
    expect(region.textContent).not.toContain('Not signed yet');
  });

  it('says Artist not found for an unknown artist, without asking for a malformed id', async () => {
    const api = mockApi(() => ({ status: 404, body: { success: false, error: 'Artist not found' } }));
    renderStaffPage(ArtistPage, '/artist/:artistId', `/artist/${ARTIST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Artist not found' })).toBeTruthy();
    expect(api.requests).toHaveLength(1);
  });

  it('does not ask the server about an id that cannot be one', async () => {
    const api = mockApi(() => ({ status: 404, body: {} }));
    renderStaffPage(ArtistPage, '/artist/:artistId', '/artist/some-artist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Artist not found' })).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });
});
