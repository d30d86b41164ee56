import { describe, expect, it } from 'vitest';
import {
  CONTRACT_MESSAGES,
  formatBoardEntryFailed,
  formatTrackUploadFailed,
  formatWaitingListServerError,
  INVITATION_MESSAGES,
  WAITING_LIST_MESSAGES,
} from './error-messages';
import { classifyErrorNoise, getErrorReportRetryDelay, isErrorNoise } from './error-noise';

const APP = 'https://imprint.example/assets/index-abc.js';

describe('error-report noise filter', () => {
  it.each([
    [{ message: 'Script error.', filename: APP }, 'script-error'],
    [{ message: 'Script error', filename: '' }, 'script-error'],
    [{ message: 'x is undefined', filename: 'chrome-extension://abc/content.js' }, 'extension'],
    [{ message: 'oops', filename: APP, stack: 'at f (moz-extension://id/a.js:1:1)' }, 'extension'],
    [{ message: 'MetaMask: Failed to connect', filename: APP }, 'wallet'],
    [{ message: 'Cannot redefine property: ethereum', filename: APP }, 'wallet'],
    [{ message: 'net::ERR_BLOCKED_BY_CLIENT', filename: APP }, 'ad-blocker'],
    [
      { message: 'ResizeObserver loop completed with undelivered notifications.', filename: APP },
      'resize-observer',
    ],
    [{ message: 'ResizeObserver loop limit exceeded', filename: APP }, 'resize-observer'],
    [{ message: 'ChunkLoadError: Loading chunk 42 failed.', filename: APP }, 'chunk-load'],
    [{ message: 'Failed to fetch dynamically imported module: /assets/x.js', filename: APP }, 'chunk-load'],
    [{ message: 'Importing a module script failed.', filename: APP }, 'chunk-load'],
    [{ message: 'TypeError: a is null' }, 'no-file-name'],
    [{ message: 'TypeError: a is null', filename: ' ' }, 'no-file-name'],
    [{ message: 'TypeError: a is null', filename: APP }, null],
  ])('%j is %j', (error, kind) => {
    expect(classifyErrorNoise(error)).toBe(kind);
    expect(isErrorNoise(error)).toBe(kind !== null);
  });
});

describe('error-report retries', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, null],
  ])('after failed attempt %i wait %j ms', (attempt, delay) => {
    expect(getErrorReportRetryDelay(attempt)).toBe(delay);
  });
});

describe('error catalogue', () => {
  it('keeps the spec’s words', () => {
    expect(CONTRACT_MESSAGES.statusCheckFailed).toBe(
      'Error checking contract status. You may need to click "I\'ve Signed" if you completed signing.',
    );
    expect(CONTRACT_MESSAGES.conflict).toBe(
      'This request is already in progress. Please refresh the page if you need to start over.',
    );
    expect(INVITATION_MESSAGES.invalidLink).toBe(
      'This invitation link is invalid, expired, or has already been used.',
    );
    expect(WAITING_LIST_MESSAGES.network).toBe(
      'Network error: Please check your internet connection and try again.',
    );
    expect(formatWaitingListServerError(500, 'boom')).toBe('Server error: 500 boom');
    expect(formatTrackUploadFailed('Night Drive', 'HTTP 500')).toBe('Failed to upload Night Drive: HTTP 500');
    expect(formatBoardEntryFailed('board')).toBe('Failed to create board entry');
  });
});
