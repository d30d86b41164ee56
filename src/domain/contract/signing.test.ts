import { describe, expect, it } from 'vitest';
import { getPollingProgress, shouldKeepPolling } from './signing';

describe('contract signature polling', () => {
  it.each([
    ['awaiting_signature', 0, true],
    ['awaiting_signature', 29, true],
    ['awaiting_signature', 30, false],
    ['signed', 1, false],
    ['declined', 1, false],
    ['expired', 1, false],
  ] as const)('%s after %i attempts keeps polling: %s', (status, attempts, expected) => {
    expect(shouldKeepPolling(status, attempts)).toBe(expected);
  });

  it('tracks progress over the 30 attempts', () => {
    expect(getPollingProgress(0)).toBe(0);
    expect(getPollingProgress(15)).toBe(50);
    expect(getPollingProgress(45)).toBe(100);
  });
});
