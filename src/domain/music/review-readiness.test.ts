import { describe, expect, it } from 'vitest';
import { createEmptyTrack } from '../schemas/form-defaults';
import { getReviewBadgeLabel, isReadyToSubmit } from './review-readiness';
import { makeTrack } from './test-fixtures';

const ready = {
  artistName: 'Nova Lane',
  country: 'Ireland',
  city: 'Cork',
  releaseTitle: 'First Light',
  primaryGenre: 'Pop',
  releaseDate: '2026-04-21',
  tracks: [makeTrack(1)],
};

describe('review badge', () => {
  it('is "Ready to Submit" when every headline field and a track with audio are there', () => {
    expect(isReadyToSubmit(ready)).toBe(true);
    expect(getReviewBadgeLabel(ready)).toBe('Ready to Submit');
  });

  it.each(['artistName', 'country', 'city', 'releaseTitle', 'primaryGenre', 'releaseDate'] as const)(
    'is "Some fields incomplete" without %s',
    (field) => {
      expect(getReviewBadgeLabel({ ...ready, [field]: ' ' })).toBe('Some fields incomplete');
    },
  );

  it.each([
    ['no tracks', []],
    ['only an empty slot', [createEmptyTrack('e')]],
  ])('is not ready with %s', (_, tracks) => {
    expect(isReadyToSubmit({ ...ready, tracks })).toBe(false);
  });

  it('counts a track with a picked file but no url yet', () => {
    const tracks = [makeTrack(1, { url: undefined, file: { name: 'a.wav', type: 'audio/wav', size: 9 } })];
    expect(isReadyToSubmit({ ...ready, tracks })).toBe(true);
  });
});
