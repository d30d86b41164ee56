import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueItem } from '../../../../../domain';
import { renderInForm } from '../../../../test/render-form';
import { CatalogueFinder } from './catalogue-finder';
import { albumMetadata, mockSpotifyApi, searchAlbum, trackMetadata } from './catalogue-test-api';

afterEach(() => vi.restoreAllMocks());

async function search(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(screen.getByRole('searchbox', { name: 'Search for your music' }), text);
}

// Rendering MUI in jsdom is slow on a busy machine; the waits inside are bounded by their own timeouts.
describe('CatalogueFinder: Search Music', { timeout: 15_000 }, () => {
  it('searches tracks and albums in parallel after the pause and shows at most 5 of each', async () => {
    const api = mockSpotifyApi();
    const user = userEvent.setup();
    renderInForm(<CatalogueFinder />, { values: { uploadType: 'transfer' } });

    await search(user, 'n');
    // One character never searches.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(api.requests).toHaveLength(0);

    await user.type(screen.getByRole('searchbox'), 'ight');
    const tracks = await screen.findByRole('region', { name: 'Tracks' }, { timeout: 2000 });
    const albums = screen.getByRole('region', { name: 'Albums' });

    // The typing settled before the one search pair went out: no request per keystroke.
    expect(api.paths().sort()).toEqual([
      '/api/spotify/search/music?q=night&type=album&limit=5',
      '/api/spotify/search/music?q=night&type=track&limit=5',
    ]);
    expect(within(tracks).getAllByRole('listitem')).toHaveLength(5);
    expect(within(albums).getAllByRole('listitem')).toHaveLength(5);
    const first = within(tracks).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByText('Night Drive 1')).toBeTruthy();
    expect(within(first).getByText('Nova Lane, Ada Park · March 5, 2021')).toBeTruthy();
    expect(first.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,tr1');
    expect(within(albums).getAllByText('Nova Lane · November 20, 2020')).toHaveLength(5);
    expect(screen.queryByText('Demo catalogue (offline)')).toBeNull();
  });

  it('says so when nothing matches, and when the answers come from the demo catalogue', async () => {
    mockSpotifyApi({
      route: (url) =>
        url.pathname === '/api/spotify/search/music'
          ? { status: 200, body: { success: true, items: [], offline: true } }
          : undefined,
    });
    const user = userEvent.setup();
    renderInForm(<CatalogueFinder />, { values: { uploadType: 'transfer' } });
    await search(user, 'zzz');
    expect(await screen.findByText(/No results found for “zzz”/, {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByText('Demo catalogue (offline)')).toBeTruthy();
  });

  it('shows the server’s message when the search fails', async () => {
    mockSpotifyApi({
      route: (url) =>
        url.pathname === '/api/spotify/search/music'
          ? { status: 502, body: { success: false, error: 'Search failed' } }
          : undefined,
    });
    const user = userEvent.setup();
    renderInForm(<CatalogueFinder />, { values: { uploadType: 'transfer' } });
    await search(user, 'night');
    const alert = await screen.findByRole('alert', {}, { timeout: 2000 });
    expect(alert.textContent).toContain('Search failed');
    expect(screen.queryByRole('region', { name: 'Tracks' })).toBeNull();
  });

  it('adds an album with its fetched metadata and says so', async () => {
    const api = mockSpotifyApi();
    const user = userEvent.setup();
    const { getForm } = renderInForm(<CatalogueFinder />, { values: { uploadType: 'transfer' } });
    await search(user, 'night');
    const albums = await screen.findByRole('region', { name: 'Albums' }, { timeout: 2000 });

    await user.click(within(albums).getByRole('button', { name: 'Add “Night Songs 1”' }));

    await waitFor(() => expect(getForm().getValues('catalogueItems')).toHaveLength(1));
    expect(api.paths()).toContain('/api/spotify/albums/al1/metadata');
    const [item] = getForm().getValues('catalogueItems') as CatalogueItem[];
    expect(item).toEqual({
      id: expect.any(String),
      type: 'album',
      title: 'Night Songs 1',
      artist: 'Nova Lane',
      image: 'data:image/png;base64,al1-640',
      spotifyUrl: 'https://open.spotify.com/album/al1',
      releaseDate: '2020-11-20',
      details: {
        label: 'Moon Records',
        copyrights: ['© 2020 Moon Records'],
        tracks: albumMetadata.tracks,
        totalTracks: 2,
        upc: '123456789012',
        releaseDate: '2020-11-20',
      },
      metadata: { hasMasterSplit: false, masterSplits: [] },
    });
    const success = await screen.findByText('Album added to transfer list!');
    expect(success.closest('[role="status"]')?.textContent).toContain(
      'Successfully added album: Night Songs 1',
    );
    // The result now reads as added and cannot be added again.
    const added = within(albums).getByRole('button', { name: '“Night Songs 1” added' });
    expect((added as HTMLButtonElement).disabled).toBe(true);
  });

  it('still adds the release, with the default details, when only the metadata fetch fails', async () => {
    mockSpotifyApi({
      route: (url) =>
        url.pathname.endsWith('/metadata')
          ? { status: 502, body: { success: false, error: 'Error getting album or track metadata' } }
          : undefined,
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { getForm } = renderInForm(<CatalogueFinder />, { values: { uploadType: 'transfer' } });
    await search(user, 'night');
    const tracks = await screen.findByRole('region', { name: 'Tracks' }, { timeout: 2000 });

    await user.click(within(tracks).getByRole('button', { name: 'Add “Night Drive 2”' }));

    await waitFor(() => expect(getForm().getValues('catalogueItems')).toHaveLength(1));
    expect(getForm().getValues('catalogueItems.0')).toEqual({
      id: expect.any(String),
      type: 'track',
      title: 'Night Drive 2',
      artist: 'Nova Lane, Ada Park',
      image: 'data:image/png;base64,tr2',
      spotifyUrl: 'https://open.spotify.com/track/tr2',
      releaseDate: '2021-03-05',
      details: { label: 'Unknown Label', releaseDate: '2021-03-05' },
      metadata: { hasMasterSplit: false, masterSplits: [] },
    });
    expect(await screen.findByText('Track added to transfer list!')).toBeTruthy();
    expect(screen.getByText('Successfully added track: Night Drive 2')).toBeTruthy();
  });

  it('says the item could not be added when no valid item can be made of the answer', async () => {
    const huge = { ...searchAlbum(1), name: 'x'.repeat(600) };
    mockSpotifyApi({
      route: (url) => {
        if (url.pathname === '/api/spotify/search/music') {
          return {
            status: 200,
            body: { success: true, items: url.searchParams.get('type') === 'album' ? [huge] : [] },
          };
        }
        return { status: 502, body: { success: false, error: 'Error getting album or track metadata' } };
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { getForm } = renderInForm(<CatalogueFinder />, { values: { uploadType: 'transfer' } });
    await search(user, 'night');
    const albums = await screen.findByRole('region', { name: 'Albums' }, { timeout: 2000 });
    expect(within(screen.getByRole('region', { name: 'Tracks' })).getByText('No tracks found.')).toBeTruthy();

    await user.click(within(albums).getByRole('button', { name: /^Add “x+”$/ }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error adding item to catalogue');
    expect(getForm().getValues('catalogueItems')).toEqual([]);
  });

  it('shows a release already in the list as added', async () => {
    mockSpotifyApi();
    const existing: CatalogueItem = {
      id: 'c1',
      type: 'album',
      title: 'Night Songs 3',
      artist: 'Nova Lane',
      spotifyUrl: searchAlbum(3).spotifyUrl,
      metadata: { hasMasterSplit: false, masterSplits: [] },
    };
    const user = userEvent.setup();
    renderInForm(<CatalogueFinder />, { values: { uploadType: 'transfer', catalogueItems: [existing] } });
    await search(user, 'night');
    const albums = await screen.findByRole('region', { name: 'Albums' }, { timeout: 2000 });
    const button = within(albums).getByRole('button', { name: '“Night Songs 3” added' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toContain('Added');
  });
});

describe('CatalogueFinder: Enter URL', { timeout: 15_000 }, () => {
  async function openUrlTab(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('tab', { name: 'Enter URL' }));
    return screen.getByRole('textbox', { name: 'Spotify track or album link' });
  }

  async function paste(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
    await user.click(input);
    await user.paste(text);
  }

  it('is reachable from the keyboard', async () => {
    mockSpotifyApi();
    const user = userEvent.setup();
    renderInForm(<CatalogueFinder />, { values: { uploadType: 'transfer' } });
    screen.getByRole('tab', { name: 'Search Music' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Enter URL' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Enter URL' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Enter URL' })).toBeTruthy();
  });

  it('checks the link with the spec’s messages before any call', async () => {
    const api = mockSpotifyApi();
    const user = userEvent.setup();
    const { getForm } = renderInForm(<CatalogueFinder />, { values: { uploadType: 'transfer' } });
    const input = await openUrlTab(user);

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Please enter a Spotify URL')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await paste(user, input, 'https://open.spotify.com/artist/abc');
    expect(screen.queryByText('Please enter a Spotify URL')).toBeNull();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Please enter a valid Spotify track or album URL')).toBeTruthy();

    expect(api.requests).toHaveLength(0);
    expect(getForm().getValues('catalogueItems')).toEqual([]);
  });

  it('adds a pasted track link, reading the id without the query', async () => {
    const api = mockSpotifyApi();
    const user = userEvent.setup();
    const { getForm } = renderInForm(<CatalogueFinder />, { values: { uploadType: 'transfer' } });
    const input = await openUrlTab(user);

    await paste(user, input, 'https://open.spotify.com/track/tr9?si=abc123');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(getForm().getValues('catalogueItems')).toHaveLength(1));
    expect(api.paths()).toEqual(['/api/spotify/tracks/tr9/metadata']);
    expect(getForm().getValues('catalogueItems.0')).toMatchObject({
      type: 'track',
      title: 'Pasted Song',
      artist: 'Nova Lane',
      spotifyUrl: 'https://open.spotify.com/track/tr9',
      image: trackMetadata.albumArt,
      details: {
        isrc: 'GBAAA2100009',
        label: 'Moon Records',
        album: 'Night Songs',
        duration: 201_000,
        upc: '123456789099',
        releaseDate: '2021-03-05',
      },
    });
    expect((input as HTMLInputElement).value).toBe('');
    expect(await screen.findByText('Successfully added track: Pasted Song')).toBeTruthy();
  });

  it('does not add the same release twice', async () => {
    const api = mockSpotifyApi();
    const user = userEvent.setup();
    const { getForm } = renderInForm(<CatalogueFinder />, { values: { uploadType: 'transfer' } });
    const input = await openUrlTab(user);

    await paste(user, input, 'https://open.spotify.com/album/al1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(getForm().getValues('catalogueItems')).toHaveLength(1));

    // The same album again, written differently (locale segment, share query).
    await paste(user, input, 'https://open.spotify.com/intl-de/album/al1?si=zz');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(screen.getByText('This release is already in your transfer list')).toBeTruthy();
    expect(getForm().getValues('catalogueItems')).toHaveLength(1);
    expect(api.paths()).toEqual(['/api/spotify/albums/al1/metadata']);
  });
});
