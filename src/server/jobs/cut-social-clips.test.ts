import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIP_SOURCE_NOT_WAV, CLIP_STARTS_AFTER_END, parseWavHeader, type WavHeader } from '../../domain';
import { jobs, socialClips, submissionEvents, submissionTracks, uploads } from '../db/schema';
import { queueSocialClips } from '../services/submissions/queue-social-clips';
import { fileLinks } from '../services/uploads/present-upload';
import { artistFolderId, clipKey } from '../services/uploads/upload-keys';
import { makeCompressedAudio, makeJpeg, makeWav, sineAt, type WavOptions } from '../test/media-fixtures';
import { type S3rverInstance, startS3rver } from '../test/s3rver';
import {
  buildTestPayload,
  newSessionIdForTest,
  postSubmission,
  prepareTestSubmission,
  type TestTrackInput,
  uploadTestFile,
} from '../test/submission-fixtures';
import {
  createTestContext,
  createTestDatabase,
  type TestContext,
  type TestDatabase,
} from '../test/test-context';
import { cutSocialClipsJob } from './cut-social-clips';

let s3: S3rverInstance;
let database: TestDatabase;
beforeAll(async () => {
  s3 = await startS3rver();
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
  await s3.stop();
});

const runJobs = async (ctx: TestContext) => {
  while (await ctx.app.jobs.runOnce()) {}
};

interface TrackSpec {
  title: string;
  wav?: WavOptions;
  /** A file that is not a WAV (an MP3), to see the clip refused. */
  mp3?: boolean;
  clips: TestTrackInput['clips'];
}

/** Uploads each track's file through the real route, submits, and answers the item id. */
async function submit(ctx: TestContext, tracks: TrackSpec[]) {
  const sessionId = newSessionIdForTest();
  const inputs: TestTrackInput[] = [];
  const sources: Buffer[] = [];
  for (const [i, track] of tracks.entries()) {
    const body = track.mp3 ? makeCompressedAudio('mp3') : makeWav(track.wav);
    sources.push(body);
    const file = await uploadTestFile(ctx.app, {
      sessionId,
      fileType: 'track',
      name: track.mp3 ? `Track ${i + 1}.mp3` : `Track ${i + 1}.wav`,
      type: track.mp3 ? 'audio/mpeg' : 'audio/wav',
      body,
    });
    inputs.push({ file, title: track.title, ...(track.clips ? { clips: track.clips } : {}) });
  }
  const artwork = await uploadTestFile(ctx.app, {
    sessionId,
    fileType: 'artwork',
    name: 'cover.jpg',
    type: 'image/jpeg',
    body: await makeJpeg({ width: 600, height: 600 }),
  });
  const payload = buildTestPayload(ctx.app, { sessionId, artwork, tracks: inputs });
  const response = await postSubmission(ctx.app, payload);
  expect(response.statusCode, response.body).toBe(200);
  return { itemId: response.json().data.itemId as string, sessionId, sources, payload };
}

async function clipsOf(ctx: TestContext, itemId: string) {
  return ctx.database.db
    .select({
      id: socialClips.id,
      trackTitle: submissionTracks.title,
      position: socialClips.position,
      status: socialClips.status,
      clipUploadId: socialClips.clipUploadId,
      lastError: socialClips.lastError,
      updatedAt: socialClips.updatedAt,
    })
    .from(socialClips)
    .innerJoin(submissionTracks, eq(submissionTracks.id, socialClips.trackId))
    .where(eq(submissionTracks.submissionId, itemId))
    .orderBy(asc(submissionTracks.position), asc(socialClips.position));
}

async function uploadRow(ctx: TestContext, id: string | null) {
  if (!id) throw new Error('clip has no upload');
  const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, id));
  if (!row) throw new Error('clip upload row missing');
  return row;
}

