import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SpotifyStandIn, startSpotifyStandIn } from '../../stand-ins/spotify';
import { MusicServiceError } from './music-catalog';
import { OfflineCatalog } from './offline-catalog';
import { OFFLINE_ARTISTS } from './offline-catalogue-data';
import { SpotifyWebApi, type SpotifyWebApiOptions } from './spotify-web-api';

describe('SpotifyWebApi against the stand-in', () => {
  let standIn: SpotifyStandIn;
  let clock: number;
  let slept: number[];

  beforeEach(async () => {
    standIn = await startSpotifyStandIn();
    clock = 1_000_000;
    slept = [];
  });
  afterEach(() => standIn.close());

  const client = (options: Partial<SpotifyWebApiOptions> = {}) =>
    new SpotifyWebApi({
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      apiUrl: standIn.apiUrl,
      accountsUrl: standIn.accountsUrl,
      now: () => clock,
      sleep: async (ms) => {
        slept.push(ms);
      },
      ...options,
    });
  const apiRequests = () => standIn.requests.filter((request) => request.path.startsWith('/v1/'));

  it('fetches one token and reuses it', async () => {
    const spotify = client();
    await Promise.all([spotify.searchArtists('echo', 3), spotify.searchArtists('artist 1', 3)]);
    await spotify.getArtist('ar00000000000000000001');
    expect(standIn.tokensIssued).toBe(1);
  });

  it('fetches a new token once the old one is about to expire', async () => {
    const spotify = client();
    await spotify.searchArtists('echo', 1);
    clock += 3_600_000 - 61_000;
    await spotify.searchArtists('echo', 1);
    expect(standIn.tokensIssued).toBe(1);
    clock += 2_000;
    await spotify.searchArtists('echo', 1);
    expect(standIn.tokensIssued).toBe(2);
  });

  it('refuses wrong client credentials', async () => {
    await expect(client({ clientSecret: 'wrong' }).searchArtists('echo', 1)).rejects.toBeInstanceOf(
      MusicServiceError,
    );
  });

  it('serves a limit of 25 with three paged requests of at most 10', async () => {
    const artists = await client().searchArtists('echo', 25);
    expect(artists).toHaveLength(25);
    expect(new Set(artists.map((artist) => artist.id)).size).toBe(25);
    expect(apiRequests().map(({ query }) => [query.get('limit'), query.get('offset')])).toEqual([
      ['10', '0'],
      ['10', '10'],
      ['5', '20'],
    ]);
    expect(artists[0]).toEqual({
      id: 'ar00000000000000000001',
      name: 'Echo Artist 1',
      url: 'https://open.spotify.com/artist/ar00000000000000000001',
      image: 'https://i.scdn.co/image/ar1640',
    });
  });

  it('stops paging at the end of the results', async () => {
    const tracks = await client().searchMusic('echo track 1', 'track', 50);
    // "Echo Track 1", "10"…"19": eleven matches, two pages.
    expect(tracks).toHaveLength(11);
    expect(apiRequests()).toHaveLength(2);
  });

  it('shapes tracks and albums as the catalogue finder reads them', async () => {
    const [track] = await client().searchMusic('echo track 3', 'track', 1);
    expect(track).toEqual({
      id: 'tr00000000000000000003',
      type: 'track',
      name: 'Echo Track 3',
      artists: [{ name: 'Echo Artist 3' }],
      spotifyUrl: 'https://open.spotify.com/track/tr00000000000000000003',
      album: {
        name: 'Echo Album 3',
        images: [
          { url: 'https://i.scdn.co/image/al3640' },
          { url: 'https://i.scdn.co/image/al3300' },
          { url: 'https://i.scdn.co/image/al364' },
        ],
        release_date: '2020-03-15',
      },
    });
    const [album] = await client().searchMusic('echo album 4', 'album', 1);
    expect(album).toMatchObject({ id: 'al00000000000000000004', type: 'album', release_date: '2020-04-15' });
    expect(album?.images?.[0]).toEqual({ url: 'https://i.scdn.co/image/al4640' });
  });

  it('waits Retry-After on a 429 and tries again once', async () => {
    standIn.rateLimitNext(3);
    const artists = await client().searchArtists('echo', 2);
    expect(artists).toHaveLength(2);
    expect(slept).toEqual([3000]);
    expect(apiRequests()).toHaveLength(2);
  });

  it('fails on a second 429, and at once on a Retry-After longer than it will wait', async () => {
    // While the client waits, Spotify decides to refuse the retry too.
    const spotify = client({ sleep: async () => standIn.rateLimitNext(1) });
    standIn.rateLimitNext(1);
    await expect(spotify.searchArtists('echo', 2)).rejects.toMatchObject({ status: 429 });
    expect(apiRequests()).toHaveLength(2);
    standIn.rateLimitNext(3600);
    await expect(client().searchArtists('echo', 2)).rejects.toMatchObject({ status: 429 });
    expect(slept).toEqual([]);
  });

  it("falls back to 'Unknown Label' when the album has no label", async () => {
    const spotify = client();
    expect((await spotify.getAlbum('al00000000000000000001'))?.label).toBe('Echo Records 1');
    const album = await spotify.getAlbum('al00000000000000000002');
    expect(album).toEqual({
      albumTitle: 'Echo Album 2',
      artist: 'Echo Artist 2',
      label: 'Unknown Label',
      releaseDate: '2020-02-15',
      totalTracks: 2,
      tracks: [{ trackNumber: 1, title: 'Echo Track 2', duration: 181_000 }],
      spotifyUrl: 'https://open.spotify.com/album/al00000000000000000002',
      images: [
        { url: 'https://i.scdn.co/image/al2640', width: 640, height: 640 },
        { url: 'https://i.scdn.co/image/al2300', width: 300, height: 300 },
        { url: 'https://i.scdn.co/image/al264', width: 64, height: 64 },
      ],
      copyrights: ['2020 Echo Records'],
      upc: '000000000002',
    });
  });

  it('reads a track with its release’s label and UPC', async () => {
    expect(await client().getTrack('tr00000000000000000002')).toEqual({
      title: 'Echo Track 2',
      artist: 'Echo Artist 2',
      album: 'Echo Album 2',
      label: 'Unknown Label',
      releaseDate: '2020-02-15',
      duration: 181_000,
      isrc: 'QZTST2600002',
      spotifyUrl: 'https://open.spotify.com/track/tr00000000000000000002',
      albumArt: 'https://i.scdn.co/image/al2640',
      upc: '000000000002',
    });
  });

  it('answers null for unknown and malformed ids, and throws when Spotify fails', async () => {
    const spotify = client();
    expect(await spotify.getArtist('ar00000000000000000099')).toBeNull();
    expect(await spotify.getAlbum('not-an-id')).toBeNull();
    expect(await spotify.getTrack('tr00000000000000000099')).toBeNull();
    standIn.failAll(true);
    await expect(spotify.getArtist('ar00000000000000000001')).rejects.toMatchObject({ status: 500 });
    await expect(spotify.test()).rejects.toBeInstanceOf(MusicServiceError);
    standIn.failAll(false);
    expect(await spotify.test()).toBe('Connected to the Spotify Web API');
  });
});

