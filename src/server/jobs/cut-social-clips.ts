import { Readable } from 'node:stream';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AUDIO_FORMATS, formatClipTime, planWavClip, type WavClipPlan } from '../../domain';
import type { Database } from '../db/client';
import { socialClips, submissionEvents, submissions, submissionTracks, uploads } from '../db/schema';
import type { StorageProvider } from '../providers/storage/storage';
import { readHeader } from '../services/uploads/read-header';
import { clipKey } from '../services/uploads/upload-keys';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

export const CLIP_SOURCE_MISSING = 'The track has no audio file to cut the clip from';
export const CLIP_SOURCE_GONE = "The track's audio file is missing from storage";

type ClipRow = Awaited<ReturnType<typeof loadPendingClips>>[number];
type SourceFile = NonNullable<ClipRow['upload']>;

type Outcome =
  | { clip: ClipRow; kind: 'ready'; source: SourceFile; key: string; size: number; plan: WavClipPlan }
  /** Cutting cannot succeed however often it is tried: recorded as failed, not retried. */
  | { clip: ClipRow; kind: 'failed'; reason: string }
  /** Storage could not be read or written just now: the job is retried. */
  | { clip: ClipRow; kind: 'retry'; reason: string };

/** Clips not cut yet (requested, or failed before and asked for again), with their track and its file. */
async function loadPendingClips(db: Database, submissionId: string) {
  return db
    .select({
      id: socialClips.id,
      position: socialClips.position,
      startTime: socialClips.startTime,
      endTime: socialClips.endTime,
      trackTitle: submissionTracks.title,
      upload: {
        id: uploads.id,
        status: uploads.status,
        storageKey: uploads.storageKey,
        sessionId: uploads.sessionId,
        artistName: uploads.artistName,
      },
    })
    .from(socialClips)
    .innerJoin(submissionTracks, eq(submissionTracks.id, socialClips.trackId))
    .leftJoin(uploads, eq(uploads.id, submissionTracks.audioUploadId))
    .where(
      and(
        eq(submissionTracks.submissionId, submissionId),
        inArray(socialClips.status, ['requested', 'failed']),
      ),
    )
    .orderBy(asc(submissionTracks.position), asc(socialClips.position));
}

/** The clip's header, exactly `dataBytes` of the source's samples, then the pad byte if any. */
async function* clipBytes(plan: WavClipPlan, samples: Readable): AsyncGenerator<Uint8Array> {
  yield plan.header;
  let copied = 0;
  for await (const chunk of samples) {
    copied += (chunk as Buffer).length;
    yield chunk as Buffer;
  }
  if (copied !== plan.slice.dataBytes)
    throw new Error(`Read ${copied} bytes of samples from storage, expected ${plan.slice.dataBytes}`);
  if (plan.trailer.length > 0) yield plan.trailer;
}

async function cutClip(storage: StorageProvider, clip: ClipRow): Promise<Outcome> {
  const source = clip.upload;
  if (source?.status !== 'ready') return { clip, kind: 'failed', reason: CLIP_SOURCE_MISSING };
  const stored = await storage.head(source.storageKey);
  if (!stored) return { clip, kind: 'failed', reason: CLIP_SOURCE_GONE };
  const header = await readHeader(storage, source.storageKey, stored.size);
  const planned = planWavClip(header, stored.size, clip);
  if (!planned.ok) return { clip, kind: 'failed', reason: planned.reason };
  const plan = planned.plan;
  const key = clipKey({ artistName: source.artistName, sessionId: source.sessionId, clipId: clip.id });
  // Only the clip's samples are read, and streamed: a 200 MB track never sits in memory.
  const samples = await storage.get(source.storageKey, {
    start: plan.slice.sourceStart,
    end: plan.slice.sourceEnd - 1,
  });
  let written: Awaited<ReturnType<StorageProvider['put']>>;
  try {
    written = await storage.put(key, Readable.from(clipBytes(plan, samples)), {
      contentType: AUDIO_FORMATS.wav.mime,
    });
  } finally {
    // A put that failed before reading it all must not leave the source open.
    samples.destroy();
  }
  if (written.size !== plan.fileBytes)
    throw new Error(`Stored ${written.size} bytes for clip ${clip.id}, expected ${plan.fileBytes}`);
  return { clip, kind: 'ready', source, key, size: written.size, plan };
}

function errorText(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);
}

