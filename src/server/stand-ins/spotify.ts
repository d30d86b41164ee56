import { createServer, type Server, type ServerResponse } from 'node:http';
import { close, listen, readBody, sendJson } from './http';

/**
 * Test support and local development: a local stand-in for Spotify's accounts service and Web
 * API that speaks their protocol and answers with their response shapes (paging objects, error
 * objects, Retry-After), including the 2026 search maximum of 10 per request.
 */
export interface SpotifyStandIn {
  apiUrl: string;
  accountsUrl: string;
  clientId: string;
  clientSecret: string;
  /** Every request received, token requests included. */
  requests: { method: string; path: string; query: URLSearchParams }[];
  tokensIssued: number;
  /** The next API request answers 429 with this Retry-After (seconds). */
  rateLimitNext(retryAfterSeconds: number): void;
  /** Every API request answers 500 until called with false. */
  failAll(fail: boolean): void;
  close(): Promise<void>;
}

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(22 - prefix.length, '0')}`;
const image = (seed: string) => [
  { url: `https://i.scdn.co/image/${seed}640`, width: 640, height: 640 },
  { url: `https://i.scdn.co/image/${seed}300`, width: 300, height: 300 },
  { url: `https://i.scdn.co/image/${seed}64`, width: 64, height: 64 },
];

// 30 of each, so a limit of 25 needs three pages of at most 10.
export const STAND_IN_ARTISTS = Array.from({ length: 30 }, (_, i) => ({
  id: id('ar', i + 1),
  name: `Echo Artist ${i + 1}`,
  type: 'artist',
  uri: `spotify:artist:${id('ar', i + 1)}`,
  href: `https://api.spotify.com/v1/artists/${id('ar', i + 1)}`,
  external_urls: { spotify: `https://open.spotify.com/artist/${id('ar', i + 1)}` },
  images: image(`ar${i + 1}`),
  genres: ['indie'],
  followers: { href: null, total: 1000 + i },
  popularity: 40,
}));

const simpleArtist = (n: number) => {
  const artist = STAND_IN_ARTISTS[(n - 1) % STAND_IN_ARTISTS.length];
  if (!artist) throw new Error('no artist');
  return {
    id: artist.id,
    name: artist.name,
    type: 'artist',
    uri: artist.uri,
    external_urls: artist.external_urls,
  };
};

export const STAND_IN_ALBUMS = Array.from({ length: 30 }, (_, i) => ({
  id: id('al', i + 1),
  name: `Echo Album ${i + 1}`,
  type: 'album',
  album_type: 'album',
  total_tracks: 2,
  release_date: `2020-0${(i % 9) + 1}-15`,
  release_date_precision: 'day',
  uri: `spotify:album:${id('al', i + 1)}`,
  external_urls: { spotify: `https://open.spotify.com/album/${id('al', i + 1)}` },
  images: image(`al${i + 1}`),
  artists: [simpleArtist(i + 1)],
}));

export const STAND_IN_TRACKS = Array.from({ length: 30 }, (_, i) => {
  const album = STAND_IN_ALBUMS[i];
  if (!album) throw new Error('no album');
  return {
    id: id('tr', i + 1),
    name: `Echo Track ${i + 1}`,
    type: 'track',
    track_number: 1,
    disc_number: 1,
    duration_ms: 180_000 + i * 1000,
    explicit: false,
    external_ids: { isrc: `QZTST26${String(i + 1).padStart(5, '0')}` },
    uri: `spotify:track:${id('tr', i + 1)}`,
    external_urls: { spotify: `https://open.spotify.com/track/${id('tr', i + 1)}` },
    artists: [simpleArtist(i + 1)],
    album,
  };
});

/** The full album object; odd-numbered albums leave `label` out, as Spotify does for dev-mode apps. */
function fullAlbum(index: number) {
  const album = STAND_IN_ALBUMS[index];
  if (!album) return undefined;
  const tracks = STAND_IN_TRACKS.filter((track) => track.album.id === album.id).map(
    ({ album: _, ...track }) => track,
  );
  return {
    ...album,
    ...(index % 2 === 0 ? { label: `Echo Records ${index + 1}` } : {}),
    copyrights: [{ text: `2020 Echo Records`, type: 'C' }],
    external_ids: { upc: `00000000${String(index + 1).padStart(4, '0')}` },
    genres: [],
    popularity: 30,
    tracks: {
      href: '',
      items: tracks,
      limit: 50,
      next: null,
      offset: 0,
      previous: null,
      total: tracks.length,
    },
  };
}