describe('OfflineCatalog', () => {
  const offline = new OfflineCatalog();

  it('bundles a dozen fictional artists with Spotify-shaped ids', () => {
    expect(OFFLINE_ARTISTS).toHaveLength(12);
    const ids = OFFLINE_ARTISTS.flatMap((artist) => [
      artist.id,
      ...artist.albums.flatMap((album) => [album.id, ...album.tracks.map((track) => track.id)]),
    ]);
    expect(ids.every((id) => /^[A-Za-z0-9]{22}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('searches by case-insensitive substring and honours the limit', async () => {
    expect((await offline.searchArtists('VANCE', 8)).map((artist) => artist.name)).toEqual(['Marlowe Vance']);
    expect(await offline.searchArtists('a', 3)).toHaveLength(3);
    const [track] = await offline.searchMusic('paper boats', 'track', 5);
    expect(track).toMatchObject({ name: 'Paper Boats', artists: [{ name: 'Marlowe Vance' }] });
    expect(track?.album?.release_date).toBe('2023-04-14');
    expect(track?.album?.images[0]?.url).toMatch(/^data:image\/svg\+xml,/);
  });

  it('reads metadata by id, with the spec’s default label where the release has none', async () => {
    const desmond = OFFLINE_ARTISTS.find((artist) => artist.name === 'Desmond Ashgrove');
    const album = desmond?.albums[0];
    expect(album?.label).toBeUndefined();
    const metadata = await offline.getAlbum(album?.id ?? '');
    expect(metadata).toMatchObject({ albumTitle: 'Sunday Static', label: 'Unknown Label', totalTracks: 2 });
    const track = await offline.getTrack(album?.tracks[0]?.id ?? '');
    expect(track).toMatchObject({
      title: 'Sunday Static',
      artist: 'Desmond Ashgrove',
      label: 'Unknown Label',
    });
    expect(await offline.getArtist('0000000000000000000000')).toBeNull();
  });
});
