import type {
  SpotifyAlbumMetadata,
  SpotifyArtistResult,
  SpotifyTrackMetadata,
} from '../../../domain/schemas/spotify';

export type MusicItemType = 'track' | 'album';

/**
 * One catalogue-finder result, in the shape the finder reads (spec 001 §7): artists as objects
 * with a name; a track's art and date under `album`, an album's on itself.
 */
export interface MusicItem {
  id: string;
  type: MusicItemType;
  name: string;
  artists: { name: string }[];
  spotifyUrl: string;
  /** Tracks only. */
  album?: { name: string; images: { url: string }[]; release_date?: string };
  /** Albums only. */
  images?: { url: string }[];
  release_date?: string;
}

/** The streaming service behind /api/spotify: the Web API, or the offline demo catalogue. */
export interface MusicCatalog {
  /** True for the bundled demo catalogue, so every answer can say so. */
  readonly offline: boolean;
  searchArtists(query: string, limit: number): Promise<SpotifyArtistResult[]>;
  searchMusic(query: string, type: MusicItemType, limit: number): Promise<MusicItem[]>;
  /** null when the service does not know the id. */
  getArtist(id: string): Promise<SpotifyArtistResult | null>;
  getAlbum(id: string): Promise<SpotifyAlbumMetadata | null>;
  getTrack(id: string): Promise<SpotifyTrackMetadata | null>;
  /** A short description of the working connection; throws when it does not work. */
  test(): Promise<string>;
}

/** The service answered with an error (after the one retry a 429 earns). */
export class MusicServiceError extends Error {
  override name = 'MusicServiceError';

  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
