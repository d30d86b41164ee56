import { UNKNOWN_LABEL } from '../../../domain/schemas/catalogue';
import type {
  SpotifyAlbumMetadata,
  SpotifyArtistResult,
  SpotifyTrackMetadata,
} from '../../../domain/schemas/spotify';
import { buildSpotifyUrl } from '../../../domain/spotify/spotify-url';
import type { MusicCatalog, MusicItem, MusicItemType } from './music-catalog';
import { OFFLINE_ARTISTS, type OfflineAlbum, type OfflineArtist } from './offline-catalogue-data';

/**
 * Cover art drawn as an SVG data URI: the catalogue must work without the network, and the page's
 * CSP already admits data: images.
 */
function coverArt(hue: number, text: string): string {
  const initials = text
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">` +
    `<rect width="640" height="640" fill="hsl(${hue} 55% 38%)"/>` +
    `<circle cx="470" cy="170" r="190" fill="hsl(${(hue + 40) % 360} 60% 55%)" opacity="0.6"/>` +
    `<text x="48" y="592" font-family="sans-serif" font-size="160" font-weight="700" fill="#fff">${initials}</text>` +
    '</svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const matches = (text: string, query: string) => text.toLowerCase().includes(query);

interface Release {
  artist: OfflineArtist;
  album: OfflineAlbum;
}

/** The bundled demo catalogue, searched by case-insensitive substring; every answer says offline. */
export class OfflineCatalog implements MusicCatalog {
  readonly offline = true;
  private readonly releases: Release[];

  constructor(private readonly artists: readonly OfflineArtist[] = OFFLINE_ARTISTS) {
    this.releases = artists.flatMap((artist) => artist.albums.map((album) => ({ artist, album })));
  }

  async searchArtists(query: string, limit: number): Promise<SpotifyArtistResult[]> {
    const q = query.trim().toLowerCase();
    return this.artists
      .filter((artist) => matches(artist.name, q))
      .slice(0, limit)
      .map((artist) => this.artistResult(artist));
  }

  async searchMusic(query: string, type: MusicItemType, limit: number): Promise<MusicItem[]> {
    const q = query.trim().toLowerCase();
    if (type === 'album') {
      return this.releases
        .filter(({ artist, album }) => matches(album.name, q) || matches(artist.name, q))
        .slice(0, limit)
        .map(({ artist, album }) => ({
          id: album.id,
          type: 'album',
          name: album.name,
          artists: [{ name: artist.name }],
          spotifyUrl: buildSpotifyUrl({ type: 'album', id: album.id }),
          images: [{ url: coverArt(artist.hue, album.name) }],
          release_date: album.releaseDate,
        }));
    }
    return this.releases
      .flatMap(({ artist, album }) => album.tracks.map((track) => ({ artist, album, track })))
      .filter(({ artist, track }) => matches(track.name, q) || matches(artist.name, q))
      .slice(0, limit)
      .map(({ artist, album, track }) => ({
        id: track.id,
        type: 'track',
        name: track.name,
        artists: [{ name: artist.name }],
        spotifyUrl: buildSpotifyUrl({ type: 'track', id: track.id }),
        album: {
          name: album.name,
          images: [{ url: coverArt(artist.hue, album.name) }],
          release_date: album.releaseDate,
        },
      }));
  }

  async getArtist(id: string): Promise<SpotifyArtistResult | null> {
    const artist = this.artists.find((candidate) => candidate.id === id);
    return artist ? this.artistResult(artist) : null;
  }

  async getAlbum(id: string): Promise<SpotifyAlbumMetadata | null> {
    const release = this.releases.find(({ album }) => album.id === id);
    if (!release) return null;
    const { artist, album } = release;
    return {
      albumTitle: album.name,
      artist: artist.name,
      label: album.label ?? UNKNOWN_LABEL,
      releaseDate: album.releaseDate,
      totalTracks: album.tracks.length,
      tracks: album.tracks.map((track, index) => ({
        trackNumber: index + 1,
        title: track.name,
        duration: track.durationMs,
        isrc: track.isrc,
      })),
      spotifyUrl: buildSpotifyUrl({ type: 'album', id: album.id }),
      images: [{ url: coverArt(artist.hue, album.name), width: 640, height: 640 }],
      copyrights: [`© ${album.copyright}`, `℗ ${album.copyright}`],
      upc: album.upc,
    };
  }

  async getTrack(id: string): Promise<SpotifyTrackMetadata | null> {
    for (const { artist, album } of this.releases) {
      const track = album.tracks.find((candidate) => candidate.id === id);
      if (!track) continue;
      return {
        title: track.name,
        artist: artist.name,
        album: album.name,
        label: album.label ?? UNKNOWN_LABEL,
        releaseDate: album.releaseDate,
        duration: track.durationMs,
        isrc: track.isrc,
        spotifyUrl: buildSpotifyUrl({ type: 'track', id: track.id }),
        albumArt: coverArt(artist.hue, album.name),
        upc: album.upc,
      };
    }
    return null;
  }

  async test(): Promise<string> {
    return `Offline demo catalogue (${this.artists.length} fictional artists): no Spotify credentials are configured`;
  }

  private artistResult(artist: OfflineArtist): SpotifyArtistResult {
    return {
      id: artist.id,
      name: artist.name,
      url: buildSpotifyUrl({ type: 'artist', id: artist.id }),
      image: coverArt(artist.hue, artist.name),
    };
  }
}
