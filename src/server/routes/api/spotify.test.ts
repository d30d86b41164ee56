import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_ARTISTS } from '../../providers/music/offline-catalogue-data';
import { type SpotifyStandIn, startSpotifyStandIn } from '../../stand-ins/spotify';
import { createTestContext, type TestContext } from '../../test/test-context';
import { SPOTIFY_REQUESTS_PER_MINUTE } from './spotify';

const marlowe = OFFLINE_ARTISTS[0];
const desmond = OFFLINE_ARTISTS.find((artist) => artist.name === 'Desmond Ashgrove');

describe('/api/spotify with the offline catalogue (no credentials)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const verify = (artistUrl?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/spotify/verify/artist', payload: { artistUrl } });

  it('searches artists, labelled offline and cacheable for a minute', async () => {
    const response = await get('/api/spotify/search/artists?q=marlowe&limit=8');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=60');
    expect(response.json()).toEqual({
      success: true,
      offline: true,
      artists: [
        {
          id: marlowe?.id,
          name: 'Marlowe Vance',
          url: `https://open.spotify.com/artist/${marlowe?.id}`,
          image: expect.stringMatching(/^data:image\/svg\+xml,/),
        },
      ],
    });
  });

  it('searches tracks and albums in the finder’s shape', async () => {
    const tracks = (await get('/api/spotify/search/music?q=tidewater&type=track&limit=5')).json();
    expect(tracks).toMatchObject({
      success: true,
      offline: true,
      items: [{ name: 'Tidewater', type: 'track' }],
    });
    expect(tracks.items[0]).toMatchObject({
      artists: [{ name: 'Marlowe Vance' }],
      album: { name: 'Lanterns Over Tidewater', release_date: '2023-04-14' },
    });
    const albums = (await get('/api/spotify/search/music?q=tidewater&type=album&limit=5')).json();
    expect(albums.items).toEqual([
      expect.objectContaining({ name: 'Lanterns Over Tidewater', type: 'album', release_date: '2023-04-14' }),
    ]);
    expect(albums.items[0].images[0].url).toMatch(/^data:image/);
  });

  it.each([
    ['/api/spotify/search/artists', 'Search query cannot be empty'],
    ['/api/spotify/search/artists?q=%20%20', 'Search query cannot be empty'],
    ['/api/spotify/search/music?q=&type=track', 'Search query cannot be empty'],
    ['/api/spotify/search/artists?q=m', 'Search query must be at least 2 characters'],
    ['/api/spotify/search/music?q=m&type=album', 'Search query must be at least 2 characters'],
    ['/api/spotify/search/music?q=marlowe&type=playlist', 'Search type must be track or album'],
    ['/api/spotify/search/music?q=marlowe', 'Search type must be track or album'],
    ['/api/spotify/albums/%20/metadata', 'Album ID cannot be empty'],
    ['/api/spotify/tracks/%20/metadata', 'Track ID cannot be empty'],
  ])('GET %s answers 400: %s', async (url, error) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error });
  });

  it('verifies an artist URL with the domain rule', async () => {
    const ok = await verify(`https://open.spotify.com/artist/${marlowe?.id}?si=abc`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      valid: true,
      artistName: 'Marlowe Vance',
      artistImage: expect.stringMatching(/^data:image/),
      offline: true,
    });
    for (const [url, error] of [
      [undefined, 'Please enter a Spotify artist URL'],
      ['  ', 'Please enter a Spotify artist URL'],
      ['https://open.spotify.com/track/abc', 'Please enter a valid Spotify artist URL'],
    ] as const) {
      const refused = await verify(url);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ valid: false, error, offline: true });
    }
    const unknown = await verify('https://open.spotify.com/artist/0000000000000000000000');
    expect(unknown.json()).toEqual({
      valid: false,
      error: 'Could not verify Spotify profile.',
      offline: true,
    });
  });

  it('answers album and track metadata, and 404 for an unknown id', async () => {
    const album = desmond?.albums[0];
    const albumAnswer = await get(`/api/spotify/albums/${album?.id}/metadata`);
    expect(albumAnswer.statusCode).toBe(200);
    expect(albumAnswer.json()).toMatchObject({
      success: true,
      offline: true,
      albumTitle: 'Sunday Static',
      artist: 'Desmond Ashgrove',
      label: 'Unknown Label',
      totalTracks: 2,
      tracks: [
        { trackNumber: 1, title: 'Sunday Static' },
        { trackNumber: 2, title: 'Hold the Line' },
      ],
    });
    const trackAnswer = await get(`/api/spotify/tracks/${album?.tracks[1]?.id}/metadata`);
    expect(trackAnswer.json()).toMatchObject({
      success: true,
      title: 'Hold the Line',
      album: 'Sunday Static',
    });
    const unknown = await get('/api/spotify/tracks/0000000000000000000000/metadata');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: 'Error getting album or track metadata' });
  });

  it('reports the offline mode on the connection test', async () => {
    const response = await get('/api/spotify/test');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      success: true,
      offline: true,
      message: expect.stringMatching(/Offline/),
    });
  });

  it('limits each client to its requests per minute', async () => {
    const from = (remoteAddress: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/spotify/search/artists?q=vance', remoteAddress });
    for (let i = 0; i < SPOTIFY_REQUESTS_PER_MINUTE; i++) {
      expect((await from('203.0.113.50')).statusCode).toBe(200);
    }
    const limited = await from('203.0.113.50');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      error: 'Too many searches from your network. Please wait a minute and try again.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.51')).statusCode).toBe(200);
  });
});

