import {
  SPOTIFY_ARTIST_URL_INVALID,
  SPOTIFY_ARTIST_URL_REQUIRED,
  SPOTIFY_CATALOGUE_URL_INVALID,
  SPOTIFY_URL_REQUIRED,
} from './messages';

/**
 * Links copied from Spotify may lack the scheme and may carry a locale segment
 * (`open.spotify.com/intl-de/artist/...`); both are accepted so pasting a real link works.
 */
const OPEN_SPOTIFY_PREFIX = String.raw`^(?:https?:\/\/)?open\.spotify\.com\/(?:intl-[a-z]{2}(?:-[a-z]{2,4})?\/)?`;
const ARTIST_URL = new RegExp(`${OPEN_SPOTIFY_PREFIX}artist\\/([A-Za-z0-9]+)\\/?(?:\\?.*)?$`);
const CATALOGUE_URL = new RegExp(`${OPEN_SPOTIFY_PREFIX}(track|album)\\/([^?#]*)`);

export type SpotifyUrlResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** An artist URL of the form open.spotify.com/artist/{id}, optionally followed by a query. */
export function parseSpotifyArtistUrl(input: string): SpotifyUrlResult<{ artistId: string }> {
  const url = input.trim();
  if (url === '') return { ok: false, message: SPOTIFY_ARTIST_URL_REQUIRED };
  const match = ARTIST_URL.exec(url);
  if (!match?.[1]) return { ok: false, message: SPOTIFY_ARTIST_URL_INVALID };
  return { ok: true, value: { artistId: match[1] } };
}

export type SpotifyCatalogueRef = { type: 'track' | 'album'; id: string };

/** A track or album URL for the catalogue finder; the id is the last path segment without the query. */
export function parseSpotifyCatalogueUrl(input: string): SpotifyUrlResult<SpotifyCatalogueRef> {
  const url = input.trim();
  if (url === '') return { ok: false, message: SPOTIFY_URL_REQUIRED };
  const match = CATALOGUE_URL.exec(url);
  const type = match?.[1];
  const id = match?.[2]?.split('/').filter(Boolean).at(-1);
  if ((type !== 'track' && type !== 'album') || !id) {
    return { ok: false, message: SPOTIFY_CATALOGUE_URL_INVALID };
  }
  return { ok: true, value: { type, id } };
}

/** The canonical link the server stores for a catalogue item. */
export function buildSpotifyUrl(ref: SpotifyCatalogueRef | { type: 'artist'; id: string }): string {
  return `https://open.spotify.com/${ref.type}/${ref.id}`;
}
