import { backUpIntoDirectory, describeBackupError } from '../services/backup/backup-directory';
import { recordErrorEvent } from '../services/monitoring/record-error-event';
import { defineJob, msUntilNextUtcHour } from './define-job';
import { jobPayloads } from './job-names';

/** The hour (UTC) of the daily backup: night in Europe and the Americas, when few submit. */
export const BACKUP_HOUR_UTC = 2;

/** Milliseconds from `now` to the next BACKUP_HOUR_UTC:00. */
export function msUntilNextBackup(now: Date): number {
  return msUntilNextUtcHour(now, BACKUP_HOUR_UTC);
}

/**
 * `maintenance.backup`, daily: one archive of the database and every stored file into BACKUP_DIR
 * (services/backup/backup-directory.ts), the newest BACKUP_KEEP kept. Without BACKUP_DIR it only
 * reschedules itself. A failure does not retry through the queue (a recurring job that gave up
 * would stop for good): it is recorded as an error event for staff, HIGH (the installation has no
 * fresh backup until the next run), and in the folder's status file, and the next day's run tries
 * again. On PGlite the archive's database snapshot holds every other query for its duration (the
 * status file and the log say how long).
 */
export const takeBackupJob = defineJob({
  name: 'maintenance.backup',
  payload: jobPayloads['maintenance.backup'],
  recurring: true,
  async handle(_payload, { db, providers, config, now, log }) {
    const next = { rescheduleAfterMs: msUntilNextBackup(now) };
    if (!config.backup.dir) return next;
    try {
      const summary = await backUpIntoDirectory(
        { db, storage: providers.storage, dataDir: config.dataDir },
        { dir: config.backup.dir, keep: config.backup.keep },
      );
      log.info(
        {
          file: summary.file,
          bytes: summary.bytes,
          rows: summary.rows,
          objects: summary.objects,
          snapshotMs: summary.snapshotMs,
          durationMs: summary.durationMs,
        },
        'backup written',
      );
    } catch (error) {
      log.error({ err: error }, 'backup failed');
      await recordErrorEvent(db, {
        source: 'job',
        category: 'job',
        severity: 'HIGH',
        message: `Backup into ${config.backup.dir} failed: ${describeBackupError(error)}`,
        stage: 'maintenance.backup',
        metadata: { jobName: 'maintenance.backup', backupDir: config.backup.dir },
      });
    }
    return next;
  },
});
