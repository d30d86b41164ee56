/** Streaming-service URL messages, word for word from spec 001 §5 (the service is Spotify). */
export const SPOTIFY_ARTIST_URL_REQUIRED = 'Please enter a Spotify artist URL';
export const SPOTIFY_ARTIST_URL_INVALID = 'Please enter a valid Spotify artist URL';
export const SPOTIFY_PROFILE_NOT_VERIFIED = 'Could not verify Spotify profile.';
export const SPOTIFY_URL_REQUIRED = 'Please enter a Spotify URL';
export const SPOTIFY_CATALOGUE_URL_INVALID = 'Please enter a valid Spotify track or album URL';
