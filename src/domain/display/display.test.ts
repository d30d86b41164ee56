import { describe, expect, it } from 'vitest';
import {
  formatDisplayDate,
  formatOptionalValue,
  getReleaseTypeLabel,
  getSubmissionPath,
  parseDashboardTab,
  selectArtworkUrl,
} from './display-rules';
import { NO_MEDIA_FILES, NO_SUBMISSION_ID, NO_SUBMISSIONS, SUBMISSION_NOT_FOUND } from './messages';

describe('display rules', () => {
  it.each([
    [undefined, 'TBD'],
    [null, 'TBD'],
    ['', 'TBD'],
    ['soon', 'TBD'],
    ['2027-01-05', 'January 5, 2027'],
    ['2026-03-01T10:00:00Z', 'March 1, 2026'],
  ])('the date %j shows as %j', (value, expected) => {
    expect(formatDisplayDate(value)).toBe(expected);
  });

  it.each([
    ['single', 'Single'],
    ['ep', 'EP'],
    ['lp', 'Album'],
    ['remix', 'remix'],
    ['', 'Release'],
    [undefined, 'Release'],
  ])('release type %j shows as %j', (type, label) => {
    expect(getReleaseTypeLabel(type)).toBe(label);
  });

  it.each([
    [null, { tab: 0 }],
    ['0', { tab: 0 }],
    ['1', { tab: 1 }],
    ['2', { tab: 0, replaceWith: '0' }],
    ['-1', { tab: 0, replaceWith: '0' }],
    ['1.0', { tab: 0, replaceWith: '0' }],
    ['abc', { tab: 0, replaceWith: '0' }],
    ['', { tab: 0, replaceWith: '0' }],
  ])('dashboard ?tab=%j gives %j', (query, expected) => {
    expect(parseDashboardTab(query)).toEqual(expected);
  });

  it.each([
    [{ artworkUrl: '/a.jpg', transferMetadata: { releases: [{ artworkUrl: '/b.jpg' }] } }, '/a.jpg'],
    [{ artworkUrl: '', transferMetadata: { releases: [{ artworkUrl: '/b.jpg' }] } }, '/b.jpg'],
    [
      {
        transferMetadata: { releases: [] },
        catalogueItems: [
          { id: 'c', type: 'track' as const, title: 't', artist: 'a', spotifyUrl: 's', image: '/c.jpg' },
        ],
      },
      '/c.jpg',
    ],
    [{}, undefined],
  ])('artwork of %j is %j', (submission, expected) => {
    expect(selectArtworkUrl(submission)).toBe(expected);
  });

  it('opens in-progress submissions on the release details page', () => {
    expect(getSubmissionPath({ itemId: '42', status: 'in_progress' })).toBe('/release-details/42');
    expect(getSubmissionPath({ itemId: '42', status: 'live' })).toBe('/submission/42');
  });

  it('shows N/A for a missing value', () => {
    expect(formatOptionalValue(undefined)).toBe('N/A');
    expect(formatOptionalValue(0)).toBe('0');
  });

  it('words the empty states as the spec does', () => {
    expect(NO_SUBMISSIONS).toBe("You don't have any submissions yet.");
    expect(NO_MEDIA_FILES).toBe('No media files available for this submission.');
    expect(SUBMISSION_NOT_FOUND).toBe('Submission not found');
    expect(NO_SUBMISSION_ID).toBe('No submission ID provided');
  });
});
