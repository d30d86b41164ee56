import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoardItemDetail, encodeWav } from '../../domain';
import { jobs, submissionTracks, trackLoudness, uploads } from '../db/schema';
import { queueLoudnessChecks } from '../services/submissions/queue-loudness';
import { makeCompressedAudio, makeJpeg } from '../test/media-fixtures';
import { type SignedIn, signInStaff } from '../test/sign-in';
import {
  buildTestPayload,
  newSessionIdForTest,
  postSubmission,
  uploadTestFile,
} from '../test/submission-fixtures';
import { createTestContext, type TestContext } from '../test/test-context';
import {
  LOUDNESS_FILE_GONE,
  LOUDNESS_FILE_UNREADABLE,
  measureLoudnessJob,
  notWavReason,
} from './measure-loudness';
import { enqueueJob } from './queue';

/**
 * The server's loudness check: the job measures each track's stored WAV with the
 * domain's meter, stores it per track and file, and the staff answer shows it. Tones of known
 * loudness as in EBU Tech 3341: a stereo 1 kHz sine at −23 dBFS on each channel is −23.0 LUFS.
 */

let ctx: TestContext;
let staff: SignedIn;
const db = () => ctx.database.db;
const runJobs = async () => {
  while (await ctx.app.jobs.runOnce()) {}
};
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, db(), 'reviewer@label.example', 'Rita Reviewer');
});
afterAll(async () => ctx.close());

/** A stereo 1 kHz tone at `dbfs` on each channel, 48 kHz 24-bit, after `silenceSeconds` of silence. */
function toneWav({
  dbfs,
  seconds,
  silenceSeconds = 0,
}: {
  dbfs: number;
  seconds: number;
  silenceSeconds?: number;
}) {
  const sampleRate = 48_000;
  const lead = Math.round(silenceSeconds * sampleRate);
  const frames = lead + Math.round(seconds * sampleRate);
  const amplitude = 10 ** (dbfs / 20);
  const x = new Float32Array(frames);
  for (let i = lead; i < frames; i++)
    x[i] = amplitude * Math.sin((2 * Math.PI * 1000 * (i - lead)) / sampleRate);
  return Buffer.from(encodeWav({ sampleRate, samples: [x, x], bitsPerSample: 24 }));
}

async function submit(files: { name: string; type: string; body: Buffer }[]) {
  const sessionId = newSessionIdForTest();
  const tracks = [];
  for (const [i, file] of files.entries())
    tracks.push({
      file: await uploadTestFile(ctx.app, { sessionId, fileType: 'track', ...file }),
      title: `Song ${i + 1}`,
    });
  const artwork = await uploadTestFile(ctx.app, {
    sessionId,
    fileType: 'artwork',
    name: 'cover.jpg',
    type: 'image/jpeg',
    body: await makeJpeg({ width: 600, height: 600 }),
  });
  const response = await postSubmission(ctx.app, buildTestPayload(ctx.app, { sessionId, artwork, tracks }));
  expect(response.statusCode, response.body).toBe(200);
  return { itemId: response.json().data.itemId as string, fileIds: tracks.map((track) => track.file.fileId) };
}