describe('/api/spotify with the Web API (stand-in)', () => {
  let standIn: SpotifyStandIn;
  let ctx: TestContext;
  beforeAll(async () => {
    standIn = await startSpotifyStandIn();
    ctx = await createTestContext({
      env: {
        SPOTIFY_CLIENT_ID: standIn.clientId,
        SPOTIFY_CLIENT_SECRET: standIn.clientSecret,
        SPOTIFY_API_URL: standIn.apiUrl,
        SPOTIFY_ACCOUNTS_URL: standIn.accountsUrl,
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const searches = () => standIn.requests.filter((request) => request.path === '/v1/search').length;

  it('pages a search of 25 and answers a repeat from the cache', async () => {
    const before = searches();
    const first = await get('/api/spotify/search/artists?q=Echo&limit=25');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.offline).toBeUndefined();
    expect(body.artists).toHaveLength(25);
    expect(searches() - before).toBe(3);
    const again = await get('/api/spotify/search/artists?q=echo&limit=25');
    expect(again.json()).toEqual(body);
    expect(searches() - before).toBe(3);
  });

  it('caps the requested limit at 50', async () => {
    const response = await get('/api/spotify/search/music?q=echo&type=track&limit=500');
    expect(response.json().items).toHaveLength(30);
    expect(standIn.requests.at(-1)?.query.get('offset')).toBe('20');
  });

  it('answers metadata with the label fallback and verifies artists', async () => {
    const album = await get('/api/spotify/albums/al00000000000000000002/metadata');
    expect(album.json()).toMatchObject({ success: true, albumTitle: 'Echo Album 2', label: 'Unknown Label' });
    const track = await get('/api/spotify/tracks/tr00000000000000000001/metadata');
    expect(track.json()).toMatchObject({ success: true, title: 'Echo Track 1', label: 'Echo Records 1' });
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/spotify/verify/artist',
      payload: { artistUrl: 'https://open.spotify.com/artist/ar00000000000000000007' },
    });
    expect(verified.json()).toEqual({
      valid: true,
      artistName: 'Echo Artist 7',
      artistImage: 'https://i.scdn.co/image/ar7640',
    });
    expect((await get('/api/spotify/test')).json()).toEqual({
      success: true,
      message: 'Connected to the Spotify Web API',
    });
  });

  it('answers the spec’s texts when Spotify fails', async () => {
    standIn.failAll(true);
    try {
      const search = await get('/api/spotify/search/artists?q=failing');
      expect(search.statusCode).toBe(502);
      expect(search.json()).toEqual({ success: false, error: 'Search failed' });
      const metadata = await get('/api/spotify/albums/al00000000000000000009/metadata');
      expect(metadata.statusCode).toBe(502);
      expect(metadata.json()).toEqual({ success: false, error: 'Error getting album or track metadata' });
      const verified = await ctx.app.inject({
        method: 'POST',
        url: '/api/spotify/verify/artist',
        payload: { artistUrl: 'https://open.spotify.com/artist/ar00000000000000000009' },
      });
      expect(verified.statusCode).toBe(502);
      expect(verified.json()).toEqual({ valid: false, error: 'Error verifying artist URL' });
      const test = await get('/api/spotify/test');
      expect(test.statusCode).toBe(502);
      expect(test.json()).toEqual({
        success: false,
        message: 'Connection test failed',
        error: 'Connection test failed',
      });
    } finally {
      standIn.failAll(false);
    }
    // Failures are not cached: the same search works once Spotify does.
    expect((await get('/api/spotify/search/artists?q=failing')).statusCode).toBe(200);
  });

  it('answers the general search text when Spotify cannot be reached', async () => {
    const unreachable = await createTestContext({
      env: {
        SPOTIFY_CLIENT_ID: 'id',
        SPOTIFY_CLIENT_SECRET: 'secret',
        SPOTIFY_API_URL: 'http://127.0.0.1:9/v1',
        SPOTIFY_ACCOUNTS_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const response = await unreachable.app.inject({
        method: 'GET',
        url: '/api/spotify/search/music?q=echo&type=album',
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ success: false, error: 'Error searching for artists or music' });
    } finally {
      await unreachable.close();
    }
  });
});
