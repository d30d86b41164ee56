import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateBoardItemPayload, ProcessSocialClipsPayload } from '../../../domain';
import { jobs, socialClips, submissionTracks } from '../../db/schema';
import { socialClipsJobType } from '../../services/submissions/queue-social-clips';
import {
  CLIP_NOT_REQUESTED,
  CLIP_TRACK_NOT_IN_SUBMISSION,
  SUBMISSION_NOT_FOUND,
} from '../../services/submissions/request-social-clips';
import { artistFolderId } from '../../services/uploads/upload-keys';
import { postSubmission, prepareTestSubmission } from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';
import { TOO_MANY_CLIP_REQUESTS } from './background';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const runJobs = async () => {
  while (await ctx.app.jobs.runOnce()) {}
};

/** What the browser sends after create-item (spec 001 §7), built from the submitted form. */
function clipRequest(payload: CreateBoardItemPayload, itemId: string): ProcessSocialClipsPayload {
  const form = payload.formData;
  return {
    tracksWithClips: form.tracks
      .filter((track) => (track.metadata?.socialClips.length ?? 0) > 0)
      .map((track) => ({
        title: track.title,
        artistName: form.artistName,
        fileId: track.fileId ?? '',
        fileName: track.fileName ?? '',
        socialClips: (track.metadata?.socialClips ?? []).map((clip) => ({
          id: clip.id,
          startTime: clip.startTime,
          endTime: clip.endTime,
          description: clip.description ?? '',
        })),
      })),
    artistName: form.artistName,
    audioFolderId: `${artistFolderId(form.artistName, form.uploadSessionId)}.audio`,
    itemId,
  };
}

function post(body: unknown, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/background/process-social-clips',
    headers: { origin: ctx.config.publicUrl },
    payload: body as Record<string, unknown>,
    remoteAddress,
  });
}

async function submitted(clips = [{ startTime: '00:01', endTime: '00:03' }]) {
  const prepared = await prepareTestSubmission(ctx.app, { seconds: 5, trackCount: 2, clips });
  const response = await postSubmission(ctx.app, prepared.payload);
  expect(response.statusCode, response.body).toBe(200);
  const itemId: string = response.json().data.itemId;
  return { ...prepared, itemId, request: clipRequest(prepared.payload, itemId) };
}

async function activeClipJobs(itemId: string) {
  return db()
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.type, socialClipsJobType),
        sql`${jobs.payload}->>'submissionId' = ${itemId}`,
        sql`${jobs.status} in ('pending', 'running')`,
      ),
    );
}

async function clipStatuses(itemId: string) {
  const rows = await db()
    .select({ status: socialClips.status, lastError: socialClips.lastError })
    .from(socialClips)
    .innerJoin(submissionTracks, eq(submissionTracks.id, socialClips.trackId))
    .where(eq(submissionTracks.submissionId, itemId));
  return rows;
}