/**
 * `media.social-clips`: cuts each requested clip of a submission from its track's WAV into the
 * artist's audio folder (spec 001 §3, §7). Clips that cannot be cut (no WAV, starts after the end)
 * are marked failed with the reason; a storage error leaves the clip requested and fails the job so
 * the queue retries it, after recording what did succeed. Clips already ready are never redone, and
 * a clip's object key is fixed by its id, so a retry overwrites rather than duplicates.
 */
export const cutSocialClipsJob = defineJob({
  name: 'media.social-clips',
  payload: jobPayloads['media.social-clips'],
  async handle({ submissionId }, { db, signal, providers: { storage } }) {
    const [submission] = await db
      .select({ releaseTitle: submissions.releaseTitle })
      .from(submissions)
      .where(eq(submissions.id, submissionId));
    if (!submission) return; // deleted since: nothing to cut

    const pending = await loadPendingClips(db, submissionId);
    if (pending.length === 0) return;
    const outcomes: Outcome[] = [];
    for (const clip of pending) {
      if (signal.aborted) {
        outcomes.push({ clip, kind: 'retry', reason: 'The worker stopped before this clip' });
        continue;
      }
      try {
        outcomes.push(await cutClip(storage, clip));
      } catch (error) {
        outcomes.push({ clip, kind: 'retry', reason: errorText(error) });
      }
    }

    const now = new Date();
    const counts = { ready: 0, failed: 0, retrying: 0 };
    await db.transaction(async (tx) => {
      for (const outcome of outcomes) {
        const { clip } = outcome;
        if (outcome.kind === 'ready') {
          counts.ready++;
          const wav = outcome.plan.source;
          const { startSeconds, endSeconds } = outcome.plan.slice;
          const values = {
            status: 'ready' as const,
            sessionId: outcome.source.sessionId,
            storageKey: outcome.key,
            fileType: 'clip',
            // Made by the server from an upload that came in through it.
            uploadMethod: 'APP_ENGINE' as const,
            originalName: `${clip.trackTitle} - clip ${clip.position + 1} (${formatClipTime(startSeconds)}-${formatClipTime(endSeconds)}).wav`,
            originalSize: outcome.size,
            contentType: AUDIO_FORMATS.wav.mime,
            artistName: outcome.source.artistName,
            trackTitle: clip.trackTitle,
            releaseTitle: submission.releaseTitle,
            media: {
              kind: 'audio',
              format: 'wav',
              mime: AUDIO_FORMATS.wav.mime,
              extension: AUDIO_FORMATS.wav.extension,
              channels: wav.channels,
              sampleRate: wav.sampleRate,
              bitDepth: wav.validBitsPerSample || wav.bitsPerSample,
              encoding: wav.encoding,
              blockAlign: wav.blockAlign,
              durationSeconds: outcome.plan.slice.frames / wav.sampleRate,
              dataOffset: outcome.plan.header.length,
              dataBytes: outcome.plan.slice.dataBytes,
              clipOf: {
                uploadId: outcome.source.id,
                startFrame: outcome.plan.slice.startFrame,
                endFrame: outcome.plan.slice.endFrame,
                clamped: outcome.plan.slice.clamped,
              },
            },
            expiresAt: null,
            // Part of a submission from the start: the abandoned-upload cleaner must never take it.
            claimedAt: now,
            updatedAt: now,
          };
          const [row] = await tx
            .insert(uploads)
            .values(values)
            .onConflictDoUpdate({ target: uploads.storageKey, set: values })
            .returning({ id: uploads.id });
          if (!row) throw new Error('cut-social-clips: no upload row written');
          await tx
            .update(socialClips)
            .set({ status: 'ready', clipUploadId: row.id, lastError: null, updatedAt: now })
            .where(eq(socialClips.id, clip.id));
        } else if (outcome.kind === 'failed') {
          counts.failed++;
          await tx
            .update(socialClips)
            .set({ status: 'failed', lastError: outcome.reason, updatedAt: now })
            .where(eq(socialClips.id, clip.id));
        } else {
          counts.retrying++;
          await tx
            .update(socialClips)
            .set({ lastError: outcome.reason, updatedAt: now })
            .where(eq(socialClips.id, clip.id));
        }
      }
      // The audit log records clips that changed state; a retry's error stays on the clip itself.
      if (counts.ready + counts.failed > 0)
        await tx.insert(submissionEvents).values({ submissionId, type: 'clips_cut', data: counts });
    });

    const retry = outcomes.find((outcome) => outcome.kind === 'retry');
    if (retry) {
      throw new Error(`${counts.retrying} social clip(s) could not be cut yet: ${retry.reason}`);
    }
  },
});
