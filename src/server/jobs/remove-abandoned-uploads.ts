import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { UPLOAD_SESSION_LIFETIME_DAYS } from '../../domain';
import { uploads } from '../db/schema';
import { forgetResumableUpload, resumableKeyPrefix } from '../services/uploads/resumable-uploads';
import { stagingKey } from '../services/uploads/upload-keys';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

const removeAbandonedUploadsIntervalMs = 60 * 60_000;
/** Files of an upload session that never became a submission are kept as long as its draft. */
export const abandonedAfterHours = UPLOAD_SESSION_LIFETIME_DAYS * 24;
const batchSize = 200;

/**
 * Hourly: removes the files of upload sessions that never became a submission within their
 * lifetime (UPLOAD_SESSION_LIFETIME_DAYS),
 * and direct uploads whose link expired unused. Storage first, then the rows, so a crash half-way
 * leaves rows to retry, never files nobody knows about.
 */
export const removeAbandonedUploadsJob = defineJob({
  name: 'uploads.remove-abandoned',
  payload: jobPayloads['uploads.remove-abandoned'],
  recurring: true,
  async handle(_payload, { db, providers: { storage, resumable } }) {
    for (;;) {
      const batch = await db
        .select()
        .from(uploads)
        .where(
          and(
            isNull(uploads.claimedAt),
            or(
              lt(uploads.createdAt, sql`now() - ${abandonedAfterHours} * interval '1 hour'`),
              and(sql`${uploads.status} = 'staged'`, lt(uploads.expiresAt, sql`now()`)),
            ),
          ),
        )
        .limit(batchSize);
      if (batch.length === 0) break;
      for (const row of batch) {
        if (row.storageKey.startsWith(resumableKeyPrefix))
          await forgetResumableUpload({ resumable, storage }, row.id);
        const variantKeys = Object.values((row.variants ?? {}) as Record<string, { key: string }>).map(
          (v) => v.key,
        );
        const keys = [stagingKey(row.id), ...variantKeys];
        if (!row.storageKey.startsWith(resumableKeyPrefix)) keys.push(row.storageKey);
        await Promise.all(keys.map((key) => storage.delete(key)));
      }
      await db.delete(uploads).where(
        inArray(
          uploads.id,
          batch.map((row) => row.id),
        ),
      );
      if (batch.length < batchSize) break;
    }
    return { rescheduleAfterMs: removeAbandonedUploadsIntervalMs };
  },
});