const send = sendJson;
const apiError = (
  response: ServerResponse,
  status: number,
  message: string,
  headers?: Record<string, string>,
) => send(response, status, { error: { status, message } }, headers);

export async function startSpotifyStandIn(
  options: {
    expiresInSeconds?: number;
    /** A fixed port (see listen); default any free one. */
    port?: number;
  } = {},
): Promise<SpotifyStandIn> {
  const clientId = 'stand-in-client';
  const clientSecret = 'stand-in-secret';
  const validTokens = new Set<string>();
  let rateLimit: number | undefined;
  let failing = false;
  const state = { tokensIssued: 0, requests: [] as SpotifyStandIn['requests'] };

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    state.requests.push({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams });

    if (url.pathname === '/api/token') {
      const body = new URLSearchParams((await readBody(request)).toString('utf8'));
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (request.method !== 'POST') return send(response, 405, { error: 'method_not_allowed' });
      if (request.headers.authorization !== expected) {
        return send(response, 400, { error: 'invalid_client', error_description: 'Invalid client' });
      }
      if (body.get('grant_type') !== 'client_credentials') {
        return send(response, 400, { error: 'unsupported_grant_type' });
      }
      state.tokensIssued += 1;
      const token = `stand-in-token-${state.tokensIssued}`;
      validTokens.add(token);
      return send(response, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: options.expiresInSeconds ?? 3600,
      });
    }

    if (!url.pathname.startsWith('/v1/')) return apiError(response, 404, 'Service not found');
    const token = request.headers.authorization?.replace(/^Bearer /, '');
    if (!token || !validTokens.has(token)) return apiError(response, 401, 'Invalid access token');
    if (rateLimit !== undefined) {
      const seconds = rateLimit;
      rateLimit = undefined;
      return apiError(response, 429, 'API rate limit exceeded', { 'retry-after': String(seconds) });
    }
    if (failing) return apiError(response, 500, 'Server error');

    const path = url.pathname.slice('/v1'.length);
    if (path === '/search') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const type = url.searchParams.get('type');
      const limit = Number(url.searchParams.get('limit') ?? '5');
      const offset = Number(url.searchParams.get('offset') ?? '0');
      if (!q) return apiError(response, 400, 'No search query');
      if (!Number.isInteger(limit) || limit < 0 || limit > 10)
        return apiError(response, 400, 'Invalid limit');
      const source =
        type === 'artist'
          ? STAND_IN_ARTISTS
          : type === 'album'
            ? STAND_IN_ALBUMS
            : type === 'track'
              ? STAND_IN_TRACKS
              : null;
      if (!source) return apiError(response, 400, 'Bad search type field');
      const all = (source as { name: string }[]).filter((item) => item.name.toLowerCase().includes(q));
      const items = all.slice(offset, offset + limit);
      const href = (at: number) =>
        `https://api.spotify.com/v1/search?query=${encodeURIComponent(q)}&type=${type}&offset=${at}&limit=${limit}`;
      return send(response, 200, {
        [`${type}s`]: {
          href: href(offset),
          items,
          limit,
          next: offset + limit < all.length ? href(offset + limit) : null,
          offset,
          previous: offset > 0 ? href(Math.max(0, offset - limit)) : null,
          total: all.length,
        },
      });
    }
    const match = /^\/(artists|albums|tracks)\/([^/]+)$/.exec(path);
    if (match) {
      const [, kind, itemId] = match;
      if (!/^[A-Za-z0-9]{22}$/.test(itemId ?? '')) return apiError(response, 400, 'Invalid base62 id');
      const found =
        kind === 'artists'
          ? STAND_IN_ARTISTS.find((artist) => artist.id === itemId)
          : kind === 'albums'
            ? fullAlbum(STAND_IN_ALBUMS.findIndex((album) => album.id === itemId))
            : STAND_IN_TRACKS.find((track) => track.id === itemId);
      return found ? send(response, 200, found) : apiError(response, 404, 'Resource not found');
    }
    return apiError(response, 404, 'Service not found');
  });

  const port = await listen(server, options.port);
  return {
    apiUrl: `http://127.0.0.1:${port}/v1`,
    accountsUrl: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    get requests() {
      return state.requests;
    },
    get tokensIssued() {
      return state.tokensIssued;
    },
    rateLimitNext(seconds) {
      rateLimit = seconds;
    },
    failAll(fail) {
      failing = fail;
    },
    close: () => close(server),
  };
}
