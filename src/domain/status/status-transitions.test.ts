import { describe, expect, it } from 'vitest';
import {
  canChangeStatus,
  canRequestChanges,
  formatStatusChangeRefused,
  getNextStatuses,
  getStatusChangeChoices,
  STATUS_AFTER_RESUBMISSION,
} from './status-transitions';
import { SUBMISSION_STATUSES } from './submission-status';

describe('status transitions', () => {
  it('moves a new submission on to in progress, approved or rejected', () => {
    expect(getStatusChangeChoices('pending')).toEqual(['in_progress', 'approved', 'rejected']);
    expect(canChangeStatus('pending', 'approved')).toBe(true);
    expect(canChangeStatus('pending', 'live')).toBe(false);
  });

  it('never allows staying put, and every status can go somewhere', () => {
    for (const status of SUBMISSION_STATUSES) {
      expect(canChangeStatus(status, status)).toBe(false);
      expect(getNextStatuses(status).length).toBeGreaterThan(0);
    }
  });

  it('reopens a rejected submission only as pending', () => {
    expect(getNextStatuses('rejected')).toEqual(['pending']);
  });

  it('asks for changes while a submission is under review or approved, never by a plain status change', () => {
    expect(SUBMISSION_STATUSES.filter(canRequestChanges)).toEqual([
      'pending',
      'in_progress',
      'processing',
      'approved',
    ]);
    for (const status of SUBMISSION_STATUSES) {
      expect(getStatusChangeChoices(status)).not.toContain('changes_requested');
    }
  });

  it('sends a resubmission back to review; staff may withdraw the request or decline', () => {
    expect(STATUS_AFTER_RESUBMISSION).toBe('pending');
    expect(getNextStatuses('changes_requested')).toEqual(['pending', 'rejected']);
    expect(canChangeStatus('changes_requested', 'approved')).toBe(false);
  });

  it('names both statuses when refusing', () => {
    expect(formatStatusChangeRefused('live', 'pending')).toBe(
      'A submission that is Live cannot be set to Pending',
    );
  });
});
