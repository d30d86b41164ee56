import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BackupStatus } from '../../../../domain';
import { useBackupStatus } from '../../../api/backups';
import { formatEventTime } from './analytics-format';

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Typography variant="body2" component="p">
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Typography>
      {children}
    </Typography>
  );
}

export function BackupsSummary({ status }: { status: BackupStatus }) {
  if (!status.enabled)
    return (
      <Typography sx={{ color: 'text.secondary' }}>
        Backups are off: set BACKUP_DIR to have the server write an archive of the database and every stored
        file each night. Any time, <code>npm run imprint -- backup FILE</code> writes one.
      </Typography>
    );
  const { last } = status;
  return (
    <Stack spacing={1}>
      {last ? (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip
              size="small"
              color={last.result === 'succeeded' ? 'success' : 'error'}
              label={last.result === 'succeeded' ? 'Succeeded' : 'Failed'}
            />
            <Typography variant="body2">Last backup {formatEventTime(last.at)}</Typography>
          </Stack>
          {last.fileName && <Line label="File">{last.fileName}</Line>}
          {last.bytes !== null && (
            <Line label="Size">
              {formatBytes(last.bytes)}
              {last.durationMs !== null ? `, written in ${(last.durationMs / 1000).toFixed(1)} s` : ''}
            </Line>
          )}
          {last.error && <Line label="Error">{last.error}</Line>}
        </>
      ) : (
        <Typography variant="body2">No backup has been written yet.</Typography>
      )}
      <Line label="Kept">
        {status.archives} of the newest {status.keep}
      </Line>
      {status.nextRunAt && <Line label="Next backup">{formatEventTime(status.nextRunAt)}</Line>}
    </Stack>
  );
}

/** The analytics page's Backups card (BACKUP_DIR, the daily job's last result). */
export function BackupsCard() {
  const query = useBackupStatus();
  if (query.data) return <BackupsSummary status={query.data} />;
  return (
    <Typography sx={{ color: 'text.secondary' }}>
      {query.isError ? 'The backup status could not be loaded.' : 'Loading…'}
    </Typography>
  );
}
