import { describe, expect, it } from 'vitest';
import { checkCoverArtwork } from './cover-rules';

describe('checkCoverArtwork', () => {
  it.each([
    [3000, 3000, null],
    [1400, 1400, null],
    [4000, 3930, null],
    [1399, 1399, 'the artwork is 1399 × 1399 px; stores need at least 1400 × 1400'],
    [3000, 1399, 'the artwork is 3000 × 1399 px; stores need at least 1400 × 1400'],
    [3000, 2000, 'the artwork is 3000 × 2000 px; stores need a square cover'],
    [4000, 3900, 'the artwork is 4000 × 3900 px; stores need a square cover'],
  ])('%i × %i → %s', (width, height, reason) => {
    expect(checkCoverArtwork(width, height)).toBe(reason);
  });
});
