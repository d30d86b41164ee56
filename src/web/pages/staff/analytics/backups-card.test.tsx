import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BackupStatus } from '../../../../domain';
import { BackupsSummary } from './backups-card';

const succeeded = {
  result: 'succeeded' as const,
  at: '2026-11-25T02:00:04.000Z',
  fileName: 'imprint-backup-20261125T020004Z.zip',
  bytes: 42 * 1024 * 1024,
  durationMs: 12_400,
  error: null,
};

const on: BackupStatus = {
  success: true,
  enabled: true,
  keep: 7,
  archives: 3,
  last: succeeded,
  nextRunAt: '2026-11-26T02:00:00.000Z',
};

describe('the Backups card', () => {
  it('says backups are off, and how to switch them on, without BACKUP_DIR', () => {
    render(<BackupsSummary status={{ ...on, enabled: false, archives: 0, last: null, nextRunAt: null }} />);
    expect(screen.getByText(/Backups are off: set BACKUP_DIR/)).toBeTruthy();
  });

  it('shows the last backup: when, its file, its size and how many are kept', () => {
    const { container } = render(<BackupsSummary status={on} />);
    expect(screen.getByText('Succeeded')).toBeTruthy();
    expect(container.textContent).toContain('File: imprint-backup-20261125T020004Z.zip');
    expect(container.textContent).toContain('Size: 42.0 MB, written in 12.4 s');
    expect(container.textContent).toContain('Kept: 3 of the newest 7');
    expect(container.textContent).toContain('Next backup:');
  });

  it('shows a failed backup with its error', () => {
    const failed = {
      ...succeeded,
      result: 'failed' as const,
      fileName: null,
      bytes: null,
      durationMs: null,
      error: 'ENOSPC: no space left on device',
    };
    const { container } = render(<BackupsSummary status={{ ...on, last: failed }} />);
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(container.textContent).toContain('Error: ENOSPC: no space left on device');
  });
});
