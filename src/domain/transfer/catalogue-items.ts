import { formatLongDate } from '../common/calendar-date';
import { formatDuration } from '../files/media-quality';
import {
  type AlbumDetails,
  type CatalogueItem,
  type CatalogueItemType,
  createDefaultAlbumDetails,
  createDefaultTrackDetails,
  type TrackDetails,
} from '../schemas/catalogue';
import type { SpotifyAlbumMetadata, SpotifyMusicItem, SpotifyTrackMetadata } from '../schemas/spotify';
import { buildSpotifyUrl, parseSpotifyCatalogueUrl, type SpotifyCatalogueRef } from '../spotify/spotify-url';

/** Said when the artist adds a release that is already in the transfer list. */
export const CATALOGUE_ITEM_ALREADY_ADDED = 'This release is already in your transfer list';

/**
 * What is known of a release before its metadata arrives: a search result knows its name, artists,
 * cover and date; a pasted link knows only its type and id.
 */
export interface CatalogueItemSeed {
  type: CatalogueItemType;
  /** The streaming service's id of the track or album, used to fetch its metadata. */
  spotifyId: string;
  spotifyUrl: string;
  title?: string | undefined;
  artist?: string | undefined;
  image?: string | undefined;
  releaseDate?: string | undefined;
}

export type FetchedCatalogueMetadata =
  | { type: 'album'; metadata: SpotifyAlbumMetadata }
  | { type: 'track'; metadata: SpotifyTrackMetadata };

/** Placeholders for a pasted link whose metadata could not be fetched: nothing else is known of it. */
const UNKNOWN_TITLE: Record<CatalogueItemType, string> = { album: 'Unknown Album', track: 'Unknown Track' };
export const UNKNOWN_ARTIST = 'Unknown Artist';

