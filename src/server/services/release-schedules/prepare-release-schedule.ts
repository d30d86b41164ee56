import { eq, sql } from 'drizzle-orm';
import {
  buildReleaseScheduleContent,
  listScheduleUploadIds,
  SCHEDULED_RELEASE_STATUSES,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { releaseSchedules, submissions } from '../../db/schema';
import type { StorageProvider } from '../../providers/storage/storage';
import { queueSubmissionMail } from '../audit/queue-submission-mail';
import { snapshotFiles } from '../review/file-snapshots';
import { readReleaseScheduleSource } from '../submissions/read-submissions';
import { openScheduleRequest } from './open-schedule-request';
import { composeScheduleToSignMail } from './schedule-mail';
import { findCurrentSchedule, scheduleSourceKey, toScheduleSource } from './schedule-source';
import { supersedeSchedule } from './supersede-schedule';

export type PrepareScheduleOutcome =
  | { result: 'prepared'; scheduleId: string; version: number; requestId: string | null }
  | { result: 'unchanged'; scheduleId: string }
  | { result: 'not_approved' }
  | { result: 'nothing_to_schedule' }
  | { result: 'gone' };

/**
 * The `contracts.prepare-schedule` job's work: the schedule of an approved release, with the
 * SHA-256 of each track's audio and of the artwork (read once from storage and kept on the upload,
 * `snapshotFiles`), and its signature request. The files are hashed before the transaction; inside
 * it the submission is locked and read again, so what is frozen is what is stored at commit. An
 * unchanged schedule is kept (approving twice, a bulk decision, a duplicate job make one); a
 * changed one is superseded by the next version. The artist is mailed the way to sign it.
 */
export async function prepareReleaseSchedule(
  deps: { db: Database; storage: StorageProvider; config: AppConfig },
  submissionId: string,
  now: Date,
): Promise<PrepareScheduleOutcome> {
  const before = await readReleaseScheduleSource(deps.db, submissionId);
  if (!before) return { result: 'gone' };
  if (!SCHEDULED_RELEASE_STATUSES.includes(before.status)) return { result: 'not_approved' };
  // A catalogue transfer alone has no tracks of its own: no files were approved, no schedule.
  if (before.tracks.length === 0) return { result: 'nothing_to_schedule' };
  const files = await snapshotFiles(deps, listScheduleUploadIds(toScheduleSource(before)));

  return deps.db.transaction(async (tx): Promise<PrepareScheduleOutcome> => {
    await tx
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.id, submissionId))
      .for('update');
    const row = await readReleaseScheduleSource(tx, submissionId);
    if (!row) return { result: 'gone' };
    if (!SCHEDULED_RELEASE_STATUSES.includes(row.status)) return { result: 'not_approved' };
    const source = toScheduleSource(row);
    const sourceKey = scheduleSourceKey(source);
    const current = await findCurrentSchedule(tx, submissionId, { forUpdate: true });
    if (current?.sourceKey === sourceKey) return { result: 'unchanged', scheduleId: current.id };
    // A file swapped since the hashing above: the job runs again (the queue's retry) and hashes it.
    if (listScheduleUploadIds(source).some((id) => !files.has(id)))
      throw new Error(`The files of submission ${submissionId} changed while its schedule was prepared`);
    const content = buildReleaseScheduleContent(
      source,
      new Map([...files].map(([id, file]) => [id, { fileName: file.fileName, sha256: file.sha256 }])),
    );
    if (current) await supersedeSchedule(tx, current, now);
    const [last] = await tx
      .select({ version: sql<number>`coalesce(max(${releaseSchedules.version}), 0)::int` })
      .from(releaseSchedules)
      .where(eq(releaseSchedules.submissionId, submissionId));
    const version = (last?.version ?? 0) + 1;
    const [schedule] = await tx
      .insert(releaseSchedules)
      .values({ submissionId, artistId: row.artistId, version, content, sourceKey, createdAt: now })
      .returning();
    if (!schedule) throw new Error(`The schedule of submission ${submissionId} was not stored`);
    const request = await openScheduleRequest(tx, deps.config, schedule, {}, now);
    if (request)
      await queueSubmissionMail(
        tx,
        composeScheduleToSignMail(deps.config, request.signerEmail, {
          artistName: request.signerName,
          releaseTitle: content.releaseTitle,
          version,
          submissionId,
        }),
        { submissionId, purpose: 'release_schedule' },
      );
    return { result: 'prepared', scheduleId: schedule.id, version, requestId: request?.id ?? null };
  });
}