async function boardItem(itemId: string): Promise<BoardItemDetail> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/board/items/${itemId}`,
    headers: { origin: ctx.config.publicUrl, cookie: staff.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().item as BoardItemDetail;
}

const loudnessJobs = () => db().select().from(jobs).where(eq(jobs.type, 'media.measure-loudness'));

describe('media.measure-loudness', () => {
  it('measures each track’s WAV, stores it per track and file, and shows it to staff', async () => {
    const wav = toneWav({ dbfs: -23, seconds: 6 });
    const { itemId, fileIds } = await submit([
      { name: 'Song 1.wav', type: 'audio/wav', body: wav },
      { name: 'Song 2.mp3', type: 'audio/mpeg', body: makeCompressedAudio('mp3') },
    ]);
    // Queued with the submission, one per track and file.
    expect(
      (await loudnessJobs())
        .map((job) => job.payload)
        .filter((p) => fileIds.includes((p as { uploadId: string }).uploadId)),
    ).toHaveLength(2);
    const before = await boardItem(itemId);
    expect(before.tracks.map((track) => track.loudness)).toEqual([
      { status: 'measuring' },
      { status: 'measuring' },
    ]);

    await runJobs();
    const [first, second] = (await boardItem(itemId)).tracks;
    if (first?.loudness?.status !== 'measured')
      throw new Error(`not measured: ${JSON.stringify(first?.loudness)}`);
    const { measurement } = first.loudness;
    expect(Math.abs((measurement.integratedLufs ?? 0) + 23)).toBeLessThanOrEqual(0.1);
    expect(Math.abs((measurement.truePeakDbtp ?? 0) + 23)).toBeLessThanOrEqual(0.2);
    expect(measurement.clippedSamples).toBe(0);
    // The sine starts at zero: one sample (21 µs) of silence before it.
    expect(measurement.leadingSilenceSeconds).toBeCloseTo(0, 3);
    expect(measurement.trailingSilenceSeconds).toBeCloseTo(0, 3);
    expect(measurement.durationSeconds).toBeCloseTo(6, 6);
    expect(first.loudness).toMatchObject({
      sampleRate: 48_000,
      bitDepth: 24,
      channels: 2,
      complete: true,
      sha256: sha256(wav),
    });
    // An MP3 is not decoded: staff see why, and the job is not retried.
    expect(second?.loudness).toMatchObject({ status: 'failed', reason: notWavReason('mp3') });
    const done = (await loudnessJobs()).filter((job) =>
      fileIds.includes((job.payload as { uploadId: string }).uploadId),
    );
    expect(done.map((job) => [job.status, job.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
  });

  it('measures a replaced file again and never shows the old file’s numbers for it', async () => {
    const { itemId } = await submit([
      { name: 'Song 1.wav', type: 'audio/wav', body: toneWav({ dbfs: -23, seconds: 3 }) },
    ]);
    await runJobs();
    const [track] = await db()
      .select()
      .from(submissionTracks)
      .where(eq(submissionTracks.submissionId, itemId));
    if (!track) throw new Error('no track');
    // The new master: louder, with 3 s of silence before it (what resubmit-changes.ts stores).
    const louder = toneWav({ dbfs: -14, seconds: 12, silenceSeconds: 3 });
    const replacement = await uploadTestFile(ctx.app, {
      sessionId: newSessionIdForTest(),
      fileType: 'track',
      name: 'Song 1 (remaster).wav',
      type: 'audio/wav',
      body: louder,
    });
    await db()
      .update(submissionTracks)
      .set({ audioUploadId: replacement.fileId })
      .where(eq(submissionTracks.id, track.id));
    expect((await boardItem(itemId)).tracks[0]?.loudness).toEqual({ status: 'measuring' });
    expect(await queueLoudnessChecks(db(), itemId)).toBe(1);

    await runJobs();
    const loudness = (await boardItem(itemId)).tracks[0]?.loudness;
    if (loudness?.status !== 'measured') throw new Error(`not measured: ${JSON.stringify(loudness)}`);
    expect(Math.abs((loudness.measurement.integratedLufs ?? 0) + 14)).toBeLessThanOrEqual(0.1);
    expect(loudness.measurement.leadingSilenceSeconds).toBeCloseTo(3, 2);
    expect(loudness.sha256).toBe(sha256(louder));
    // Both files' results are kept, each under its own key; nothing is left to queue.
    expect(await db().select().from(trackLoudness).where(eq(trackLoudness.trackId, track.id))).toHaveLength(
      2,
    );
    expect(await queueLoudnessChecks(db(), itemId)).toBe(0);
  });

  it('records why a stored file could not be measured, without retrying', async () => {
    const { itemId, fileIds } = await submit([
      { name: 'Song 1.wav', type: 'audio/wav', body: toneWav({ dbfs: -20, seconds: 1 }) },
      { name: 'Song 2.wav', type: 'audio/wav', body: toneWav({ dbfs: -20, seconds: 1 }) },
    ]);
    const rows = await db().select().from(uploads);
    const keyOf = (id: string | undefined) => rows.find((row) => row.id === id)?.storageKey ?? '';
    // One file's bytes no longer a WAV (damaged in storage), the other gone from storage.
    await ctx.app.providers.storage.put(keyOf(fileIds[0]), Buffer.from('ID3 this is not a WAV file at all'));
    await ctx.app.providers.storage.delete(keyOf(fileIds[1]));

    await runJobs();
    const [first, second] = (await boardItem(itemId)).tracks;
    expect(first?.loudness).toMatchObject({ status: 'failed' });
    expect(first?.loudness?.status === 'failed' && first.loudness.reason).toMatch(/\w/);
    expect(second?.loudness).toMatchObject({ status: 'failed', reason: LOUDNESS_FILE_GONE });
    const done = (await loudnessJobs()).filter((job) =>
      fileIds.includes((job.payload as { uploadId: string }).uploadId),
    );
    expect(done.map((job) => [job.status, job.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
  });

  it('runs again without changing a stored result, and two runs at once leave one row', async () => {
    const { itemId, fileIds } = await submit([
      { name: 'Song 1.wav', type: 'audio/wav', body: toneWav({ dbfs: -18, seconds: 2 }) },
    ]);
    const [track] = await db()
      .select()
      .from(submissionTracks)
      .where(eq(submissionTracks.submissionId, itemId));
    const payload = { trackId: track?.id ?? '', uploadId: fileIds[0] ?? '' };
    // Two workers handling the same track and file at the same time.
    const [job] = await loudnessJobs();
    if (!job) throw new Error('no job');
    const context = {
      job,
      now: new Date(),
      db: db(),
      providers: ctx.app.providers,
      config: ctx.config,
      log: ctx.app.log,
      signal: new AbortController().signal,
    };
    await Promise.all([
      measureLoudnessJob.handle(payload, context),
      measureLoudnessJob.handle(payload, context),
    ]);
    const key = and(eq(trackLoudness.trackId, payload.trackId), eq(trackLoudness.uploadId, payload.uploadId));
    const stored = await db().select().from(trackLoudness).where(key);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.status).toBe('measured');

    // The queued job and a rerun find the result and leave it as it is.
    await runJobs();
    await enqueueJob(db(), 'media.measure-loudness', payload);
    await runJobs();
    expect(await db().select().from(trackLoudness).where(key)).toEqual(stored);
  });

  it('retries a storage error, and records the file as unreadable when the last attempt fails', async () => {
    const { itemId, fileIds } = await submit([
      { name: 'Song 1.wav', type: 'audio/wav', body: toneWav({ dbfs: -20, seconds: 1 }) },
    ]);
    const [track] = await db()
      .select()
      .from(submissionTracks)
      .where(eq(submissionTracks.submissionId, itemId));
    const payload = { trackId: track?.id ?? '', uploadId: fileIds[0] ?? '' };
    const [job] = (await loudnessJobs()).filter(
      (row) => (row.payload as { uploadId: string }).uploadId === payload.uploadId,
    );
    if (!job) throw new Error('no job');
    // Storage that answers HEAD but fails every read.
    const storage = Object.assign(Object.create(ctx.app.providers.storage), {
      get: async () => {
        throw new Error('storage is down');
      },
    });
    const attempt = (attempts: number) =>
      measureLoudnessJob.handle(payload, {
        job: { ...job, attempts, maxAttempts: 5 },
        now: new Date(),
        db: db(),
        providers: { ...ctx.app.providers, storage },
        config: ctx.config,
        log: ctx.app.log,
        signal: new AbortController().signal,
      });
    const key = and(eq(trackLoudness.trackId, payload.trackId), eq(trackLoudness.uploadId, payload.uploadId));
    await expect(attempt(1)).rejects.toThrow('storage is down');
    expect(await db().select().from(trackLoudness).where(key)).toEqual([]);
    expect((await boardItem(itemId)).tracks[0]?.loudness).toEqual({ status: 'measuring' });
    await expect(attempt(5)).rejects.toThrow('storage is down');
    expect((await boardItem(itemId)).tracks[0]?.loudness).toMatchObject({
      status: 'failed',
      reason: LOUDNESS_FILE_UNREADABLE,
    });
  });
});
