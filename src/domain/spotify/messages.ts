import { SEARCH_MIN_CHARACTERS } from './search-rules';

/** Streaming-service URL messages, word for word from spec 001 §5 (the service is Spotify). */
export const SPOTIFY_ARTIST_URL_REQUIRED = 'Please enter a Spotify artist URL';
export const SPOTIFY_ARTIST_URL_INVALID = 'Please enter a valid Spotify artist URL';
export const SPOTIFY_PROFILE_NOT_VERIFIED = 'Could not verify Spotify profile.';
export const SPOTIFY_URL_REQUIRED = 'Please enter a Spotify URL';
export const SPOTIFY_CATALOGUE_URL_INVALID = 'Please enter a valid Spotify track or album URL';

/** Not quoted by the spec: the server's answers to a too-short or typeless search, and too many searches. */
export const SEARCH_TOO_SHORT = `Search query must be at least ${SEARCH_MIN_CHARACTERS} characters`;
export const SEARCH_TYPE_INVALID = 'Search type must be track or album';
export const SPOTIFY_RATE_LIMITED =
  'Too many searches from your network. Please wait a minute and try again.';
