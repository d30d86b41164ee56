/**
 * The front cover stores take: a square RGB JPEG of 3000 × 3000 px (what every major store asks
 * for), made from the artwork when it can be without changing what the artist approved: an artwork
 * smaller than 1400 px (the common floor; Apple and Spotify both take 1400) would have to be
 * enlarged, and one clearly not square would lose part of its picture.
 */
export const COVER_SIZE = 3000;
export const COVER_MIN_SIZE = 1400;
/** How far from square an artwork may be and still be cropped to a square without losing its content. */
export const COVER_SQUARE_TOLERANCE = 0.02;

/** Why no store cover can be made from an artwork of this size (upright pixels), or null when one can. */
export function checkCoverArtwork(width: number, height: number): string | null {
  if (Math.min(width, height) < COVER_MIN_SIZE)
    return `the artwork is ${width} × ${height} px; stores need at least ${COVER_MIN_SIZE} × ${COVER_MIN_SIZE}`;
  if (Math.abs(width - height) / Math.max(width, height) > COVER_SQUARE_TOLERANCE)
    return `the artwork is ${width} × ${height} px; stores need a square cover`;
  return null;
}