function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The artists of a search result as one line ('Nova Lane, Ada Park'). */
export function joinArtistNames(artists: readonly { name: string }[]): string {
  return artists
    .map((artist) => artist.name.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * The cover and release date of a search result: tracks carry them on their album
 * (`album.images[0].url`, `album.release_date`), albums on themselves (spec 001 §7).
 */
export function describeSearchItem(item: SpotifyMusicItem): {
  image: string | undefined;
  releaseDate: string | undefined;
  artist: string;
} {
  const source = item.type === 'track' ? item.album : item;
  return {
    image: nonBlank(source?.images?.[0]?.url),
    releaseDate: nonBlank(source?.release_date),
    artist: joinArtistNames(item.artists),
  };
}

export function seedFromSearchItem(item: SpotifyMusicItem): CatalogueItemSeed {
  const { image, releaseDate, artist } = describeSearchItem(item);
  return {
    type: item.type,
    spotifyId: item.id,
    spotifyUrl: nonBlank(item.spotifyUrl) ?? buildSpotifyUrl({ type: item.type, id: item.id }),
    title: item.name,
    artist,
    image,
    releaseDate,
  };
}

export function seedFromCatalogueRef(ref: SpotifyCatalogueRef): CatalogueItemSeed {
  return { type: ref.type, spotifyId: ref.id, spotifyUrl: buildSpotifyUrl(ref) };
}

/**
 * One identity for a release however its link was written (with a locale segment, a query, no
 * scheme): `album:{id}`. Links that are not track or album links compare as written.
 */
export function catalogueItemKey(spotifyUrl: string): string {
  const parsed = parseSpotifyCatalogueUrl(spotifyUrl);
  return parsed.ok ? `${parsed.value.type}:${parsed.value.id}` : spotifyUrl.trim();
}

export function isCatalogueItemAdded(
  items: readonly Pick<CatalogueItem, 'spotifyUrl'>[],
  spotifyUrl: string,
): boolean {
  const key = catalogueItemKey(spotifyUrl);
  return items.some((item) => catalogueItemKey(item.spotifyUrl) === key);
}

/** The list with the item appended, or unchanged when the same release is already in it. */
export function addCatalogueItem(items: readonly CatalogueItem[], item: CatalogueItem): CatalogueItem[] {
  return isCatalogueItemAdded(items, item.spotifyUrl) ? [...items] : [...items, item];
}

export function removeCatalogueItem(items: readonly CatalogueItem[], id: string): CatalogueItem[] {
  return items.filter((item) => item.id !== id);
}

function albumDetails(metadata: SpotifyAlbumMetadata): AlbumDetails {
  const details: AlbumDetails = {
    label: nonBlank(metadata.label) ?? createDefaultAlbumDetails().label,
    tracks: metadata.tracks.map((track) => ({
      trackNumber: track.trackNumber,
      title: track.title,
      ...(track.duration === undefined ? {} : { duration: track.duration }),
      ...(nonBlank(track.isrc) ? { isrc: track.isrc } : {}),
    })),
    totalTracks: metadata.totalTracks,
  };
  if (metadata.copyrights?.length) details.copyrights = [...metadata.copyrights];
  if (nonBlank(metadata.upc)) details.upc = metadata.upc;
  if (nonBlank(metadata.releaseDate)) details.releaseDate = metadata.releaseDate;
  return details;
}

function trackDetails(metadata: SpotifyTrackMetadata): TrackDetails {
  const details: TrackDetails = { label: nonBlank(metadata.label) ?? createDefaultTrackDetails().label };
  if (nonBlank(metadata.isrc)) details.isrc = metadata.isrc;
  if (nonBlank(metadata.album)) details.album = metadata.album;
  if (metadata.duration !== undefined) details.duration = metadata.duration;
  if (nonBlank(metadata.upc)) details.upc = metadata.upc;
  if (nonBlank(metadata.releaseDate)) details.releaseDate = metadata.releaseDate;
  return details;
}

/**
 * The catalogue item for a release the artist added (spec 001 §3). With its metadata, the
 * metadata's title, artist, cover and details win over what the search showed. Without it (only
 * the metadata fetch failed, spec 001 §8) the item is still added from what is known, with the
 * default details: label 'Unknown Label', no tracks, no upc, no isrc.
 */
export function buildCatalogueItem(
  id: string,
  seed: CatalogueItemSeed,
  fetched: FetchedCatalogueMetadata | null,
): CatalogueItem {
  const metadata = { hasMasterSplit: false, masterSplits: [] };
  const usable = fetched?.type === seed.type ? fetched : null;
  const base = {
    id,
    title: nonBlank(seed.title) ?? UNKNOWN_TITLE[seed.type],
    artist: nonBlank(seed.artist) ?? UNKNOWN_ARTIST,
    spotifyUrl: seed.spotifyUrl,
    metadata,
  };
  const optional = (image: string | undefined, releaseDate: string | undefined) => ({
    ...(nonBlank(image) ? { image: nonBlank(image) } : {}),
    ...(nonBlank(releaseDate) ? { releaseDate: nonBlank(releaseDate) } : {}),
  });

  if (usable?.type === 'album') {
    const album = usable.metadata;
    return {
      ...base,
      type: 'album',
      title: nonBlank(album.albumTitle) ?? base.title,
      artist: nonBlank(album.artist) ?? base.artist,
      spotifyUrl: nonBlank(album.spotifyUrl) ?? base.spotifyUrl,
      ...optional(album.images[0]?.url ?? seed.image, album.releaseDate ?? seed.releaseDate),
      details: albumDetails(album),
    };
  }
  if (usable?.type === 'track') {
    const track = usable.metadata;
    return {
      ...base,
      type: 'track',
      title: nonBlank(track.title) ?? base.title,
      artist: nonBlank(track.artist) ?? base.artist,
      spotifyUrl: nonBlank(track.spotifyUrl) ?? base.spotifyUrl,
      ...optional(track.albumArt ?? seed.image, track.releaseDate ?? seed.releaseDate),
      details: trackDetails(track),
    };
  }

  const releaseDate = nonBlank(seed.releaseDate);
  const optionalDate = releaseDate ? { releaseDate } : {};
  return seed.type === 'album'
    ? {
        ...base,
        type: 'album',
        ...optional(seed.image, releaseDate),
        details: { ...createDefaultAlbumDetails(), ...optionalDate },
      }
    : {
        ...base,
        type: 'track',
        ...optional(seed.image, releaseDate),
        details: { ...createDefaultTrackDetails(), ...optionalDate },
      };
}

/** A track length in milliseconds as the streaming services show it ('3:07'). */
export function formatTrackDuration(ms: number | undefined): string | undefined {
  if (ms === undefined || !Number.isFinite(ms) || ms < 0) return undefined;
  return formatDuration(ms / 1000);
}

// Built on first use, not when the module loads: the domain is part of every page's first paint,
// and a first Intl formatter costs tens of milliseconds on a phone.
let monthYear: Intl.DateTimeFormat | undefined;
const monthYearFormat = () =>
  (monthYear ??= new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long' }));

/**
 * A release date in US English (spec 001 §2). Streaming services date some releases only to the
 * month or the year ('2019-05', '2019'): those read 'May 2019' and '2019'.
 */
export function formatCatalogueReleaseDate(value: string | undefined): string | undefined {
  const date = nonBlank(value);
  if (!date) return undefined;
  const full = formatLongDate(date);
  if (full) return full;
  const monthOnly = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(date);
  if (monthOnly) return monthYearFormat().format(Date.UTC(Number(monthOnly[1]), Number(monthOnly[2]) - 1, 1));
  return date;
}
