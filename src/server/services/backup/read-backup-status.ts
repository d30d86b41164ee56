import { and, eq, inArray } from 'drizzle-orm';
import type { BackupStatus } from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { listArchives, readBackupStatus } from './backup-directory';

/** The Backups card: BACKUP_DIR's archives and last attempt, and the daily job's next run. */
export async function readBackupOverview(
  db: Database,
  config: Pick<AppConfig, 'backup'>,
): Promise<BackupStatus> {
  const [job] = await db
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.type, 'maintenance.backup'), inArray(jobs.status, ['pending', 'running'])))
    .limit(1);
  const { dir, keep } = config.backup;
  if (!dir) return { success: true, enabled: false, keep, archives: 0, last: null, nextRunAt: null };
  const [archives, last] = await Promise.all([listArchives(dir), readBackupStatus(dir)]);
  return {
    success: true,
    enabled: true,
    keep,
    archives: archives.length,
    last: last
      ? {
          result: last.result,
          at: last.at,
          fileName: last.fileName,
          bytes: last.bytes,
          durationMs: last.durationMs,
          error: last.error,
        }
      : null,
    nextRunAt: job ? job.runAt.toISOString() : null,
  };
}
