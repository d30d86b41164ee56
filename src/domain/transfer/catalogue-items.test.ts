import { describe, expect, it } from 'vitest';
import { type CatalogueItem, catalogueItemSchema } from '../schemas/catalogue';
import type { SpotifyAlbumMetadata, SpotifyMusicItem, SpotifyTrackMetadata } from '../schemas/spotify';
import {
  addCatalogueItem,
  buildCatalogueItem,
  catalogueItemKey,
  describeSearchItem,
  formatCatalogueReleaseDate,
  formatTrackDuration,
  isCatalogueItemAdded,
  removeCatalogueItem,
  seedFromCatalogueRef,
  seedFromSearchItem,
} from './catalogue-items';

const searchTrack: SpotifyMusicItem = {
  id: 'tr1',
  type: 'track',
  name: 'Night Drive',
  artists: [{ name: 'Nova Lane' }, { name: 'Ada Park' }],
  spotifyUrl: 'https://open.spotify.com/track/tr1',
  album: { name: 'Night Songs', images: [{ url: 'https://img/tr1.jpg' }], release_date: '2021-03-05' },
};

const searchAlbum: SpotifyMusicItem = {
  id: 'al1',
  type: 'album',
  name: 'Night Songs',
  artists: [{ name: 'Nova Lane' }],
  spotifyUrl: 'https://open.spotify.com/album/al1',
  images: [{ url: 'https://img/al1.jpg' }, { url: 'https://img/al1-small.jpg' }],
  release_date: '2021',
};

const albumMetadata: SpotifyAlbumMetadata = {
  albumTitle: 'Night Songs (Deluxe)',
  artist: 'Nova Lane',
  label: 'Moon Records',
  releaseDate: '2021-03-05',
  totalTracks: 2,
  tracks: [
    { trackNumber: 1, title: 'Night Drive', duration: 187_000, isrc: 'GBAAA2100001' },
    { trackNumber: 2, title: 'Dawn', duration: 201_400 },
  ],
  spotifyUrl: 'https://open.spotify.com/album/al1',
  images: [{ url: 'https://img/al1-640.jpg', width: 640, height: 640 }],
  copyrights: ['© 2021 Moon Records'],
  upc: '123456789012',
};

const trackMetadata: SpotifyTrackMetadata = {
  title: 'Night Drive',
  artist: 'Nova Lane',
  album: 'Night Songs',
  label: 'Moon Records',
  releaseDate: '2021-03-05',
  duration: 187_000,
  isrc: 'GBAAA2100001',
  spotifyUrl: 'https://open.spotify.com/track/tr1',
  albumArt: 'https://img/tr1-640.jpg',
  upc: '123456789012',
};

const noSplits = { hasMasterSplit: false, masterSplits: [] };

