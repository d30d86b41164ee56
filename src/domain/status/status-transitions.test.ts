import { describe, expect, it } from 'vitest';
import { canChangeStatus, formatStatusChangeRefused, getNextStatuses } from './status-transitions';
import { SUBMISSION_STATUSES } from './submission-status';

describe('status transitions', () => {
  it('moves a new submission on to in progress, approved or rejected', () => {
    expect(getNextStatuses('pending')).toEqual(['in_progress', 'approved', 'rejected']);
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

  it('names both statuses when refusing', () => {
    expect(formatStatusChangeRefused('live', 'pending')).toBe(
      'A submission that is Live cannot be set to Pending',
    );
  });
});
