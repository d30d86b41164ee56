import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { AUDIO_FORMATS, createWavLoudnessAnalyser, type WavLoudnessResult } from '../../domain';
import type { Database } from '../db/client';
import { submissionTracks, trackLoudness, uploads } from '../db/schema';
import type { StorageProvider } from '../providers/storage/storage';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

export const LOUDNESS_FILE_GONE = "The track's audio file is missing from storage";
export const LOUDNESS_FILE_UNREADABLE = "The track's audio file could not be read from storage";

/** Why a file of another format is not measured: the check decodes WAV (PCM or float) only. */
export function notWavReason(format: string): string {
  return `Only WAV files are measured, and this file is ${format.toUpperCase()}`;
}

type Measured =
  | { ok: true; result: Extract<WavLoudnessResult, { ok: true }>; sha256: string }
  | { ok: false; reason: string };

/**
 * Streams a stored WAV through the domain's incremental analyser (the one the browser's worker
 * runs), hashing the bytes on the way: only one storage chunk is held at a time, so a 200 MB master
 * never sits in memory. Stops reading as soon as the analyser says the file cannot be decoded.
 */
export async function measureStoredWav(
  storage: StorageProvider,
  key: string,
  size: number,
  signal: AbortSignal,
): Promise<Measured> {
  const analyser = createWavLoudnessAnalyser({ totalSize: size });
  const hash = createHash('sha256');
  const stream = await storage.get(key);
  try {
    for await (const chunk of stream) {
      if (signal.aborted) throw new Error('The worker stopped while measuring');
      const bytes = chunk as Buffer;
      hash.update(bytes);
      const pushed = analyser.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      if (!pushed.ok) return pushed;
      // Long files: let the event loop serve requests between chunks.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } finally {
    stream.destroy();
  }
  const result = analyser.result();
  if (!result.ok) return result;
  return { ok: true, result, sha256: hash.digest('hex') };
}

async function recordFailure(
  db: Database,
  ids: { trackId: string; uploadId: string },
  reason: string,
  now: Date,
): Promise<void> {
  // A result stored meanwhile (measured by another run) is kept.
  await db
    .insert(trackLoudness)
    .values({ ...ids, status: 'failed', reason, measuredAt: now })
    .onConflictDoNothing({ target: [trackLoudness.trackId, trackLoudness.uploadId] });
}

/**
 * `media.measure-loudness`: the loudness and level check of one track's stored audio file,
 * kept per track and file in `track_loudness` for staff. Integrated loudness, true peak,
 * sample peak, clipped samples and silence at both ends come from `src/domain/audio`, the same code
 * the artist's browser ran before upload.
 *
 * - A track whose audio was replaced since the job was queued is left alone (the new file has its
 *   own job); a result already stored for the track and file is not measured again.
 * - A file that is not a WAV, or a WAV that cannot be decoded, is recorded as not measured with the
 *   reason, and not retried: reading it again cannot change the answer.
 * - A storage error fails the attempt so the queue retries it; on the last attempt the reason is
 *   recorded instead, so staff never wait on "Measuring…" for a file that will not come.
 * - The row is written with an upsert on (track, file): two workers measuring the same immutable
 *   file compute the same numbers, and whichever writes last leaves one consistent row.
 */
export const measureLoudnessJob = defineJob({
  name: 'media.measure-loudness',
  payload: jobPayloads['media.measure-loudness'],
  async handle({ trackId, uploadId }, { db, job, now, signal, providers: { storage } }) {
    const [row] = await db
      .select({
        audioUploadId: submissionTracks.audioUploadId,
        status: uploads.status,
        storageKey: uploads.storageKey,
        media: uploads.media,
        measured: trackLoudness.status,
      })
      .from(submissionTracks)
      .innerJoin(uploads, eq(uploads.id, uploadId))
      .leftJoin(
        trackLoudness,
        and(eq(trackLoudness.trackId, submissionTracks.id), eq(trackLoudness.uploadId, uploadId)),
      )
      .where(eq(submissionTracks.id, trackId));
    // Deleted, replaced since, or measured already: nothing to do.
    if (!row || row.audioUploadId !== uploadId || row.measured) return;
    const ids = { trackId, uploadId };

    const format = (row.media as { format?: unknown } | null)?.format;
    if (typeof format === 'string' && format !== 'wav' && format in AUDIO_FORMATS) {
      await recordFailure(db, ids, notWavReason(format), now);
      return;
    }
    if (row.status !== 'ready') {
      await recordFailure(db, ids, LOUDNESS_FILE_GONE, now);
      return;
    }

    let measured: Measured;
    try {
      const stored = await storage.head(row.storageKey);
      if (!stored) {
        await recordFailure(db, ids, LOUDNESS_FILE_GONE, now);
        return;
      }
      measured = await measureStoredWav(storage, row.storageKey, stored.size, signal);
    } catch (error) {
      // The queue retries; the last attempt leaves a reason instead of "Measuring…" for ever.
      if (job.attempts >= job.maxAttempts && !signal.aborted)
        await recordFailure(db, ids, LOUDNESS_FILE_UNREADABLE, now);
      throw error;
    }
    if (!measured.ok) {
      await recordFailure(db, ids, measured.reason, now);
      return;
    }

    const { header, measurement, complete } = measured.result;
    const values = {
      ...ids,
      status: 'measured' as const,
      reason: null,
      sha256: measured.sha256,
      integratedLufs: measurement.integratedLufs,
      truePeakDbtp: measurement.truePeakDbtp,
      samplePeakDbfs: measurement.samplePeakDbfs,
      clippedSamples: measurement.clippedSamples,
      leadingSilenceSeconds: measurement.leadingSilenceSeconds,
      trailingSilenceSeconds: measurement.trailingSilenceSeconds,
      durationSeconds: measurement.durationSeconds,
      sampleRate: header.sampleRate,
      bitDepth: header.validBitsPerSample || header.bitsPerSample,
      channels: header.channels,
      complete,
      measuredAt: now,
    };
    await db
      .insert(trackLoudness)
      .values(values)
      .onConflictDoUpdate({ target: [trackLoudness.trackId, trackLoudness.uploadId], set: values });
  },
});