describe('POST /api/background/process-social-clips', () => {
  it('answers 404 for an item that does not exist, or an id that cannot be one', async () => {
    const { request } = await submitted();
    for (const itemId of ['7d8e4c1a-0b7e-4a52-9d0e-3f1f0c2b9a11', 'not-an-item', '']) {
      const response = await post({ ...request, itemId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: SUBMISSION_NOT_FOUND });
    }
    expect(SUBMISSION_NOT_FOUND).toBe('Submission not found');
  });

  it("answers 400 when a file is not one of the item's tracks", async () => {
    const { request, artwork, itemId } = await submitted();
    const other = await submitted();
    const [track] = request.tracksWithClips;
    if (!track) throw new Error('no track with clips');
    // The artwork of this item, a track of another item, and an id that names nothing.
    const foreign = other.request.tracksWithClips[0]?.fileId ?? '';
    for (const fileId of [artwork.fileId, foreign, '5b0c0b7e-8d51-4f6e-9a57-2f3c1d4e5f60', 'x']) {
      const response = await post({ ...request, tracksWithClips: [{ ...track, fileId }] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: 'This file is not the audio of a track of this submission',
        details: [{ field: 'tracksWithClips.0.fileId', message: CLIP_TRACK_NOT_IN_SUBMISSION }],
      });
    }
    expect(await activeClipJobs(itemId)).toHaveLength(1);
  });

  it('answers 400 when a clip is not one the track requested, or at other times', async () => {
    const { request, files } = await submitted();
    const [track] = request.tracksWithClips;
    const [clip] = track?.socialClips ?? [];
    if (!track || !clip) throw new Error('no clip');
    const variants = [
      { ...clip, id: 'clip-9-9' },
      { ...clip, startTime: '00:00' },
      { ...clip, endTime: '00:04' },
    ];
    for (const changed of variants) {
      const response = await post({ ...request, tracksWithClips: [{ ...track, socialClips: [changed] }] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: 'This clip does not match a clip requested with this submission',
        details: [{ field: 'tracksWithClips.0.socialClips.0', message: CLIP_NOT_REQUESTED }],
      });
    }
    // The first track's clip, claimed for the second track (which asked for none).
    const secondTrack = files[1]?.fileId ?? '';
    const response = await post({ ...request, tracksWithClips: [{ ...track, fileId: secondTrack }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(CLIP_NOT_REQUESTED);
  });

  it('answers 400 for a body outside the schema', async () => {
    const { request } = await submitted();
    const [track] = request.tracksWithClips;
    if (!track) throw new Error('no track');
    const threeClips = [0, 1, 2].map((n) => ({ id: `c${n}`, startTime: '00:00', endTime: '00:30' }));
    const response = await post({ ...request, tracksWithClips: [{ ...track, socialClips: threeClips }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      error: 'Social clips (item 1 of tracks with clips) may have at most 2 entries',
    });
  });

  it('keeps one job queued while one is waiting, and the clips are cut', async () => {
    const { request, itemId } = await submitted();
    expect(await activeClipJobs(itemId)).toHaveLength(1);
    const response = await post(request);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await activeClipJobs(itemId)).toHaveLength(1);
    await runJobs();
    expect(await clipStatuses(itemId)).toEqual([{ status: 'ready', lastError: null }]);

    // Every clip is cut: asking again is answered, and queues nothing.
    const again = await post(request);
    expect(again.json()).toEqual({ success: true });
    expect(await activeClipJobs(itemId)).toHaveLength(0);
  });

  it('re-queues the work when the job had given up, and the clips are then cut', async () => {
    const { request, itemId } = await submitted();
    // The queue gave up on the job (say, storage was down through every attempt).
    await db()
      .update(jobs)
      .set({ status: 'failed', completedAt: sql`now()` })
      .where(and(eq(jobs.type, socialClipsJobType), sql`${jobs.payload}->>'submissionId' = ${itemId}`));
    expect(await activeClipJobs(itemId)).toHaveLength(0);

    const response = await post(request);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const queued = await activeClipJobs(itemId);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.payload).toEqual({ submissionId: itemId });
    await runJobs();
    expect(await clipStatuses(itemId)).toEqual([{ status: 'ready', lastError: null }]);
  });

  it('re-queues a clip that failed, which fails again with its reason', async () => {
    const { request, itemId } = await submitted([{ startTime: '00:06', endTime: '00:40' }]);
    await runJobs();
    const failed = [{ status: 'failed', lastError: 'The clip starts after the end of the track' }];
    expect(await clipStatuses(itemId)).toEqual(failed);
    const response = await post(request);
    expect(response.json()).toEqual({ success: true });
    expect(await activeClipJobs(itemId)).toHaveLength(1);
    await runJobs();
    expect(await clipStatuses(itemId)).toEqual(failed);
  });

  it('accepts a request that names only some of the tracks, or none', async () => {
    const { request, itemId } = await submitted();
    const response = await post({ ...request, tracksWithClips: [] });
    expect(response.statusCode).toBe(200);
    expect(await activeClipJobs(itemId)).toHaveLength(1);
  });

  it('limits requests per IP address', async () => {
    const { request } = await submitted();
    const ip = '203.0.113.77';
    for (let i = 0; i < 60; i++) {
      const response = await post(request, ip);
      expect(response.statusCode).toBe(200);
    }
    const limited = await post(request, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, error: TOO_MANY_CLIP_REQUESTS });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post(request, '203.0.113.78')).statusCode).toBe(200);
  });
});