describe('catalogue items from the finder', () => {
  it('reads a track result’s cover and date from its album, an album’s from itself', () => {
    expect(describeSearchItem(searchTrack)).toEqual({
      image: 'https://img/tr1.jpg',
      releaseDate: '2021-03-05',
      artist: 'Nova Lane, Ada Park',
    });
    expect(describeSearchItem(searchAlbum)).toEqual({
      image: 'https://img/al1.jpg',
      releaseDate: '2021',
      artist: 'Nova Lane',
    });
  });

  it('builds an album with its fetched details', () => {
    const item = buildCatalogueItem('c1', seedFromSearchItem(searchAlbum), {
      type: 'album',
      metadata: albumMetadata,
    });
    expect(item).toEqual({
      id: 'c1',
      type: 'album',
      title: 'Night Songs (Deluxe)',
      artist: 'Nova Lane',
      image: 'https://img/al1-640.jpg',
      spotifyUrl: 'https://open.spotify.com/album/al1',
      releaseDate: '2021-03-05',
      details: {
        label: 'Moon Records',
        copyrights: ['© 2021 Moon Records'],
        tracks: [
          { trackNumber: 1, title: 'Night Drive', duration: 187_000, isrc: 'GBAAA2100001' },
          { trackNumber: 2, title: 'Dawn', duration: 201_400 },
        ],
        totalTracks: 2,
        upc: '123456789012',
        releaseDate: '2021-03-05',
      },
      metadata: noSplits,
    });
    expect(catalogueItemSchema.safeParse(item).success).toBe(true);
  });

  it('builds a track with its fetched details', () => {
    const item = buildCatalogueItem('c2', seedFromSearchItem(searchTrack), {
      type: 'track',
      metadata: trackMetadata,
    });
    expect(item).toEqual({
      id: 'c2',
      type: 'track',
      title: 'Night Drive',
      artist: 'Nova Lane',
      image: 'https://img/tr1-640.jpg',
      spotifyUrl: 'https://open.spotify.com/track/tr1',
      releaseDate: '2021-03-05',
      details: {
        isrc: 'GBAAA2100001',
        label: 'Moon Records',
        album: 'Night Songs',
        duration: 187_000,
        upc: '123456789012',
        releaseDate: '2021-03-05',
      },
      metadata: noSplits,
    });
  });

  it('when only the metadata fetch failed, keeps what the search showed with the default details', () => {
    expect(buildCatalogueItem('c3', seedFromSearchItem(searchTrack), null)).toEqual({
      id: 'c3',
      type: 'track',
      title: 'Night Drive',
      artist: 'Nova Lane, Ada Park',
      image: 'https://img/tr1.jpg',
      spotifyUrl: 'https://open.spotify.com/track/tr1',
      releaseDate: '2021-03-05',
      details: { label: 'Unknown Label', releaseDate: '2021-03-05' },
      metadata: noSplits,
    });
    const album = buildCatalogueItem('c4', seedFromSearchItem(searchAlbum), null);
    expect(album.details).toEqual({ label: 'Unknown Label', tracks: [], releaseDate: '2021' });
  });

  it('a pasted link without metadata is still added, under placeholder names', () => {
    const item = buildCatalogueItem('c5', seedFromCatalogueRef({ type: 'album', id: 'xyz' }), null);
    expect(item).toEqual({
      id: 'c5',
      type: 'album',
      title: 'Unknown Album',
      artist: 'Unknown Artist',
      spotifyUrl: 'https://open.spotify.com/album/xyz',
      details: { label: 'Unknown Label', tracks: [] },
      metadata: noSplits,
    });
    expect(catalogueItemSchema.safeParse(item).success).toBe(true);
  });

  it('a blank label in the metadata reads Unknown Label', () => {
    const item = buildCatalogueItem('c6', seedFromCatalogueRef({ type: 'track', id: 'tr1' }), {
      type: 'track',
      metadata: { title: 'T', artist: 'A', spotifyUrl: 'https://open.spotify.com/track/tr1', label: ' ' },
    });
    expect(item.details).toEqual({ label: 'Unknown Label' });
  });

  it('ignores metadata of the other type', () => {
    const item = buildCatalogueItem('c7', seedFromCatalogueRef({ type: 'track', id: 'tr1' }), {
      type: 'album',
      metadata: albumMetadata,
    });
    expect(item.type).toBe('track');
    expect(item.details).toEqual({ label: 'Unknown Label' });
  });
});

describe('the transfer list', () => {
  const first = buildCatalogueItem('c1', seedFromSearchItem(searchAlbum), null);

  it('knows a release however its link is written', () => {
    expect(catalogueItemKey('open.spotify.com/intl-de/album/al1?si=abc')).toBe('album:al1');
    expect(isCatalogueItemAdded([first], 'https://open.spotify.com/album/al1?si=1')).toBe(true);
    expect(isCatalogueItemAdded([first], 'https://open.spotify.com/track/al1')).toBe(false);
  });

  it('does not add the same release twice, and removes by id', () => {
    const again: CatalogueItem = { ...first, id: 'c9' };
    expect(addCatalogueItem([first], again)).toEqual([first]);
    const other = buildCatalogueItem('c2', seedFromSearchItem(searchTrack), null);
    const both = addCatalogueItem([first], other);
    expect(both.map((item) => item.id)).toEqual(['c1', 'c2']);
    expect(removeCatalogueItem(both, 'c1').map((item) => item.id)).toEqual(['c2']);
  });
});

describe('display', () => {
  it('shows track lengths as m:ss', () => {
    expect(formatTrackDuration(187_000)).toBe('3:07');
    expect(formatTrackDuration(59_600)).toBe('1:00');
    expect(formatTrackDuration(0)).toBe('0:00');
    expect(formatTrackDuration(undefined)).toBeUndefined();
  });

  it('shows release dates in US English at the precision the service gives', () => {
    expect(formatCatalogueReleaseDate('2021-03-05')).toBe('March 5, 2021');
    expect(formatCatalogueReleaseDate('2019-05')).toBe('May 2019');
    expect(formatCatalogueReleaseDate('2019')).toBe('2019');
    expect(formatCatalogueReleaseDate(' ')).toBeUndefined();
  });
});
