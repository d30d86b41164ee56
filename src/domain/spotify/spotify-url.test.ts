import { describe, expect, it } from 'vitest';
import { canStartSearch, clampSearchLimit, takeShownResults } from './search-rules';
import { buildSpotifyUrl, parseSpotifyArtistUrl, parseSpotifyCatalogueUrl } from './spotify-url';

describe('Spotify artist URL', () => {
  it.each([
    ['https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF', '0OdUWJ0sBjDrqHygGUXeCF'],
    ['https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF?si=abc123', '0OdUWJ0sBjDrqHygGUXeCF'],
    ['open.spotify.com/artist/abc/', 'abc'],
    ['https://open.spotify.com/intl-de/artist/abc', 'abc'],
  ])('%s is artist %s', (url, artistId) => {
    expect(parseSpotifyArtistUrl(url)).toEqual({ ok: true, value: { artistId } });
  });

  it.each([
    ['', 'Please enter a Spotify artist URL'],
    ['   ', 'Please enter a Spotify artist URL'],
    ['https://open.spotify.com/track/abc', 'Please enter a valid Spotify artist URL'],
    ['https://example.com/artist/abc', 'Please enter a valid Spotify artist URL'],
    ['https://open.spotify.com/artist/', 'Please enter a valid Spotify artist URL'],
  ])('%j is refused: %s', (url, message) => {
    expect(parseSpotifyArtistUrl(url)).toEqual({ ok: false, message });
  });
});

describe('Spotify track or album URL (catalogue finder)', () => {
  it.each([
    ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', 'track', '4uLU6hMCjMI75M1A2tKUQC'],
    ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=xyz&utm=1', 'track', '4uLU6hMCjMI75M1A2tKUQC'],
    ['https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3', 'album', '1DFixLWuPkv3KT3TnV35m3'],
    ['https://open.spotify.com/intl-fr/album/1DFixLWuPkv3KT3TnV35m3/', 'album', '1DFixLWuPkv3KT3TnV35m3'],
  ])('%s is %s %s', (url, type, id) => {
    expect(parseSpotifyCatalogueUrl(url)).toEqual({ ok: true, value: { type, id } });
  });

  it.each([
    ['', 'Please enter a Spotify URL'],
    ['https://open.spotify.com/artist/abc', 'Please enter a valid Spotify track or album URL'],
    ['https://open.spotify.com/playlist/abc', 'Please enter a valid Spotify track or album URL'],
    ['https://open.spotify.com/track/', 'Please enter a valid Spotify track or album URL'],
    ['https://example.com/track/abc', 'Please enter a valid Spotify track or album URL'],
  ])('%j is refused: %s', (url, message) => {
    expect(parseSpotifyCatalogueUrl(url)).toEqual({ ok: false, message });
  });

  it('builds the canonical link back', () => {
    expect(buildSpotifyUrl({ type: 'album', id: 'x1' })).toBe('https://open.spotify.com/album/x1');
  });
});

describe('search rules', () => {
  it.each([
    ['', false],
    ['a', false],
    [' a ', false],
    ['ab', true],
  ])('query %j starts a search: %s', (query, expected) => {
    expect(canStartSearch(query)).toBe(expected);
  });

  it.each([
    [8, 8],
    [500, 50],
    [0, 1],
    ['12', 12],
    ['abc', 20],
    [undefined, 20],
  ])('limit %j becomes %i', (limit, expected) => {
    expect(clampSearchLimit(limit)).toBe(expected);
  });

  it('shows at most 5 results', () => {
    expect(takeShownResults([1, 2, 3, 4, 5, 6, 7])).toEqual([1, 2, 3, 4, 5]);
  });
});
