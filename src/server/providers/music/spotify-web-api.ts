import { UNKNOWN_LABEL } from '../../../domain/schemas/catalogue';
import type {
  SpotifyAlbumMetadata,
  SpotifyArtistResult,
  SpotifyTrackMetadata,
} from '../../../domain/schemas/spotify';
import { buildSpotifyUrl } from '../../../domain/spotify/spotify-url';
import { type MusicCatalog, type MusicItem, type MusicItemType, MusicServiceError } from './music-catalog';

/** Spotify lowered the search maximum from 50 to 10 per request in 2026; larger asks are paged. */
export const SPOTIFY_PAGE_LIMIT = 10;
/** A token is renewed this long before Spotify says it expires, so no request carries a stale one. */
const TOKEN_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

export interface SpotifyWebApiOptions {
  clientId: string;
  clientSecret: string;
  /** e.g. https://api.spotify.com/v1 */
  apiUrl: string;
  /** e.g. https://accounts.spotify.com */
  accountsUrl: string;
  /** A Retry-After longer than this fails at once instead of holding the request. */
  maxRetryAfterSeconds?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface SpotifyImage {
  url: string;
  width?: number | null;
  height?: number | null;
}
interface SpotifyArtistObject {
  id: string;
  name: string;
  external_urls?: { spotify?: string };
  images?: SpotifyImage[];
}
interface SpotifySimpleAlbum {
  id: string;
  name: string;
  artists: { name: string }[];
  images?: SpotifyImage[];
  release_date?: string;
  external_urls?: { spotify?: string };
}
interface SpotifyAlbumObject extends SpotifySimpleAlbum {
  label?: string;
  total_tracks: number;
  copyrights?: { text: string; type?: string }[];
  external_ids?: { upc?: string };
  tracks: { items: { track_number: number; name: string; duration_ms?: number }[] };
}
interface SpotifyTrackObject {
  id: string;
  name: string;
  artists: { name: string }[];
  album: SpotifySimpleAlbum;
  duration_ms?: number;
  external_ids?: { isrc?: string };
  external_urls?: { spotify?: string };
}
interface Paging<T> {
  items: T[];
  next: string | null;
}

const names = (artists: { name: string }[]) => artists.map((artist) => artist.name).join(', ');
const images = (list: SpotifyImage[] | undefined) =>
  (list ?? []).map((image) => ({
    url: image.url,
    ...(image.width != null ? { width: image.width } : {}),
    ...(image.height != null ? { height: image.height } : {}),
  }));

/** The Spotify Web API with the client-credentials flow (no user is involved). */
export class SpotifyWebApi implements MusicCatalog {
  readonly offline = false;
  private token: { value: string; renewAt: number } | undefined;
  /** One token request at a time: concurrent searches wait for the same answer. */
  private pendingToken: Promise<string> | undefined;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxRetryAfterSeconds: number;

  constructor(private readonly options: SpotifyWebApiOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.maxRetryAfterSeconds = options.maxRetryAfterSeconds ?? 10;
  }

  async searchArtists(query: string, limit: number): Promise<SpotifyArtistResult[]> {
    const found = await this.search<SpotifyArtistObject>(query, 'artist', limit);
    return found.map((artist) => this.artistResult(artist));
  }

  async searchMusic(query: string, type: MusicItemType, limit: number): Promise<MusicItem[]> {
    if (type === 'album') {
      const albums = await this.search<SpotifySimpleAlbum>(query, 'album', limit);
      return albums.map((album) => ({
        id: album.id,
        type: 'album',
        name: album.name,
        artists: album.artists.map(({ name }) => ({ name })),
        spotifyUrl: album.external_urls?.spotify ?? buildSpotifyUrl({ type: 'album', id: album.id }),
        images: (album.images ?? []).map(({ url }) => ({ url })),
        ...(album.release_date ? { release_date: album.release_date } : {}),
      }));
    }
    const tracks = await this.search<SpotifyTrackObject>(query, 'track', limit);
    return tracks.map((track) => ({
      id: track.id,
      type: 'track',
      name: track.name,
      artists: track.artists.map(({ name }) => ({ name })),
      spotifyUrl: track.external_urls?.spotify ?? buildSpotifyUrl({ type: 'track', id: track.id }),
      album: {
        name: track.album.name,
        images: (track.album.images ?? []).map(({ url }) => ({ url })),
        ...(track.album.release_date ? { release_date: track.album.release_date } : {}),
      },
    }));
  }

  async getArtist(id: string): Promise<SpotifyArtistResult | null> {
    const artist = await this.get<SpotifyArtistObject>(`/artists/${encodeURIComponent(id)}`);
    return artist && this.artistResult(artist);
  }

