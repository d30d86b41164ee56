import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffArtistListRow } from '../../../domain';
import { ArtistsPage } from './artists-page';
import { mockApi, renderStaffPage } from './board/board-test-helpers';

afterEach(() => vi.restoreAllMocks());

function artist(overrides: Partial<StaffArtistListRow> = {}): StaffArtistListRow {
  return {
    artistId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    name: 'Nova Lane',
    email: 'ada@example.com',
    picture: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    submissionCount: 2,
    latestSubmission: { status: 'approved', createdAt: '2026-11-20T14:05:00.000Z' },
    hasSignedContract: true,
    ...overrides,
  };
}

const harbour = artist({
  artistId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  name: 'Quiet Harbour',
  email: 'ben@example.com',
  submissionCount: 0,
  latestSubmission: null,
  hasSignedContract: false,
});

function page(artists: StaffArtistListRow[], more: { nextCursor?: string; total?: number } = {}) {
  return { success: true, artists, nextCursor: more.nextCursor ?? null, total: more.total ?? artists.length };
}

describe('the artists page', () => {
  it('lists each artist with submissions, the newest one and the agreement, linking to their page', async () => {
    mockApi(() => ({ status: 200, body: page([artist(), harbour]) }));
    const user = userEvent.setup();
    const { router } = renderStaffPage(ArtistsPage, '/admin/artists', '/admin/artists');
    expect(screen.getByRole('heading', { level: 1, name: 'Artists' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading artists...');

    const list = await screen.findByRole('list', { name: 'Artists' });
    expect(screen.getByRole('heading', { level: 2, name: '2 artists' })).toBeTruthy();
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('rows missing');
    expect(first.textContent).toContain('ada@example.com');
    expect(first.textContent).toContain('2 submissions');
    expect(first.textContent).toMatch(/latest: Nov 20, 2026/);
    expect(within(first).getByText('Approved')).toBeTruthy();
    expect(within(first).getByText('Agreement signed')).toBeTruthy();
    expect(second.textContent).toContain('No submissions yet');
    expect(within(second).getByText('No signed agreement')).toBeTruthy();

    await user.click(within(first).getByRole('link', { name: 'Nova Lane' }));
    expect(router.state.location.pathname).toBe('/artist/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f');
  });

  it('searches once typing pauses, keeps the search and order in the URL, and says when nothing matches', async () => {
    const api = mockApi(({ url }) => {
      const q = url.searchParams.get('q');
      if (q === 'zz') return { status: 200, body: page([]) };
      return { status: 200, body: page(q ? [harbour] : [artist(), harbour]) };
    });
    const user = userEvent.setup();
    const { router } = renderStaffPage(ArtistsPage, '/admin/artists', '/admin/artists');
    await screen.findByRole('list', { name: 'Artists' });

    await user.type(screen.getByRole('searchbox', { name: 'Search artists' }), 'Qui');
    // The search waits for a pause in typing: longer than findBy's default on a busy machine.
    const patience = { timeout: 5000 };
    expect(await screen.findByRole('heading', { name: '1 artist matches “Qui”' }, patience)).toBeTruthy();
    expect(router.state.location.search).toBe('?q=Qui');
    // One request for the pause, not one per letter.
    const searches = api.requests.filter((request) => request.url.searchParams.has('q'));
    expect(searches.map((request) => request.url.searchParams.get('q'))).toEqual(['Qui']);
    expect(searches[0]?.url.searchParams.get('sort')).toBe('newest');

    await user.click(screen.getByRole('combobox', { name: 'Sort' }));
    await user.click(await screen.findByRole('option', { name: 'Name (A to Z)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Qui&sort=name'), patience);
    await waitFor(() => expect(api.requests.at(-1)?.url.searchParams.get('sort')).toBe('name'), patience);

    const box = screen.getByRole('searchbox', { name: 'Search artists' });
    await user.clear(box);
    await user.type(box, 'zz');
    expect(await screen.findByRole('heading', { name: 'No artist found' }, patience)).toBeTruthy();
    expect(screen.getByText(/No artist's name or e-mail starts with “zz”/)).toBeTruthy();
  });

  it('opens with the search and order of the URL', async () => {
    const api = mockApi(() => ({ status: 200, body: page([harbour]) }));
    renderStaffPage(ArtistsPage, '/admin/artists', '/admin/artists?q=ben&sort=oldest');
    await screen.findByRole('list', { name: 'Artists' });
    expect((screen.getByRole('searchbox', { name: 'Search artists' }) as HTMLInputElement).value).toBe('ben');
    expect(api.requests[0]?.url.searchParams.get('q')).toBe('ben');
    expect(api.requests[0]?.url.searchParams.get('sort')).toBe('oldest');
  });

  it('shows the total and loads the next page from the cursor', async () => {
    const api = mockApi(({ url }) =>
      url.searchParams.get('cursor') === 'page-2'
        ? { status: 200, body: page([harbour], { total: 2 }) }
        : { status: 200, body: page([artist()], { nextCursor: 'page-2', total: 2 }) },
    );
    const user = userEvent.setup();
    renderStaffPage(ArtistsPage, '/admin/artists', '/admin/artists');
    const list = await screen.findByRole('list', { name: 'Artists' });
    expect(screen.getByText('Showing 1 of 2 artists')).toBeTruthy();
    expect(api.requests[0]?.url.searchParams.get('limit')).toBe('25');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: 'Quiet Harbour' })).toBeTruthy();
    expect(api.requests.at(-1)?.url.searchParams.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the empty state, and an error with Retry', async () => {
    let fail = true;
    mockApi(() =>
      fail
        ? { status: 500, body: { success: false, error: 'Internal Server Error' } }
        : { status: 200, body: page([]) },
    );
    const user = userEvent.setup();
    renderStaffPage(ArtistsPage, '/admin/artists', '/admin/artists');
    expect((await screen.findByRole('alert')).textContent).toContain('The artists could not be loaded');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No artists yet' })).toBeTruthy();
  });
});
