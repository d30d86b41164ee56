import { describe, expect, it } from 'vitest';
import { getStatusBanner } from './status-banner';
import {
  getStatusChipColour,
  isAwaitingReleaseDetails,
  isSubmissionStatus,
  parseSubmissionStatus,
} from './submission-status';
import { boardStatusSchema } from './submission-status-schema';

describe('submission status', () => {
  it.each([
    ['Pending', 'pending'],
    ['In Progress', 'in_progress'],
    ['in-progress', 'in_progress'],
    ['IN_PROGRESS', 'in_progress'],
    [' Live ', 'live'],
    ['Approved', 'approved'],
    ['Processing', 'processing'],
    ['Active', 'active'],
    ['Rejected', 'rejected'],
    ['FAILED', 'failed'],
    ['Changes requested', 'changes_requested'],
    ['changes-requested', 'changes_requested'],
    ['Archived', null],
    ['', null],
    [null, null],
  ])('%j parses to %j', (raw, expected) => {
    expect(parseSubmissionStatus(raw)).toBe(expected);
  });

  it('parses what a board sends through the schema too', () => {
    expect(boardStatusSchema.parse('In Progress')).toBe('in_progress');
    expect(boardStatusSchema.safeParse('Archived').success).toBe(false);
  });

  it('knows the canonical statuses without zod, and only them', () => {
    expect(isSubmissionStatus('in_progress')).toBe(true);
    expect(isSubmissionStatus('In Progress')).toBe(false);
    expect(isSubmissionStatus('archived')).toBe(false);
    expect(isSubmissionStatus(null)).toBe(false);
  });

  it.each([
    ['approved', 'success'],
    ['Live', 'success'],
    ['ACTIVE', 'success'],
    ['pending', 'warning'],
    ['In Progress', 'warning'],
    ['processing', 'warning'],
    ['changes_requested', 'warning'],
    ['Rejected', 'error'],
    ['failed', 'error'],
    ['archived', 'default'],
    [undefined, 'default'],
  ])('%j shows a %s chip', (status, colour) => {
    expect(getStatusChipColour(status)).toBe(colour);
  });

  it('sends in-progress submissions to release details', () => {
    expect(isAwaitingReleaseDetails('in_progress')).toBe(true);
    expect(isAwaitingReleaseDetails('pending')).toBe(false);
  });
});

describe('status banner', () => {
  it.each([
    ['pending', 'Your submission is being reviewed', "We'll update you once we've reviewed your submission."],
    ['processing', 'Your music is being processed', 'Your music is being processed for distribution.'],
    [
      'approved',
      'Your release has been approved',
      'Your release is scheduled and will go live on the release date.',
    ],
    ['live', 'Your music is now live!', 'Your music is now available on all platforms.'],
    [
      'rejected',
      'Your submission was not approved',
      'Please check your email for details on why it was rejected.',
    ],
    [
      'changes_requested',
      'A few changes are needed',
      'The label marked what to change, each with a note. Make the changes and send your submission back for review.',
    ],
    ['in_progress', 'Submission status: In Progress', 'Check back for status updates on your submission.'],
    ['failed', 'Submission status: Failed', 'Check back for status updates on your submission.'],
    ['active', 'Submission status: Active', 'Check back for status updates on your submission.'],
    ['on hold', 'Submission status: on hold', 'Check back for status updates on your submission.'],
  ])('%s: %j / %j', (status, title, text) => {
    expect(getStatusBanner(status)).toEqual({ title, text });
  });
});