async function readStored(ctx: TestContext, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.app.providers.storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function headerOf(bytes: Buffer): WavHeader {
  const parsed = parseWavHeader(bytes, bytes.length);
  if (!parsed.ok) throw new Error(`not a WAV: ${parsed.reason}`);
  return parsed.header;
}

/** The source's fmt chunk body, found by walking its chunks. */
function fmtBytes(bytes: Buffer): Buffer {
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(offset + 4);
    if (bytes.toString('latin1', offset, offset + 4) === 'fmt ')
      return bytes.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  throw new Error('no fmt chunk');
}

function sampleAt(bytes: Buffer, header: WavHeader, frame: number, channel = 0): number {
  const width = header.bitsPerSample / 8;
  const at = header.dataOffset + frame * header.blockAlign + channel * width;
  return width === 2 ? bytes.readInt16LE(at) : bytes.readIntLE(at, width);
}

/**
 * The clip is a valid WAV with the source's fmt chunk, exactly `frames` frames of data, and its
 * samples are the test sine from `startFrame` on: the first 64 frames and the last, every channel.
 */
function expectClipOf(
  clip: Buffer,
  source: Buffer,
  options: { startFrame: number; frames: number; frequency: number },
) {
  const header = headerOf(clip);
  const sourceHeader = headerOf(source);
  expect(clip.toString('latin1', 0, 4)).toBe('RIFF');
  expect(clip.readUInt32LE(4)).toBe(clip.length - 8);
  expect(clip.toString('latin1', 8, 12)).toBe('WAVE');
  expect(fmtBytes(clip)).toEqual(fmtBytes(source));
  expect(header.dataBytes).toBe(options.frames * sourceHeader.blockAlign);
  expect(clip.length).toBe(header.dataOffset + header.dataBytes + (header.dataBytes % 2));
  const max = 2 ** (header.bitsPerSample - 1) - 1;
  // `+ 0` turns the -0 that rounding a tiny negative gives into the 0 a reader sees.
  const expected = (frame: number) =>
    Math.round(sineAt(options.startFrame + frame, header.sampleRate, options.frequency) * max) + 0;
  const frames = [...Array.from({ length: 64 }, (_, i) => i), options.frames - 1];
  for (const frame of frames) {
    for (let channel = 0; channel < header.channels; channel++) {
      expect(sampleAt(clip, header, frame, channel), `frame ${frame} channel ${channel}`).toBe(
        expected(frame),
      );
    }
  }
  // And the bytes are the source's own, not a re-encoding.
  const from = sourceHeader.dataOffset + options.startFrame * sourceHeader.blockAlign;
  expect(clip.subarray(header.dataOffset, header.dataOffset + header.dataBytes)).toEqual(
    source.subarray(from, from + header.dataBytes),
  );
}

describe.each(['local', 's3'] as const)('the social-clips job on the %s driver', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ database, env: driver === 's3' ? s3.env : {} });
  });
  afterAll(async () => ctx.close());

  it('cuts a 16-bit stereo 44.1 kHz clip into the artist audio folder, recorded in the same transaction', async () => {
    const { payload, files } = await prepareTestSubmission(ctx.app, {
      seconds: 5,
      clips: [{ startTime: '00:01', endTime: '00:03' }],
    });
    const response = await postSubmission(ctx.app, payload);
    expect(response.statusCode, response.body).toBe(200);
    const itemId: string = response.json().data.itemId;
    await runJobs(ctx);

    const [clip] = await clipsOf(ctx, itemId);
    expect(clip).toMatchObject({ status: 'ready', lastError: null });
    const row = await uploadRow(ctx, clip?.clipUploadId ?? null);
    const sessionId = payload.formData.uploadSessionId;
    expect(row).toMatchObject({
      status: 'ready',
      fileType: 'clip',
      sessionId,
      artistName: 'Maya Rivers',
      trackTitle: 'Song 1',
      releaseTitle: 'First Light',
      originalName: 'Song 1 - clip 1 (00:01-00:03).wav',
      contentType: 'audio/wav',
      storageKey: clipKey({ artistName: 'Maya Rivers', sessionId, clipId: clip?.id ?? '' }),
      originalSize: 44 + 2 * 44_100 * 4,
    });
    expect(row.storageKey.startsWith(`uploads/${artistFolderId('Maya Rivers', sessionId)}/audio/`)).toBe(
      true,
    );
    expect(row.claimedAt).not.toBeNull();
    expect(row.media).toMatchObject({
      format: 'wav',
      channels: 2,
      sampleRate: 44_100,
      bitDepth: 16,
      durationSeconds: 2,
      dataBytes: 2 * 44_100 * 4,
    });

    const source = files[0]?.bytes ?? Buffer.alloc(0);
    const stored = await readStored(ctx, row.storageKey);
    expect(stored.length).toBe(row.originalSize);
    expectClipOf(stored, source, { startFrame: 44_100, frames: 2 * 44_100, frequency: 440 });

    // Staff get it through a signed link like any file, named for what it is.
    const { downloadUrl } = fileLinks(
      { key: ctx.app.signingKey, publicUrl: ctx.config.publicUrl, fileLinks: 'absolute' },
      row.id,
      60,
    );
    const download = await ctx.app.inject({
      method: 'GET',
      url: new URL(downloadUrl).pathname + new URL(downloadUrl).search,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('audio/wav');
    expect(download.headers['content-disposition']).toContain('Song 1 - clip 1 (00:01-00:03).wav');
    expect(download.rawPayload.equals(stored)).toBe(true);

    const events = await ctx.database.db
      .select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, itemId), eq(submissionEvents.type, 'clips_cut')));
    expect(events.map((event) => event.data)).toEqual([{ ready: 1, failed: 0, retrying: 0 }]);
  });
});

