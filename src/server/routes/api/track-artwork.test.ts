import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boardItemResponseSchema,
  type CreateBoardItemPayload,
  formatTrackNeedsCustomArtwork,
  imageMappingSchema,
  submissionResponseSchema,
  UPLOAD_NOT_IN_SESSION,
} from '../../../domain';
import { submissionTracks, uploads } from '../../db/schema';
import { makeJpeg, makeWav } from '../../test/media-fixtures';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import {
  newSessionIdForTest,
  postSubmission,
  prepareTestSubmission,
  runDueJobs,
  type UploadedTestFile,
  uploadTestFile,
} from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

/**
 * A track's own artwork (spec 001 §3, useCustomArtwork / customArtwork / customArtworkUrl): stored
 * per track, checked like the main artwork (an image upload of this very upload session, not yet
 * claimed), shown on the staff board and in the artist's area.
 */

let ctx: TestContext;
let staff: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, ctx.database.db, 'reviewer@label.example');
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;

function uploadCover(sessionId: string, name = 'single-cover.jpg', size = 500) {
  return makeJpeg({ width: size, height: size }).then((body) =>
    uploadTestFile(ctx.app, { sessionId, fileType: 'artwork', name, type: 'image/jpeg', body }),
  );
}

/** The first track of `payload` with its own artwork switched on, naming `file` (or nothing). */
function withCustomArtwork(payload: CreateBoardItemPayload, file: UploadedTestFile | undefined) {
  const [first, ...rest] = payload.formData.tracks;
  if (!first) throw new Error('a track');
  const track = {
    ...first,
    useCustomArtwork: true,
    ...(file
      ? { customArtworkFileId: file.fileId, customArtworkUrl: file.url, customArtworkFileName: file.fileName }
      : {}),
  };
  return { ...payload, formData: { ...payload.formData, tracks: [track, ...rest] } };
}

async function trackRowsOf(itemId: string) {
  return db().select().from(submissionTracks).where(eq(submissionTracks.submissionId, itemId));
}

