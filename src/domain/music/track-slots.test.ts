import { describe, expect, it } from 'vitest';
import { createEmptyTrack } from '../schemas/form-defaults';
import type { ReleaseType } from '../schemas/submission-form';
import { makeTrack } from './test-fixtures';
import { addTrackSlot, canShowAddTrack, nameReleaseBySize, resizeTracksForReleaseType } from './track-slots';

describe('track slots', () => {
  it.each([
    ['single', 1, true],
    ['single', 2, false],
    ['ep', 5, true],
    ['ep', 6, false],
    ['lp', 11, true],
    ['lp', 12, false],
  ] as const)('%s with %i tracks shows the add control: %s', (type, count, expected) => {
    expect(canShowAddTrack(type, count)).toBe(expected);
  });

  it.each([
    ['single', 2],
    ['ep', 6],
    ['lp', 20],
  ] as const)('the add handler caps a %s at %i tracks', (type: ReleaseType, cap) => {
    let tracks = [makeTrack(0)];
    for (let i = 1; i < 30; i++) tracks = addTrackSlot(tracks, type, makeTrack(i));
    expect(tracks).toHaveLength(cap);
  });

  it.each([
    ['single', 1],
    ['ep', 3],
    ['lp', 6],
  ] as const)('changing to %s gives %i slots', (type, slots) => {
    const tracks = resizeTracksForReleaseType([], type, (i) => createEmptyTrack(`new-${i}`));
    expect(tracks.map((t) => t.id)).toEqual(Array.from({ length: slots }, (_, i) => `new-${i}`));
  });

  it('keeps uploaded tracks up to the new count and drops empty ones', () => {
    const tracks = [
      makeTrack(1),
      createEmptyTrack('empty'),
      makeTrack(2, { url: undefined, file: { name: 'b.wav', type: 'audio/wav', size: 5 } }),
      makeTrack(3),
      makeTrack(4),
    ];
    const toEp = resizeTracksForReleaseType(tracks, 'ep', (i) => createEmptyTrack(`new-${i}`));
    expect(toEp.map((t) => t.id)).toEqual(['t1', 't2', 't3']);
    const toLp = resizeTracksForReleaseType(tracks, 'lp', (i) => createEmptyTrack(`new-${i}`));
    expect(toLp.map((t) => t.id)).toEqual(['t1', 't2', 't3', 't4', 'new-4', 'new-5']);
    const toSingle = resizeTracksForReleaseType(tracks, 'single', (i) => createEmptyTrack(`new-${i}`));
    expect(toSingle.map((t) => t.id)).toEqual(['t1']);
  });

  it.each([
    [1, 'Single'],
    [2, 'Single'],
    [3, 'EP'],
    [6, 'EP'],
    [7, 'Album'],
    [20, 'Album'],
  ])('the strategy screen calls %i tracks a %s', (count, name) => {
    expect(nameReleaseBySize(count)).toBe(name);
  });
});
