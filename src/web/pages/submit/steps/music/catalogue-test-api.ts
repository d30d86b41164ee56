import { vi } from 'vitest';
import type { SpotifyAlbumMetadata, SpotifyMusicItem, SpotifyTrackMetadata } from '../../../../../domain';

/**
 * A stand-in for our /api/spotify routes in component tests: answers in the server's shapes
 * (src/server/routes/api/spotify.ts) and records what was asked.
 */

export function searchTrack(n: number): SpotifyMusicItem {
  return {
    id: `tr${n}`,
    type: 'track',
    name: `Night Drive ${n}`,
    artists: [{ name: 'Nova Lane' }, { name: 'Ada Park' }],
    spotifyUrl: `https://open.spotify.com/track/tr${n}`,
    album: {
      name: 'Night Songs',
      images: [{ url: `data:image/png;base64,tr${n}` }],
      release_date: '2021-03-05',
    },
  };
}

export function searchAlbum(n: number): SpotifyMusicItem {
  return {
    id: `al${n}`,
    type: 'album',
    name: `Night Songs ${n}`,
    artists: [{ name: 'Nova Lane' }],
    spotifyUrl: `https://open.spotify.com/album/al${n}`,
    images: [{ url: `data:image/png;base64,al${n}` }],
    release_date: '2020-11-20',
  };
}

export const albumMetadata: SpotifyAlbumMetadata = {
  albumTitle: 'Night Songs 1',
  artist: 'Nova Lane',
  label: 'Moon Records',
  releaseDate: '2020-11-20',
  totalTracks: 2,
  tracks: [
    { trackNumber: 1, title: 'Opening', duration: 187_000, isrc: 'GBAAA2000001' },
    { trackNumber: 2, title: 'Closing', duration: 245_400, isrc: 'GBAAA2000002' },
  ],
  spotifyUrl: 'https://open.spotify.com/album/al1',
  images: [{ url: 'data:image/png;base64,al1-640', width: 640, height: 640 }],
  copyrights: ['© 2020 Moon Records'],
  upc: '123456789012',
};

export const trackMetadata: SpotifyTrackMetadata = {
  title: 'Pasted Song',
  artist: 'Nova Lane',
  album: 'Night Songs',
  label: 'Moon Records',
  releaseDate: '2021-03-05',
  duration: 201_000,
  isrc: 'GBAAA2100009',
  spotifyUrl: 'https://open.spotify.com/track/tr9',
  albumArt: 'data:image/png;base64,tr9-640',
  upc: '123456789099',
};

type Answer = { status: number; body: unknown };
type Route = (url: URL) => Answer | undefined;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Default answers: 6 tracks and 6 albums for any search (the finder shows 5), metadata by id. */
export function mockSpotifyApi(overrides: { route?: Route } = {}) {
  const requests: URL[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    requests.push(url);
    const answer = overrides.route?.(url) ?? defaultAnswer(url);
    return json(answer.status, answer.body);
  });
  return {
    spy,
    requests,
    paths: () => requests.map((url) => `${url.pathname}${url.search}`),
  };
}

function defaultAnswer(url: URL): Answer {
  if (url.pathname === '/api/spotify/search/music') {
    const type = url.searchParams.get('type');
    const items = [1, 2, 3, 4, 5, 6].map((n) => (type === 'album' ? searchAlbum(n) : searchTrack(n)));
    return { status: 200, body: { success: true, items } };
  }
  if (url.pathname === '/api/spotify/albums/al1/metadata') {
    return { status: 200, body: { success: true, ...albumMetadata } };
  }
  if (url.pathname === '/api/spotify/tracks/tr9/metadata') {
    return { status: 200, body: { success: true, ...trackMetadata } };
  }
  return { status: 404, body: { success: false, error: 'Error getting album or track metadata' } };
}
