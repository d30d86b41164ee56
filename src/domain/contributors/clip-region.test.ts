import { describe, expect, it } from 'vitest';
import {
  type ClipRegion,
  type ClipRegionEdge,
  clampClipRegion,
  describeClipRegion,
  formatClipLengthLimited,
  getAllowedClipLength,
  getClipRegion,
  getClipRegionForKey,
  nudgeClipRegion,
  toClipTimes,
} from './clip-region';

describe('getAllowedClipLength', () => {
  it.each([
    [240, { min: 30, max: 60 }],
    [45.9, { min: 30, max: 45 }],
    [12.5, { min: 12, max: 12 }],
    [0, { min: 0, max: 0 }],
  ])('a %s s track allows %o', (seconds, allowed) => {
    expect(getAllowedClipLength(seconds)).toEqual(allowed);
  });
});

describe('clampClipRegion', () => {
  const cases: [string, ClipRegion, number, ClipRegionEdge, ClipRegion][] = [
    [
      'keeps an allowed region, rounded to whole seconds',
      { start: 10.4, end: 49.6 },
      240,
      'move',
      { start: 10, end: 50 },
    ],
    ['stops a start edge dragged past 60 s', { start: 20, end: 100 }, 240, 'start', { start: 40, end: 100 }],
    ['stops a start edge dragged under 30 s', { start: 90, end: 100 }, 240, 'start', { start: 70, end: 100 }],
    ['stops an end edge dragged past 60 s', { start: 20, end: 200 }, 240, 'end', { start: 20, end: 80 }],
    ['stops an end edge dragged under 30 s', { start: 20, end: 25 }, 240, 'end', { start: 20, end: 50 }],
    [
      'moves a start edge forward when the end is too early',
      { start: 0, end: 10 },
      240,
      'start',
      { start: 0, end: 30 },
    ],
    [
      'moves the start back when the end meets the track end',
      { start: 230, end: 235 },
      240,
      'end',
      { start: 210, end: 240 },
    ],
    ['keeps a moved region on the track (left)', { start: -12, end: 28 }, 240, 'move', { start: 0, end: 40 }],
    [
      'keeps a moved region on the track (right)',
      { start: 220, end: 260 },
      240.7,
      'move',
      { start: 200, end: 240 },
    ],
    [
      'brings a moved region that is too long to 60 s',
      { start: 10, end: 100 },
      240,
      'move',
      { start: 10, end: 70 },
    ],
    [
      'brings a moved region that is too short to 30 s',
      { start: 10, end: 15 },
      240,
      'move',
      { start: 10, end: 40 },
    ],
    ['makes a clip of a 20 s track the whole track', { start: 3, end: 9 }, 20, 'move', { start: 0, end: 20 }],
    [
      'makes a resized clip of a 20 s track the whole track',
      { start: 5, end: 9 },
      20,
      'end',
      { start: 0, end: 20 },
    ],
  ];
  it.each(cases)('%s', (_name, region, trackSeconds, edge, expected) => {
    expect(clampClipRegion(region, trackSeconds, edge)).toEqual(expected);
  });
});

describe('nudgeClipRegion', () => {
  const cases: [string, ClipRegion, number, number, ClipRegion][] = [
    ['moves a second later', { start: 30, end: 60 }, 1, 240, { start: 31, end: 61 }],
    ['moves five seconds earlier', { start: 30, end: 60 }, -5, 240, { start: 25, end: 55 }],
    ['stops at the start of the track', { start: 3, end: 33 }, -5, 240, { start: 0, end: 30 }],
    ['stops at the end of the track', { start: 200, end: 240 }, 1, 240.5, { start: 200, end: 240 }],
    ['keeps a length outside 30-60 s as it is', { start: 10, end: 20 }, 1, 240, { start: 11, end: 21 }],
    [
      'shortens a region longer than the track to the track',
      { start: 0, end: 90 },
      5,
      45,
      { start: 0, end: 45 },
    ],
  ];
  it.each(cases)('%s', (_name, region, seconds, trackSeconds, expected) => {
    expect(nudgeClipRegion(region, seconds, trackSeconds)).toEqual(expected);
  });
});

describe('getClipRegion', () => {
  it.each([
    [{ startTime: '00:45', endTime: '01:25' }, 240, { start: 45, end: 85 }],
    [{ startTime: '03:50', endTime: '04:30' }, 240, { start: 230, end: 240 }],
    [{ startTime: '04:00', endTime: '04:30' }, 240, null],
    [{ startTime: '01:00', endTime: '00:30' }, 240, null],
    [{ startTime: '1:', endTime: '00:30' }, 240, null],
  ])('%o on a %s s track is %o', (clip, trackSeconds, expected) => {
    expect(getClipRegion(clip, trackSeconds)).toEqual(expected);
  });
});

describe('texts', () => {
  it('gives the times as mm:ss and says where the region is', () => {
    expect(toClipTimes({ start: 45, end: 85 })).toEqual({ startTime: '00:45', endTime: '01:25' });
    expect(describeClipRegion(1, { start: 45, end: 85 })).toBe('Clip 1: 00:45 to 01:25, 40 seconds');
    expect(formatClipLengthLimited(2, 60)).toBe('Clip 2 stops at 60 seconds: clips are 30-60 seconds');
  });
});

describe('getClipRegionForKey', () => {
  const region = { start: 40, end: 80 };
  it.each([
    ['ArrowRight', false, { start: 41, end: 81 }],
    ['ArrowUp', false, { start: 41, end: 81 }],
    ['ArrowLeft', false, { start: 39, end: 79 }],
    ['ArrowDown', true, { start: 35, end: 75 }],
    ['ArrowRight', true, { start: 45, end: 85 }],
    ['PageUp', false, { start: 50, end: 90 }],
    ['PageDown', false, { start: 30, end: 70 }],
    ['Home', false, { start: 0, end: 40 }],
    ['End', false, { start: 200, end: 240 }],
    ['Tab', false, null],
    ['a', true, null],
  ])('%s (Shift %s) → %o', (key, shift, expected) => {
    expect(getClipRegionForKey(key, shift, region, 240)).toEqual(expected);
  });
});