describe('a track’s custom artwork', () => {
  it('is listed with its SHA-256 on the release schedule made at approval', async () => {
    const prepared = await prepareTestSubmission(ctx.app, { trackCount: 2 });
    const cover = await uploadCover(prepared.sessionId);
    const response = await postSubmission(ctx.app, withCustomArtwork(prepared.payload, cover));
    expect(response.statusCode, response.body).toBe(200);
    const itemId: string = response.json().data.itemId;
    const headers = { cookie: staff.cookie, origin: ctx.config.publicUrl };
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/board/items/${itemId}/status`,
      headers,
      payload: { status: 'approved' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await runDueJobs(ctx.app);
    const schedule = await ctx.app.inject({
      method: 'GET',
      url: `/api/release-schedules?submissionId=${itemId}`,
      headers,
    });
    const tracks = schedule.json().schedule.content.tracks;
    expect(tracks[0].artwork).toEqual({
      uploadId: cover.fileId,
      fileName: 'single-cover.jpg',
      sha256: createHash('sha256').update(cover.bytes).digest('hex'),
    });
    expect(tracks[1].artwork).toBeUndefined();
  });

  it('is stored with its track, claimed, and shown on the board and to the artist', async () => {
    const prepared = await prepareTestSubmission(ctx.app, { trackCount: 2 });
    const cover = await uploadCover(prepared.sessionId);
    const on = withCustomArtwork(prepared.payload, cover);
    const payload = { ...on, formData: { ...on.formData, email: 'june@example.com' } };
    const response = await postSubmission(ctx.app, payload);
    expect(response.statusCode, response.body).toBe(200);
    const itemId: string = response.json().data.itemId;

    const rows = await trackRowsOf(itemId);
    expect(rows.map((row) => [row.title, row.artworkUploadId]).sort()).toEqual([
      ['Song 1', cover.fileId],
      ['Song 2', null],
    ]);
    const [claimed] = await db().select().from(uploads).where(eq(uploads.id, cover.fileId));
    expect(claimed?.claimedAt).not.toBeNull();

    // Staff: each track with its own cover, as a signed file with its size and the image's pixels.
    const board = await ctx.app.inject({
      method: 'GET',
      url: `/api/board/items/${itemId}`,
      headers: { cookie: staff.cookie },
    });
    expect(board.statusCode, board.body).toBe(200);
    const item = boardItemResponseSchema.parse(board.json()).item;
    const [song1, song2] = item.tracks;
    expect(song1?.customArtwork).toMatchObject({
      fileId: cover.fileId,
      fileName: 'single-cover.jpg',
      size: cover.bytes.length,
      media: { width: 500, height: 500 },
    });
    expect(song2?.customArtwork).toBeNull();
    expect(item.artwork?.fileId).toBe(prepared.artwork.fileId);
    const download = await ctx.app.inject({
      method: 'GET',
      url: song1?.customArtwork?.downloadUrl ?? '',
      headers: { cookie: staff.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(download.rawPayload).equals(cover.bytes)).toBe(true);

    // The artist: the track's cover beside the release's, and its variants are theirs to see.
    const artist = await signIn(ctx.app, ctx.database.db, 'june@example.com');
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/profile/submissions/${itemId}`,
      headers: { cookie: artist.cookie },
    });
    expect(own.statusCode, own.body).toBe(200);
    const submission = submissionResponseSchema.parse(own.json()).submission;
    expect(submission?.trackArtworks).toEqual([
      { trackNumber: 1, title: 'Song 1', url: expect.stringMatching(`^/files/${cover.fileId}\\?`) },
    ]);
    expect(submission?.mediaLinks).toHaveLength(3);
    const mapping = await ctx.app.inject({
      method: 'GET',
      url: `/files/optimized/image-mapping.json?ids=${cover.fileId}`,
      headers: { cookie: artist.cookie },
    });
    expect(mapping.statusCode, mapping.body).toBe(200);
    expect(Object.keys(imageMappingSchema.parse(mapping.json()))).toEqual([cover.fileId]);
  });

  it('is refused with the domain’s message when the switch is on without a picture', async () => {
    const prepared = await prepareTestSubmission(ctx.app);
    const response = await postSubmission(ctx.app, withCustomArtwork(prepared.payload, undefined));
    expect(response.statusCode).toBe(400);
    const message = formatTrackNeedsCustomArtwork(1, 'Song 1');
    expect(response.json().details).toContainEqual({ field: 'tracks.0.customArtwork', message });
  });

  it('must be an image of this upload session that no submission holds yet', async () => {
    const prepared = await prepareTestSubmission(ctx.app);
    const otherSession = await uploadCover(newSessionIdForTest());
    const audio = await uploadTestFile(ctx.app, {
      sessionId: prepared.sessionId,
      fileType: 'track',
      name: 'not-a-cover.wav',
      type: 'audio/wav',
      body: makeWav({ seconds: 1 }),
    });
    const unknown = { ...otherSession, fileId: '00000000-0000-4000-8000-000000000000' };
    const malformed = { ...otherSession, fileId: 'not-an-id' };
    for (const file of [otherSession, audio, unknown, malformed, prepared.artwork]) {
      const response = await postSubmission(ctx.app, withCustomArtwork(prepared.payload, file));
      expect(response.statusCode, file.fileName).toBe(400);
      expect(response.json().error).toBe(UPLOAD_NOT_IN_SESSION);
    }
    // A cover already part of another submission.
    const first = await prepareTestSubmission(ctx.app);
    const cover = await uploadCover(first.sessionId);
    expect((await postSubmission(ctx.app, withCustomArtwork(first.payload, cover))).statusCode).toBe(200);
    const again = await postSubmission(ctx.app, withCustomArtwork(prepared.payload, cover));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(UPLOAD_NOT_IN_SESSION);
  });

  it('switched off, leaves the track on the release artwork and its stale file unclaimed', async () => {
    const prepared = await prepareTestSubmission(ctx.app);
    const cover = await uploadCover(prepared.sessionId);
    const on = withCustomArtwork(prepared.payload, cover);
    const off = {
      ...on,
      formData: {
        ...on.formData,
        tracks: on.formData.tracks.map((track) => ({ ...track, useCustomArtwork: false })),
      },
    };
    const response = await postSubmission(ctx.app, off);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await trackRowsOf(response.json().data.itemId);
    expect(row?.artworkUploadId).toBeNull();
    const [stale] = await db().select().from(uploads).where(eq(uploads.id, cover.fileId));
    expect(stale?.claimedAt).toBeNull();
  });
});