  async getAlbum(id: string): Promise<SpotifyAlbumMetadata | null> {
    const album = await this.get<SpotifyAlbumObject>(`/albums/${encodeURIComponent(id)}`);
    if (!album) return null;
    return {
      albumTitle: album.name,
      artist: names(album.artists),
      // Spotify leaves `label` out for apps in development mode (and for some releases).
      label: album.label?.trim() || UNKNOWN_LABEL,
      ...(album.release_date ? { releaseDate: album.release_date } : {}),
      totalTracks: album.total_tracks,
      // The first page of tracks (up to 50) — enough for the transfer list's details.
      tracks: album.tracks.items.map((track) => ({
        trackNumber: track.track_number,
        title: track.name,
        ...(track.duration_ms != null ? { duration: track.duration_ms } : {}),
      })),
      spotifyUrl: album.external_urls?.spotify ?? buildSpotifyUrl({ type: 'album', id: album.id }),
      images: images(album.images),
      copyrights: (album.copyrights ?? []).map((copyright) => copyright.text),
      ...(album.external_ids?.upc ? { upc: album.external_ids.upc } : {}),
    };
  }

  async getTrack(id: string): Promise<SpotifyTrackMetadata | null> {
    const track = await this.get<SpotifyTrackObject>(`/tracks/${encodeURIComponent(id)}`);
    if (!track) return null;
    // A track carries neither label nor UPC; both belong to its release, so ask for the album.
    const album = await this.get<SpotifyAlbumObject>(`/albums/${encodeURIComponent(track.album.id)}`);
    const art = track.album.images?.[0]?.url;
    return {
      title: track.name,
      artist: names(track.artists),
      album: track.album.name,
      label: album?.label?.trim() || UNKNOWN_LABEL,
      ...(track.album.release_date ? { releaseDate: track.album.release_date } : {}),
      ...(track.duration_ms != null ? { duration: track.duration_ms } : {}),
      ...(track.external_ids?.isrc ? { isrc: track.external_ids.isrc } : {}),
      spotifyUrl: track.external_urls?.spotify ?? buildSpotifyUrl({ type: 'track', id: track.id }),
      ...(art ? { albumArt: art } : {}),
      ...(album?.external_ids?.upc ? { upc: album.external_ids.upc } : {}),
    };
  }

  async test(): Promise<string> {
    // A fresh token proves the credentials; one tiny search proves the API answers with it.
    this.token = undefined;
    await this.search('test', 'artist', 1);
    return 'Connected to the Spotify Web API';
  }

  private artistResult(artist: SpotifyArtistObject): SpotifyArtistResult {
    const image = artist.images?.[0]?.url;
    return {
      id: artist.id,
      name: artist.name,
      url: artist.external_urls?.spotify ?? buildSpotifyUrl({ type: 'artist', id: artist.id }),
      ...(image ? { image } : {}),
    };
  }

  /** Pages through /search in steps of at most 10 until `limit` items or the end of the results. */
  private async search<T>(query: string, type: 'artist' | 'album' | 'track', limit: number): Promise<T[]> {
    const found: T[] = [];
    for (let offset = 0; found.length < limit; ) {
      const pageSize = Math.min(SPOTIFY_PAGE_LIMIT, limit - found.length);
      const params = new URLSearchParams({ q: query, type, limit: String(pageSize), offset: String(offset) });
      const answer = await this.request<Record<string, Paging<T>>>(`/search?${params}`);
      const page = answer?.[`${type}s`];
      if (!page) throw new MusicServiceError('Spotify answered without results', 502);
      found.push(...page.items.slice(0, pageSize));
      if (page.items.length < pageSize || !page.next) break;
      offset += pageSize;
    }
    return found;
  }

  /** A GET by id: null when Spotify does not know it (404) or refuses it as malformed (400). */
  private async get<T>(path: string): Promise<T | null> {
    try {
      return await this.request<T>(path);
    } catch (error) {
      if (error instanceof MusicServiceError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  }

  private async request<T>(path: string): Promise<T> {
    let rateLimited = false;
    let unauthorised = false;
    for (;;) {
      const token = await this.accessToken();
      const response = await fetch(`${this.options.apiUrl}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (response.ok) return (await response.json()) as T;
      await response.body?.cancel();
      // A token revoked before its expiry: fetch a new one once.
      if (response.status === 401 && !unauthorised) {
        unauthorised = true;
        this.token = undefined;
        continue;
      }
      if (response.status === 429 && !rateLimited) {
        const seconds = Number.parseInt(response.headers.get('retry-after') ?? '1', 10);
        const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds : 1;
        if (wait <= this.maxRetryAfterSeconds) {
          rateLimited = true;
          await this.sleep(wait * 1000);
          continue;
        }
      }
      throw new MusicServiceError(
        `Spotify answered ${response.status} for ${path.split('?')[0]}`,
        response.status,
      );
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const response = await fetch(`${this.options.accountsUrl}/api/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new MusicServiceError(
        `Spotify refused the client credentials (${response.status})`,
        response.status,
      );
    }
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new MusicServiceError('Spotify answered without an access token', 502);
    const lifetimeMs = (body.expires_in ?? 3600) * 1000;
    this.token = {
      value: body.access_token,
      renewAt: this.now() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS),
    };
    return body.access_token;
  }
}
