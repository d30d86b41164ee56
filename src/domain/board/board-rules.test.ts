import { describe, expect, it } from 'vitest';
import {
  boardSearchWordKind,
  boardSearchWords,
  isNarrowReleaseRange,
  isSearchableBoardQuery,
  likePatternOf,
} from './board-rules';

describe('the board search', () => {
  it.each([
    ['  Maya   Rivers ', ['maya', 'rivers']],
    ['maya maya', ['maya']],
    ['GB-ABC-24-00017', ['gbabc2400017']],
    ['gb abc 24 00017', ['gbabc2400017']],
    ['GBABC2400017', ['gbabc2400017']],
    ['0602 5770 0001 7', ['0602577000017']],
    ['0602-577-000017', ['0602577000017']],
    ['', []],
    [undefined, []],
  ])('%j → %j', (search, words) => {
    expect(boardSearchWords(search)).toEqual(words);
  });

  it('needs a word of 3 characters for the index', () => {
    expect(isSearchableBoardQuery('dj')).toBe(false);
    expect(isSearchableBoardQuery('dj mo')).toBe(false);
    expect(isSearchableBoardQuery('dj max')).toBe(true);
    expect(isSearchableBoardQuery('')).toBe(false);
  });

  it('matches whole codes and addresses exactly, anything else anywhere', () => {
    expect(boardSearchWordKind('gbabc2400017')).toBe('isrc');
    expect(boardSearchWordKind('0602577000017')).toBe('upc');
    expect(boardSearchWordKind('060257700001')).toBe('upc');
    expect(boardSearchWordKind('maya@rivers.example')).toBe('email');
    expect(boardSearchWordKind('maya@')).toBe('text');
    expect(boardSearchWordKind('gbabc24')).toBe('text');
    expect(boardSearchWordKind('rivers')).toBe('text');
  });

  it('calls a release date range of up to 92 days narrow', () => {
    expect(isNarrowReleaseRange('2025-03-01', '2025-03-31')).toBe(true);
    expect(isNarrowReleaseRange('2025-01-01', '2025-04-03')).toBe(true);
    expect(isNarrowReleaseRange('2025-01-01', '2025-04-04')).toBe(false);
    expect(isNarrowReleaseRange('2025-01-01', undefined)).toBe(false);
    expect(isNarrowReleaseRange(undefined, '2025-01-01')).toBe(false);
  });

  it('escapes LIKE wildcards', () => {
    expect(likePatternOf('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