describe('the social-clips job', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ database });
  });
  afterAll(async () => ctx.close());

  it('cuts 24-bit 48 kHz, mono, and a WAV with a LIST chunk before its data, two clips on a track', async () => {
    const list = {
      id: 'LIST',
      data: Buffer.concat([Buffer.from('INFOINAM'), Buffer.from([6, 0, 0, 0]), Buffer.from('Song\0\0')]),
    };
    const { itemId, sources } = await submit(ctx, [
      {
        title: 'High Res',
        wav: { seconds: 4, sampleRate: 48_000, bitDepth: 24, frequency: 330 },
        clips: [
          { startTime: '00:00', endTime: '00:01' },
          { startTime: '00:02', endTime: '00:04' },
        ],
      },
      {
        title: 'Mono',
        wav: { seconds: 3, channels: 1, frequency: 550 },
        clips: [{ startTime: '00:01', endTime: '00:02' }],
      },
      {
        title: 'Tagged',
        wav: { seconds: 3, frequency: 660, extraChunks: [list, { id: 'bext', data: Buffer.alloc(602) }] },
        clips: [{ startTime: '00:02', endTime: '00:03' }],
      },
    ]);
    await runJobs(ctx);
    const clips = await clipsOf(ctx, itemId);
    expect(clips.map((c) => [c.trackTitle, c.status, c.lastError])).toEqual([
      ['High Res', 'ready', null],
      ['High Res', 'ready', null],
      ['Mono', 'ready', null],
      ['Tagged', 'ready', null],
    ]);
    const [hi1, hi2, mono, tagged] = await Promise.all(clips.map((c) => uploadRow(ctx, c.clipUploadId)));
    expect([hi1, hi2, mono, tagged].map((row) => row?.originalName)).toEqual([
      'High Res - clip 1 (00:00-00:01).wav',
      'High Res - clip 2 (00:02-00:04).wav',
      'Mono - clip 1 (00:01-00:02).wav',
      'Tagged - clip 1 (00:02-00:03).wav',
    ]);
    const [hiRes, monoSource, taggedSource] = sources as [Buffer, Buffer, Buffer];
    expect(headerOf(taggedSource).dataOffset).toBeGreaterThan(44 + 600);

    const hiClip1 = await readStored(ctx, hi1?.storageKey ?? '');
    expectClipOf(hiClip1, hiRes, { startFrame: 0, frames: 48_000, frequency: 330 });
    expect(headerOf(hiClip1)).toMatchObject({
      bitsPerSample: 24,
      sampleRate: 48_000,
      channels: 2,
      dataBytes: 48_000 * 6,
    });
    const hiClip2 = await readStored(ctx, hi2?.storageKey ?? '');
    expectClipOf(hiClip2, hiRes, { startFrame: 96_000, frames: 96_000, frequency: 330 });
    expect(hi2?.media).toMatchObject({ bitDepth: 24, sampleRate: 48_000, durationSeconds: 2 });

    const monoClip = await readStored(ctx, mono?.storageKey ?? '');
    expectClipOf(monoClip, monoSource, { startFrame: 44_100, frames: 44_100, frequency: 550 });
    expect(headerOf(monoClip)).toMatchObject({ channels: 1, blockAlign: 2 });

    // The LIST and bext chunks describe the track, not the clip: the clip is a plain 44-byte header.
    const taggedClip = await readStored(ctx, tagged?.storageKey ?? '');
    expect(headerOf(taggedClip).dataOffset).toBe(44);
    expectClipOf(taggedClip, taggedSource, { startFrame: 88_200, frames: 44_100, frequency: 660 });
  });

  it('stops a clip that runs past the end at the last frame, and fails one that starts after it', async () => {
    const { itemId, sources } = await submit(ctx, [
      {
        title: 'Short',
        wav: { seconds: 5, frequency: 440 },
        clips: [
          { startTime: '00:03', endTime: '00:40' },
          { startTime: '00:06', endTime: '00:40' },
        ],
      },
      { title: 'Compressed', mp3: true, clips: [{ startTime: '00:00', endTime: '00:30' }] },
    ]);
    await runJobs(ctx);
    const [job] = await ctx.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, cutSocialClipsJob.name), sql`${jobs.payload}->>'submissionId' = ${itemId}`));
    // Permanent problems are recorded on the clips; the job itself is done, not retried.
    expect(job).toMatchObject({ status: 'done', attempts: 1 });

    const [clamped, late, mp3] = await clipsOf(ctx, itemId);
    expect(clamped).toMatchObject({ status: 'ready', lastError: null });
    expect(late).toMatchObject({ status: 'failed', clipUploadId: null, lastError: CLIP_STARTS_AFTER_END });
    expect(late?.lastError).toBe('The clip starts after the end of the track');
    expect(mp3).toMatchObject({ status: 'failed', clipUploadId: null });
    expect(mp3?.lastError).toBe(
      `${CLIP_SOURCE_NOT_WAV}: Not a RIFF file: it does not start with RIFF, RF64 or BW64`,
    );

    const row = await uploadRow(ctx, clamped?.clipUploadId ?? null);
    expect(row.originalName).toBe('Short - clip 1 (00:03-00:05).wav');
    expect(row.media).toMatchObject({
      durationSeconds: 2,
      clipOf: { clamped: true, startFrame: 132_300, endFrame: 220_500 },
    });
    const clip = await readStored(ctx, row.storageKey);
    expectClipOf(clip, sources[0] ?? Buffer.alloc(0), {
      startFrame: 132_300,
      frames: 88_200,
      frequency: 440,
    });

    const clipRows = await ctx.database.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.fileType, 'clip'), eq(uploads.trackTitle, 'Short')));
    expect(clipRows).toHaveLength(1);
    const events = await ctx.database.db
      .select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, itemId), eq(submissionEvents.type, 'clips_cut')));
    expect(events.map((event) => event.data)).toEqual([{ ready: 1, failed: 2, retrying: 0 }]);
  });

  it('is idempotent: ready clips are skipped, and a re-run after a crash overwrites its own object', async () => {
    const { itemId, sessionId } = await submit(ctx, [
      {
        title: 'Again',
        wav: { seconds: 3 },
        clips: [
          { startTime: '00:00', endTime: '00:01' },
          { startTime: '00:01', endTime: '00:02' },
        ],
      },
    ]);
    await runJobs(ctx);
    const first = await clipsOf(ctx, itemId);
    expect(first.map((c) => c.status)).toEqual(['ready', 'ready']);
    const [one, two] = first;
    const oneRow = await uploadRow(ctx, one?.clipUploadId ?? null);

    // Nothing left to cut: a new run changes nothing and records nothing.
    await queueSocialClips(ctx.database.db, itemId);
    await runJobs(ctx);
    expect(await clipsOf(ctx, itemId)).toEqual(first);

    // A crash after the objects were written but before the transaction: the rows never said ready.
    await ctx.database.db.delete(uploads).where(eq(uploads.id, oneRow.id));
    await ctx.database.db
      .update(socialClips)
      .set({ status: 'requested', clipUploadId: null })
      .where(eq(socialClips.id, one?.id ?? ''));
    // And a crash that left the upload row but not the clip's status.
    await ctx.database.db
      .update(socialClips)
      .set({ status: 'requested' })
      .where(eq(socialClips.id, two?.id ?? ''));
    await queueSocialClips(ctx.database.db, itemId);
    await runJobs(ctx);

    const again = await clipsOf(ctx, itemId);
    expect(again.map((c) => c.status)).toEqual(['ready', 'ready']);
    expect(again[1]?.clipUploadId).toBe(two?.clipUploadId);
    const rowsNow = await ctx.database.db
      .select({ key: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.fileType, 'clip'), eq(uploads.sessionId, sessionId)));
    expect(rowsNow.map((r) => r.key).sort()).toEqual(
      [one?.id, two?.id]
        .map((clipId) => clipKey({ artistName: 'Maya Rivers', sessionId, clipId: clipId ?? '' }))
        .sort(),
    );
    // One object per clip on disk (each with its content-type sidecar), beside the track.
    const folder = path.join(
      ctx.dataDir,
      'files',
      'uploads',
      artistFolderId('Maya Rivers', sessionId),
      'audio',
    );
    const names = (await fs.readdir(folder)).filter(
      (name) => name.startsWith('clip-') && name.endsWith('.wav'),
    );
    expect(names.sort()).toEqual([`clip-${one?.id}.wav`, `clip-${two?.id}.wav`].sort());

    const events = await ctx.database.db
      .select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, itemId), eq(submissionEvents.type, 'clips_cut')));
    expect(events.map((event) => event.data)).toEqual([
      { ready: 2, failed: 0, retrying: 0 },
      { ready: 2, failed: 0, retrying: 0 },
    ]);
  });

  it('keeps what succeeded and retries the job when storage fails', async () => {
    const { itemId } = await submit(ctx, [
      {
        title: 'Flaky',
        wav: { seconds: 3 },
        clips: [
          { startTime: '00:00', endTime: '00:01' },
          { startTime: '00:01', endTime: '00:02' },
        ],
      },
    ]);
    // The first clip's write fails once, as when the bucket cannot be reached; all else works.
    const storage = ctx.app.providers.storage;
    const realPut = storage.put.bind(storage);
    let failed = false;
    const put = vi.spyOn(storage, 'put').mockImplementation(async (key, body, options) => {
      if (key.includes('/clip-') && !failed) {
        failed = true;
        throw new Error('connect ECONNREFUSED 127.0.0.1:9000');
      }
      return realPut(key, body, options);
    });
    const outcomes = [];
    try {
      for (let outcome = await ctx.app.jobs.runOnce(); outcome; outcome = await ctx.app.jobs.runOnce())
        outcomes.push(outcome);
    } finally {
      put.mockRestore();
    }
    expect(outcomes.filter((o) => o.job.type === cutSocialClipsJob.name).map((o) => o.result)).toEqual([
      'retry',
    ]);
    const [first, second] = await clipsOf(ctx, itemId);
    expect(first).toMatchObject({ status: 'requested', clipUploadId: null });
    expect(first?.lastError).toBe('Error: connect ECONNREFUSED 127.0.0.1:9000');
    expect(second).toMatchObject({ status: 'ready', lastError: null });
    const [job] = await ctx.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, cutSocialClipsJob.name), sql`${jobs.payload}->>'submissionId' = ${itemId}`));
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job?.lastError).toBe(
      'Error: 1 social clip(s) could not be cut yet: Error: connect ECONNREFUSED 127.0.0.1:9000',
    );

    // The retry, once due, cuts only what is left.
    await ctx.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, job?.id ?? 0));
    await runJobs(ctx);
    const after = await clipsOf(ctx, itemId);
    expect(after.map((c) => [c.status, c.lastError])).toEqual([
      ['ready', null],
      ['ready', null],
    ]);
    expect(after[1]?.clipUploadId).toBe(second?.clipUploadId);
    const events = await ctx.database.db
      .select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, itemId), eq(submissionEvents.type, 'clips_cut')));
    expect(events.map((event) => event.data)).toEqual([
      { ready: 1, failed: 0, retrying: 1 },
      { ready: 1, failed: 0, retrying: 0 },
    ]);
  });
});
