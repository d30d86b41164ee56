import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ArtistChangeRequestResponse,
  ASSIGNEE_NOT_STAFF,
  authMessages,
  type BoardItemDetail,
  CHANGES_NEED_A_REQUEST,
  FLAG_NOTE_REQUIRED,
  formatFieldNotFlagged,
  formatFlaggedFieldUnanswered,
  formatFlaggedTwice,
  formatStatusChangeRefused,
  INVALID_ARTWORK_TYPE,
  ISRC_INVALID,
  LIST_CURSOR_MISMATCH,
  NEW_ARTWORK_NOT_USABLE,
  NEW_AUDIO_NOT_USABLE,
  NEW_AUDIO_NOT_WAV,
  NO_OPEN_CHANGE_REQUEST,
  RATING_OUT_OF_RANGE,
  type ReviewRound,
  SUBMISSION_NOT_FOUND,
  type TimelineResponse,
  TRACK_NOT_IN_SUBMISSION,
  UNKNOWN_FLAGGED_FIELD,
} from '../../../domain';
import {
  jobs,
  outboxMessages,
  reviewRounds,
  socialClips,
  submissionEvents,
  submissions,
  submissionTracks,
  uploads,
} from '../../db/schema';
import { ARTISTS_ONLY } from '../../policies/artists';
import { makeCompressedAudio, makeJpeg, makePng, makeWav } from '../../test/media-fixtures';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import {
  buildTestPayload,
  newSessionIdForTest,
  postSubmission,
  prepareTestSubmission,
  uploadFileAs,
  uploadTestFile,
} from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

/**
 * The review workflow end to end through the API: staff mark fields with notes
 * (routes/api/board/review.ts), the artist sees only those open and answers them
 * (routes/api/profile.ts), staff read each round's old → new and the timeline; private notes,
 * ratings and assignment; who may do what; and that every change and its audit trail commit
 * together or not at all.
 */

let ctx: TestContext;
let staff: SignedIn;
let artistA: SignedIn;
let artistB: SignedIn;

const STAFF_EMAIL = 'reviewer@label.example';
const SUBMITTED_EMAIL = 'maya@example.com';
const db = () => ctx.database.db;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const runJobs = async () => {
  while (await ctx.app.jobs.runOnce()) {}
};

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, db(), STAFF_EMAIL, 'Rita Reviewer');
  artistA = await signIn(ctx.app, db(), 'artist.a@example.com');
  artistB = await signIn(ctx.app, db(), 'artist.b@example.com');
});
afterAll(async () => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(as: SignedIn | null, method: Method, url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { origin: ctx.config.publicUrl, ...(as ? { cookie: as.cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** A file uploaded through the standard route, as the signed-in artist (or a visitor) uploads it. */
const uploadAs = (
  as: SignedIn | null,
  file: { name: string; type: string; body: Buffer },
  fileType: 'artwork' | 'track',
) => uploadFileAs(ctx.app, as, file, fileType);

const newCover = async (width = 700) => ({
  name: 'sharper cover.jpg',
  type: 'image/jpeg',
  body: await makeJpeg({ width, height: width }),
});

/** A submission made through the real form path while `as` is signed in, so it is theirs. */
async function submitAs(as: SignedIn, options: Parameters<typeof prepareTestSubmission>[1] = {}) {
  const prepared = await prepareTestSubmission(ctx.app, options);
  const response = await postSubmission(ctx.app, prepared.payload, { cookie: as.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return { ...prepared, itemId: response.json().data.itemId as string };
}

async function boardItem(itemId: string): Promise<BoardItemDetail> {
  const response = await call(staff, 'GET', `/api/board/items/${itemId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().item;
}

async function requestChanges(itemId: string, body: unknown) {
  return call(staff, 'POST', `/api/board/items/${itemId}/change-requests`, body);
}

async function openRequest(as: SignedIn, itemId: string) {
  return call(as, 'GET', `/api/profile/submissions/${itemId}/change-request`);
}

async function resubmit(as: SignedIn, itemId: string, body: unknown) {
  return call(as, 'POST', `/api/profile/submissions/${itemId}/resubmit`, body);
}

async function rounds(itemId: string): Promise<ReviewRound[]> {
  const response = await call(staff, 'GET', `/api/board/items/${itemId}/rounds`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().rounds;
}

async function timeline(itemId: string, query = ''): Promise<TimelineResponse> {
  const response = await call(staff, 'GET', `/api/board/items/${itemId}/timeline${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function statusOf(itemId: string) {
  const [row] = await db()
    .select({ status: submissions.status })
    .from(submissions)
    .where(eq(submissions.id, itemId));
  return row?.status;
}

async function eventTypes(itemId: string) {
  const rows = await db()
    .select({ type: submissionEvents.type })
    .from(submissionEvents)
    .where(eq(submissionEvents.submissionId, itemId))
    .orderBy(asc(submissionEvents.id));
  return rows.map((row) => row.type);
}

async function mailsTo(address: string, subject: string) {
  await runJobs();
  return db()
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, address), eq(outboxMessages.subject, subject)));
}

/** A signed link opened with the cookie of the session it was made for. */
function fetchLink(url: string, as: SignedIn) {
  expect(url).toMatch(/^\/files\/.*&bound=1&/);
  return ctx.app.inject({ method: 'GET', url, headers: { cookie: as.cookie } });
}

describe('a change request on the artwork only', () => {
  it('opens only the artwork, with its note; the new JPEG sends the submission back with both hashes kept', async () => {
    const { itemId, artwork } = await submitAs(artistA);
    const note = 'The cover is blurry at full size: please send a sharp square JPEG.';

    const asked = await requestChanges(itemId, {
      fields: [{ field: 'artwork', note }],
      message: 'Thanks Maya, one small thing before we go on.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { round, item } = asked.json() as { round: ReviewRound; item: BoardItemDetail };
    expect(round).toMatchObject({
      number: 1,
      status: 'open',
      fromStatus: 'pending',
      requestedBy: 'Rita Reviewer',
      message: 'Thanks Maya, one small thing before we go on.',
      fields: [{ key: 'artwork', field: 'artwork', label: 'The artwork', note }],
      changes: [],
    });
    expect(item).toMatchObject({
      status: 'changes_requested',
      canRequestChanges: false,
      nextStatuses: ['pending', 'rejected'],
    });

    // One mail to the artist, listing the point.
    const [mail, ...more] = await mailsTo(SUBMITTED_EMAIL, 'Changes requested: "First Light"');
    expect(more).toEqual([]);
    expect(mail?.text).toContain(`1. The artwork: ${note}`);
    expect(mail?.text).toContain('Thanks Maya, one small thing before we go on.');
    expect(mail?.text).toContain(`/submission/${itemId}`);

    // The artist sees only the artwork open, with the note and the current picture.
    const open = await openRequest(artistA, itemId);
    expect(open.statusCode, open.body).toBe(200);
    const view = open.json() as ArtistChangeRequestResponse;
    expect(view.submission).toMatchObject({ itemId, status: 'changes_requested' });
    expect(view.changeRequest?.fields).toEqual([
      {
        key: 'artwork',
        field: 'artwork',
        label: 'The artwork',
        note,
        current: { field: 'artwork', fileId: artwork.fileId },
        file: { fileName: 'cover.jpg', url: expect.stringMatching(/^\/files\//) },
      },
    ]);
    expect(view.changeRequest).toMatchObject({ roundNumber: 1, message: round.message });
    // Nothing of staff's: who asked, which template.
    expect(open.body).not.toContain('Rita Reviewer');
    expect(open.body).not.toContain(STAFF_EMAIL);
    expect(open.body).not.toContain('templateId');

    const cover = await newCover();
    const newArtworkId = await uploadAs(artistA, cover, 'artwork');
    const sent = await resubmit(artistA, itemId, {
      changes: [{ field: 'artwork', fileId: newArtworkId }],
      comment: 'Here is the sharp one.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      submission: { itemId, status: 'pending' },
      resubmitted: { roundNumber: 1, changedFields: ['The artwork'] },
    });
    expect(await statusOf(itemId)).toBe('pending');
    expect((await openRequest(artistA, itemId)).json().changeRequest).toBeNull();

    // The round keeps both files, each with its SHA-256, and both open for the reviewer.
    const [kept] = await rounds(itemId);
    expect(kept).toMatchObject({
      number: 1,
      status: 'resubmitted',
      resubmittedBy: 'artist.a@example.com',
      artistComment: 'Here is the sharp one.',
      changes: [
        {
          key: 'artwork',
          field: 'artwork',
          label: 'The artwork',
          changed: true,
          before: { fileId: artwork.fileId, fileName: 'cover.jpg', sha256: sha256(artwork.bytes) },
          after: { fileId: newArtworkId, fileName: 'sharper cover.jpg', sha256: sha256(cover.body) },
        },
      ],
    });
    const change = kept?.changes[0];
    if (change?.field !== 'artwork' || !change.before) throw new Error('no artwork change');
    for (const [file, bytes] of [
      [change.before, artwork.bytes],
      [change.after, cover.body],
    ] as const) {
      if (!file.url) throw new Error('no link');
      const served = await fetchLink(file.url, staff);
      expect(served.statusCode).toBe(200);
      expect(sha256(served.rawPayload)).toBe(sha256(bytes));
    }
    // Both stored; the submission shows the new one; the hashes are kept on the uploads.
    const stored = await db().select().from(uploads).where(eq(uploads.id, artwork.fileId));
    expect(stored[0]?.sha256).toBe(sha256(artwork.bytes));
    expect((await boardItem(itemId)).artwork?.fileId).toBe(newArtworkId);

    // The reviewer who asked hears of it; the timeline has the request, the answer and the mail.
    const [notice] = await mailsTo(STAFF_EMAIL, 'Changes sent back: Maya Rivers - First Light');
    expect(notice?.text).toContain('Changed:\n- The artwork');
    expect(notice?.text).toContain("The artist's comment:\nHere is the sharp one.");
    const trail = await timeline(itemId, '?sort=oldest&limit=100');
    const types = trail.events.map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining(['created', 'changes_requested', 'resubmitted', 'mail_queued', 'mail_sent']),
    );
    expect(trail.events.find((event) => event.type === 'changes_requested')).toMatchObject({
      actor: 'Rita Reviewer',
      fromStatus: 'pending',
      toStatus: 'changes_requested',
      roundId: round.roundId,
      message: round.message,
    });
    expect(trail.events.find((event) => event.type === 'resubmitted')).toMatchObject({
      actor: 'artist.a@example.com',
      fromStatus: 'changes_requested',
      toStatus: 'pending',
      data: { round: 1, changed: ['The artwork'], unchanged: [], comment: 'Here is the sharp one.' },
    });

    // A second round is a new record; the first stays as it was.
    expect(
      (await requestChanges(itemId, { fields: [{ field: 'releaseDate', note: 'Later, please.' }] }))
        .statusCode,
    ).toBe(200);
    const both = await rounds(itemId);
    expect(both.map((entry) => [entry.number, entry.status])).toEqual([
      [1, 'resubmitted'],
      [2, 'open'],
    ]);
    // Links are signed afresh on each read; everything else is as it was.
    const withoutLinks = (value: unknown) =>
      JSON.parse(JSON.stringify(value), (key, entry) =>
        key === 'url' || key === 'downloadUrl' ? undefined : entry,
      );
    expect(withoutLinks(both[0])).toEqual(withoutLinks(kept));
  });
});

describe('only the marked fields', () => {
  it('refuses a field that was not marked with 403, and a marked one left out with 400, changing nothing', async () => {
    const { itemId } = await submitAs(artistA, { trackCount: 2 });
    const [first, second] = (await boardItem(itemId)).tracks;
    if (!first || !second) throw new Error('two tracks expected');
    expect(
      (
        await requestChanges(itemId, {
          fields: [{ field: 'trackTitle', trackId: first.trackId, note: 'Title should be "Song One".' }],
        })
      ).statusCode,
    ).toBe(200);
    const open = (await openRequest(artistA, itemId)).json() as ArtistChangeRequestResponse;
    expect(open.changeRequest?.fields.map((field) => [field.field, field.label, field.current])).toEqual([
      [
        'trackTitle',
        'The title of track 1 "Song 1"',
        { field: 'trackTitle', trackId: first.trackId, title: 'Song 1' },
      ],
    ]);

    const cover = await uploadAs(artistA, await newCover(), 'artwork');
    const unflagged = await resubmit(artistA, itemId, {
      changes: [
        { field: 'trackTitle', trackId: first.trackId, title: 'Song One' },
        { field: 'artwork', fileId: cover },
      ],
    });
    expect(unflagged.statusCode, unflagged.body).toBe(403);
    expect(unflagged.json().error).toBe(formatFieldNotFlagged('The artwork'));

    const otherTrack = await resubmit(artistA, itemId, {
      changes: [
        { field: 'trackTitle', trackId: first.trackId, title: 'Song One' },
        { field: 'trackTitle', trackId: second.trackId, title: 'Song Two' },
      ],
    });
    expect(otherTrack.statusCode).toBe(403);
    expect(otherTrack.json().error).toBe(formatFieldNotFlagged('The title of track 2 "Song 2"'));

    const leftOut = await resubmit(artistA, itemId, {
      changes: [{ field: 'trackIsrc', trackId: first.trackId, isrc: 'GB-A1B-25-00042' }],
    });
    expect(leftOut.statusCode).toBe(403);
    const unanswered = await resubmit(artistA, itemId, { changes: [] });
    expect(unanswered.statusCode).toBe(400);

    // Nothing changed by the refusals.
    expect(await statusOf(itemId)).toBe('changes_requested');
    const titles = await db()
      .select({ title: submissionTracks.title })
      .from(submissionTracks)
      .where(eq(submissionTracks.submissionId, itemId))
      .orderBy(asc(submissionTracks.position));
    expect(titles.map((row) => row.title)).toEqual(['Song 1', 'Song 2']);
    const [coverRow] = await db().select().from(uploads).where(eq(uploads.id, cover));
    expect(coverRow?.claimedAt).toBeNull();

    const answered = await resubmit(artistA, itemId, {
      changes: [{ field: 'trackTitle', trackId: first.trackId, title: '  Song One ' }],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const after = await boardItem(itemId);
    expect(after.tracks.map((track) => track.title)).toEqual(['Song One', 'Song 2']);
    const [kept] = await rounds(itemId);
    // The label keeps the title the field had when it was marked.
    expect(kept?.changes).toEqual([
      {
        key: `trackTitle:${first.trackId}`,
        field: 'trackTitle',
        trackId: first.trackId,
        label: 'The title of track 1 "Song 1"',
        changed: true,
        before: 'Song 1',
        after: 'Song One',
      },
    ]);
  });

  it('answers every marked field: several at once, an unchanged one recorded as such, with the form rules', async () => {
    const { itemId } = await submitAs(artistA, { split: true });
    const [track] = (await boardItem(itemId)).tracks;
    if (!track) throw new Error('no track');
    const trackId = track.trackId;
    const fields = [
      { field: 'trackIsrc', trackId, note: 'Add the ISRC.' },
      { field: 'trackContributors', trackId, note: 'Credit the mixing engineer.' },
      { field: 'trackSplits', trackId, note: 'Splits should be 50/50.' },
      { field: 'releaseDate', note: 'Move it a week later.' },
    ];
    expect((await requestChanges(itemId, { fields })).statusCode).toBe(200);
    const open = (await openRequest(artistA, itemId)).json() as ArtistChangeRequestResponse;
    const current = open.changeRequest?.fields.map((field) => field.current) ?? [];
    expect(current.map((value) => value?.field)).toEqual([
      'trackIsrc',
      'trackContributors',
      'trackSplits',
      'releaseDate',
    ]);
    const [isrc, contributors, splits, releaseDate] = current;
    if (contributors?.field !== 'trackContributors' || splits?.field !== 'trackSplits')
      throw new Error('values');
    if (releaseDate?.field !== 'releaseDate' || isrc?.field !== 'trackIsrc') throw new Error('values');
    expect(isrc.isrc).toBe('');
    // The splits come with the people credited on the track, whom a split names by id.
    expect(splits.masterSplits[0]?.contributorId).toBe('c-0');
    expect(open.changeRequest?.fields[2]?.credited).toEqual([
      expect.objectContaining({ id: 'c-0', firstName: 'Leo', surname: 'Park', roles: ['Producer'] }),
    ]);
    expect(open.changeRequest?.fields[1]?.credited).toBeUndefined();

    const valid = {
      changes: [
        { ...isrc, isrc: 'gb a1b 25 00042' },
        {
          ...contributors,
          nonFeaturedArtists: [
            {
              id: 'c-mix',
              firstName: 'Nia',
              surname: 'Hale',
              roles: ['Mixing Engineer'],
              isFeatured: false,
              isPrimaryArtist: false,
            },
          ],
        },
        { ...splits, masterSplits: splits.masterSplits.map((split) => ({ ...split, percentage: 50 })) },
        // Sent back as it was.
        releaseDate,
      ],
    };
    const badIsrc = await resubmit(artistA, itemId, {
      changes: valid.changes.map((change) =>
        change.field === 'trackIsrc' ? { ...change, isrc: 'nope' } : change,
      ),
    });
    expect(badIsrc.statusCode).toBe(400);
    expect(badIsrc.json().error).toBe(ISRC_INVALID);
    const twice = await resubmit(artistA, itemId, { changes: [...valid.changes, valid.changes[0]] });
    expect(twice.statusCode).toBe(400);
    const missing = await resubmit(artistA, itemId, { changes: valid.changes.slice(0, 3) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(formatFlaggedFieldUnanswered('The release date'));

    const sent = await resubmit(artistA, itemId, valid);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().resubmitted.changedFields).toEqual([
      'The ISRC of track 1 "Song 1"',
      'The contributors of track 1 "Song 1"',
      'The master splits of track 1 "Song 1"',
    ]);
    const after = await boardItem(itemId);
    expect(after.tracks[0]?.isrc).toBe('GB-A1B-25-00042');
    // Stored as the release details store credits: featured, non-featured, then producers.
    expect(after.tracks[0]?.contributors.map((c) => `${c.firstName} ${c.surname}`)).toEqual([
      'Nia Hale',
      'Leo Park',
    ]);
    expect(after.tracks[0]?.splits.map((split) => split.percentage)).toEqual([50, 50]);
    const [kept] = await rounds(itemId);
    expect(kept?.changes.map((change) => [change.field, change.changed])).toEqual([
      ['trackIsrc', true],
      ['trackContributors', true],
      ['trackSplits', true],
      ['releaseDate', false],
    ]);
    expect(kept?.changes[0]).toMatchObject({ before: '', after: 'GB-A1B-25-00042' });
  });

  it('checks new files as at the first submission: the artist’s own, unused, a WAV and a JPEG', async () => {
    const { itemId } = await submitAs(artistA, { clips: [{ startTime: '0:00', endTime: '0:01' }] });
    const other = await submitAs(artistA);
    const [track] = (await boardItem(itemId)).tracks;
    if (!track) throw new Error('no track');
    expect(
      (
        await requestChanges(itemId, {
          fields: [
            { field: 'artwork', note: 'Sharper, please.' },
            { field: 'trackAudio', trackId: track.trackId, note: 'The master clips at 0:01.' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const wav = {
      name: 'Song 1 (remaster).wav',
      type: 'audio/wav',
      body: makeWav({ seconds: 1, frequency: 660 }),
    };
    const newAudio = await uploadAs(artistA, wav, 'track');
    const newArtwork = await uploadAs(artistA, await newCover(), 'artwork');
    const attempt = (artwork: string, audio: string) =>
      resubmit(artistA, itemId, {
        changes: [
          { field: 'artwork', fileId: artwork },
          { field: 'trackAudio', trackId: track.trackId, fileId: audio },
        ],
      });
    const refusals: [string, string, string][] = [
      // A PNG is an image, not the JPEG artwork must be.
      [
        await uploadAs(
          artistA,
          { name: 'cover.png', type: 'image/png', body: await makePng({ width: 400, height: 400 }) },
          'artwork',
        ),
        newAudio,
        INVALID_ARTWORK_TYPE,
      ],
      // Uploaded by a visitor, or by another artist: not this artist's.
      [await uploadAs(null, await newCover(), 'artwork'), newAudio, NEW_ARTWORK_NOT_USABLE],
      [await uploadAs(artistB, await newCover(), 'artwork'), newAudio, NEW_ARTWORK_NOT_USABLE],
      // Already part of a submission.
      [other.artwork.fileId, newAudio, NEW_ARTWORK_NOT_USABLE],
      // A made-up id; an image as audio; an MP3 as audio.
      ['00000000-0000-4000-8000-000000000000', newAudio, NEW_ARTWORK_NOT_USABLE],
      [newArtwork, newArtwork, NEW_AUDIO_NOT_USABLE],
      [
        newArtwork,
        await uploadAs(
          artistA,
          { name: 'song.mp3', type: 'audio/mpeg', body: makeCompressedAudio('mp3') },
          'track',
        ),
        NEW_AUDIO_NOT_WAV,
      ],
    ];
    for (const [artwork, audio, message] of refusals) {
      const refused = await attempt(artwork, audio);
      expect(refused.statusCode, `${message}: ${refused.body}`).toBe(400);
      expect(refused.json().error).toBe(message);
    }
    expect(await statusOf(itemId)).toBe('changes_requested');

    const [clipBefore] = await db().select().from(socialClips).where(eq(socialClips.trackId, track.trackId));
    await db()
      .update(socialClips)
      .set({ status: 'ready' })
      .where(eq(socialClips.id, clipBefore?.id ?? ''));
    const sent = await attempt(newArtwork, newAudio);
    expect(sent.statusCode, sent.body).toBe(200);
    const after = await boardItem(itemId);
    expect(after.tracks[0]?.audio?.fileId).toBe(newAudio);
    // The clips were cut from the old audio: they are asked for again, and the job is queued.
    const [clip] = await db().select().from(socialClips).where(eq(socialClips.trackId, track.trackId));
    expect(clip).toMatchObject({ status: 'requested', clipUploadId: null });
    const queued = await db().select().from(jobs).where(eq(jobs.type, 'media.social-clips'));
    expect(queued.some((job) => (job.payload as { submissionId?: string }).submissionId === itemId)).toBe(
      true,
    );
    // The new audio's level check is queued; staff see it being measured.
    const measuring = await db().select().from(jobs).where(eq(jobs.type, 'media.measure-loudness'));
    expect(measuring.map((job) => job.payload)).toContainEqual({
      trackId: track.trackId,
      uploadId: newAudio,
    });
    expect(after.tracks[0]?.loudness).toEqual({ status: 'measuring' });
    const [kept] = await rounds(itemId);
    const audioChange = kept?.changes.find((change) => change.field === 'trackAudio');
    expect(audioChange).toMatchObject({
      changed: true,
      after: { fileId: newAudio, sha256: sha256(wav.body) },
    });
    const [claimed] = await db().select().from(uploads).where(eq(uploads.id, newAudio));
    expect(claimed?.claimedAt).not.toBeNull();
  });
});

describe('a catalogue item', () => {
  it('takes a new link, title and splits; the details fetched for the old link are dropped', async () => {
    const sessionId = newSessionIdForTest();
    const audio = await uploadTestFile(ctx.app, {
      sessionId,
      fileType: 'track',
      name: 'Tide.wav',
      type: 'audio/wav',
      body: makeWav({ seconds: 1 }),
    });
    const artwork = await uploadTestFile(ctx.app, {
      sessionId,
      fileType: 'artwork',
      name: 'cover.jpg',
      type: 'image/jpeg',
      body: await makeJpeg({ width: 600, height: 600 }),
    });
    const payload = buildTestPayload(ctx.app, {
      sessionId,
      artwork,
      uploadType: 'both',
      tracks: [{ file: audio, title: 'Tide' }],
      catalogueItems: [
        {
          id: 'cat-1',
          type: 'album',
          title: 'Old Harbour',
          artist: 'Maya Rivers',
          spotifyUrl: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
          releaseDate: '2019-05-17',
          details: { label: 'Tidal Records', upc: '0602577000000', tracks: [] },
          metadata: {
            hasMasterSplit: true,
            masterSplits: [
              { id: 'cs-1', firstName: 'Iris', lastName: 'Cole', email: 'iris@example.com', percentage: 100 },
            ],
          },
        },
      ],
    });
    const posted = await postSubmission(ctx.app, payload, { cookie: artistA.cookie });
    expect(posted.statusCode, posted.body).toBe(200);
    const itemId = posted.json().data.itemId as string;
    const [item] = (await boardItem(itemId)).catalogueItems;
    if (!item) throw new Error('no catalogue item');
    const asked = await requestChanges(itemId, {
      fields: [
        { field: 'catalogueItem', catalogueItemId: item.catalogueItemId, note: 'That is the wrong album.' },
      ],
    });
    expect(asked.json().round.fields[0].label).toBe('The catalogue item "Old Harbour"');
    const open = (await openRequest(artistA, itemId)).json() as ArtistChangeRequestResponse;
    const current = open.changeRequest?.fields[0]?.current;
    if (current?.field !== 'catalogueItem') throw new Error('no current value');
    expect(current).toMatchObject({ title: 'Old Harbour', hasMasterSplit: true });

    const invalid = await resubmit(artistA, itemId, { changes: [{ ...current, spotifyUrl: 'not a link' }] });
    expect(invalid.statusCode).toBe(400);
    const sent = await resubmit(artistA, itemId, {
      changes: [
        {
          ...current,
          title: 'New Harbour',
          spotifyUrl: 'open.spotify.com/intl-de/album/1bbbbbbbbbbbbbbbbbbbbb?si=x',
          masterSplits: [
            { id: 'n-1', firstName: 'Iris', lastName: 'Cole', email: 'iris@example.com', percentage: 60 },
            { id: 'n-2', firstName: 'Ola', lastName: 'Berg', email: 'ola@example.com', percentage: 40 },
          ],
        },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [after] = (await boardItem(itemId)).catalogueItems;
    expect(after).toMatchObject({
      title: 'New Harbour',
      spotifyUrl: 'https://open.spotify.com/album/1bbbbbbbbbbbbbbbbbbbbb',
      details: null,
      releaseDate: null,
      splits: [
        { name: 'Iris Cole', percentage: 60 },
        { name: 'Ola Berg', percentage: 40 },
      ],
    });
    const [kept] = await rounds(itemId);
    expect(kept?.changes[0]).toMatchObject({
      field: 'catalogueItem',
      changed: true,
      before: { title: 'Old Harbour', spotifyUrl: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy' },
      after: { title: 'New Harbour', spotifyUrl: 'https://open.spotify.com/album/1bbbbbbbbbbbbbbbbbbbbb' },
    });
  });
});

describe('what staff may mark', () => {
  it('refuses marks the submission cannot have, and asking for changes by a plain status change', async () => {
    const { itemId } = await submitAs(artistA);
    const other = await submitAs(artistA);
    const [otherTrack] = (await boardItem(other.itemId)).tracks;
    const cases: [unknown, number, string][] = [
      [{ fields: [{ field: 'lyrics', note: 'x' }] }, 400, UNKNOWN_FLAGGED_FIELD],
      [{ fields: [{ field: 'artwork', note: '  ' }] }, 400, FLAG_NOTE_REQUIRED],
      [{ fields: [{ field: 'artwork' }] }, 400, FLAG_NOTE_REQUIRED],
      [
        { fields: [{ field: 'trackTitle', trackId: otherTrack?.trackId, note: 'x' }] },
        400,
        TRACK_NOT_IN_SUBMISSION,
      ],
      [
        {
          fields: [
            { field: 'artwork', note: 'a' },
            { field: 'artwork', note: 'b' },
          ],
        },
        400,
        formatFlaggedTwice('The artwork'),
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await requestChanges(itemId, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error).toBe(message);
    }
    const plain = await call(staff, 'POST', `/api/board/items/${itemId}/status`, {
      status: 'changes_requested',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error).toBe(CHANGES_NEED_A_REQUEST);
    expect(await eventTypes(itemId)).not.toContain('changes_requested');

    // A live release is past review (an approved one may still be sent back from its delivery checklist).
    for (const status of ['approved', 'live'])
      expect((await call(staff, 'POST', `/api/board/items/${itemId}/status`, { status })).statusCode).toBe(
        200,
      );
    const late = await requestChanges(itemId, { fields: [{ field: 'artwork', note: 'x' }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(formatStatusChangeRefused('live', 'changes_requested'));
    const unknown = await requestChanges('not-an-id', { fields: [{ field: 'artwork', note: 'x' }] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(SUBMISSION_NOT_FOUND);
  });

  it('closes an open round as withdrawn when staff change the status, and the artist can no longer answer it', async () => {
    const { itemId } = await submitAs(artistA);
    await requestChanges(itemId, { fields: [{ field: 'artwork', note: 'Sharper.' }] });
    const withdrawn = await call(staff, 'POST', `/api/board/items/${itemId}/status`, {
      status: 'pending',
      message: 'Never mind, it is fine.',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const [round] = await rounds(itemId);
    expect(round).toMatchObject({ status: 'withdrawn', closedBy: 'Rita Reviewer', changes: [] });
    expect(await eventTypes(itemId)).toContain('change_request_withdrawn');
    const cover = await uploadAs(artistA, await newCover(), 'artwork');
    const late = await resubmit(artistA, itemId, { changes: [{ field: 'artwork', fileId: cover }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(NO_OPEN_CHANGE_REQUEST);
  });
});

describe('who may see and do what', () => {
  it('keeps another artist out, and staff data out of every artist answer', async () => {
    const { itemId } = await submitAs(artistA);
    const note = 'PRIVATE: label politics, do not share';
    expect((await call(staff, 'POST', `/api/board/items/${itemId}/notes`, { body: note })).statusCode).toBe(
      200,
    );
    expect((await call(staff, 'POST', `/api/board/items/${itemId}/rating`, { rating: 5 })).statusCode).toBe(
      200,
    );
    const template = await call(staff, 'POST', '/api/decision-templates', {
      kind: 'request_changes',
      name: 'SECRET-TEMPLATE-NAME',
      body: 'Hi {{artistName}}, a few fixes for {{releaseTitle}}.',
    });
    expect(template.statusCode, template.body).toBe(200);
    const asked = await requestChanges(itemId, {
      fields: [{ field: 'artwork', note: 'Sharper, please.' }],
      templateId: template.json().template.templateId,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().round).toMatchObject({
      message: 'Hi Maya Rivers, a few fixes for First Light.',
      template: { name: 'SECRET-TEMPLATE-NAME' },
    });

    // Artist B: A's item does not exist for them.
    for (const [method, url, body] of [
      ['GET', `/api/profile/submissions/${itemId}/change-request`],
      [
        'POST',
        `/api/profile/submissions/${itemId}/resubmit`,
        { changes: [{ field: 'artwork', fileId: itemId }] },
      ],
      ['GET', `/api/profile/submissions/${itemId}`],
    ] as [Method, string, unknown?][]) {
      const response = await call(artistB, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toBe(SUBMISSION_NOT_FOUND);
    }
    expect(await statusOf(itemId)).toBe('changes_requested');

    // Staff routes: 401 for visitors, 403 for artists (the owner too).
    const staffRoutes: [Method, string, unknown?][] = [
      ['POST', `/api/board/items/${itemId}/change-requests`, { fields: [{ field: 'artwork', note: 'x' }] }],
      ['GET', `/api/board/items/${itemId}/rounds`],
      ['GET', `/api/board/items/${itemId}/timeline`],
      ['GET', `/api/board/items/${itemId}/notes`],
      ['POST', `/api/board/items/${itemId}/notes`, { body: 'x' }],
      ['POST', `/api/board/items/${itemId}/rating`, { rating: 1 }],
      ['POST', `/api/board/items/${itemId}/assignee`, { userId: null }],
      ['GET', `/api/board/items/${itemId}/decision-message?templateId=${itemId}`],
      ['GET', '/api/board/reviewers'],
      ['GET', '/api/decision-templates'],
      ['POST', '/api/decision-templates', { kind: 'approve', name: 'x', body: 'x' }],
      ['PUT', `/api/decision-templates/${itemId}`, { name: 'x', body: 'x' }],
      ['DELETE', `/api/decision-templates/${itemId}`],
    ];
    for (const [method, url, body] of staffRoutes) {
      for (const [as, status, error] of [
        [null, 401, authMessages.notAuthenticated],
        [artistA, 403, authMessages.staffOnly],
      ] as const) {
        const response = await call(as, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(status);
        expect(response.json().error).toBe(error);
      }
    }
    // The artist's routes are the artist's: staff get 403 there.
    const staffAsArtist = await openRequest(staff, itemId);
    expect(staffAsArtist.statusCode).toBe(403);
    expect(staffAsArtist.json().error).toBe(ARTISTS_ONLY);

    // Everything the artist reads about the submission: no note, rating, template or reviewer.
    const answers = [
      await openRequest(artistA, itemId),
      await call(artistA, 'GET', `/api/profile/submissions/${itemId}`),
      await call(artistA, 'GET', '/api/profile/submissions'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      for (const secret of [
        note,
        'SECRET-TEMPLATE-NAME',
        'Rita Reviewer',
        STAFF_EMAIL,
        '"rating"',
        'assignee',
      ]) {
        expect(answer.body).not.toContain(secret);
      }
    }
  });
});

describe('notes, rating, assignment and the timeline', () => {
  it('records each on the trail, refuses bad values, and pages the timeline with its cursor', async () => {
    const { itemId } = await submitAs(artistA);
    const other = await submitAs(artistA);
    expect((await call(staff, 'POST', `/api/board/items/${itemId}/notes`, { body: '' })).statusCode).toBe(
      400,
    );
    const note = await call(staff, 'POST', `/api/board/items/${itemId}/notes`, { body: 'Strong chorus.' });
    expect(note.json().note).toMatchObject({ body: 'Strong chorus.', author: 'Rita Reviewer' });
    const notes = await call(staff, 'GET', `/api/board/items/${itemId}/notes`);
    expect(notes.json().notes.map((entry: { body: string }) => entry.body)).toEqual(['Strong chorus.']);

    const badRating = await call(staff, 'POST', `/api/board/items/${itemId}/rating`, { rating: 6 });
    expect(badRating.statusCode).toBe(400);
    expect(badRating.json().error).toBe(RATING_OUT_OF_RANGE);
    const rated = await call(staff, 'POST', `/api/board/items/${itemId}/rating`, { rating: 4 });
    expect(rated.json().item.rating).toBe(4);

    const notStaff = await call(staff, 'POST', `/api/board/items/${itemId}/assignee`, {
      userId: artistA.userId,
    });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().error).toBe(ASSIGNEE_NOT_STAFF);
    const reviewers = await call(staff, 'GET', '/api/board/reviewers');
    expect(reviewers.json().reviewers).toEqual([
      { userId: staff.userId, name: 'Rita Reviewer', email: STAFF_EMAIL },
    ]);
    const assigned = await call(staff, 'POST', `/api/board/items/${itemId}/assignee`, {
      userId: staff.userId,
    });
    expect(assigned.json().item.assignee).toEqual({
      userId: staff.userId,
      name: 'Rita Reviewer',
      email: STAFF_EMAIL,
    });

    const all = await timeline(itemId, '?limit=100');
    expect(all.events.slice(0, 3).map((event) => [event.type, event.actor])).toEqual([
      ['assigned', 'Rita Reviewer'],
      ['rating_changed', 'Rita Reviewer'],
      ['note_added', 'Rita Reviewer'],
    ]);
    expect(all.events[0]?.data).toMatchObject({ to: staff.userId, assignee: 'Rita Reviewer' });
    expect(all.events[1]?.data).toEqual({ from: null, to: 4 });
    expect(all.events.at(-1)?.type).toBe('created');

    // Two at a time, newest first: the pages join up to the whole trail, the total counted once.
    const seen: string[] = [];
    let page = await timeline(itemId, '?limit=2');
    expect(page.total).toBe(all.total);
    seen.push(...page.events.map((event) => event.eventId));
    while (page.nextCursor) {
      page = await timeline(itemId, `?limit=2&cursor=${encodeURIComponent(page.nextCursor)}`);
      seen.push(...page.events.map((event) => event.eventId));
    }
    expect(seen).toEqual(all.events.map((event) => event.eventId));
    const first = await timeline(itemId, '?limit=2');
    const foreign = await call(
      staff,
      'GET',
      `/api/board/items/${other.itemId}/timeline?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe(LIST_CURSOR_MISMATCH);
  });
});

describe('the change and its audit trail commit together', () => {
  /** The mail queue refuses mail for a moment (a trigger on the jobs table), as a broken enqueue would. */
  async function withMailQueueBroken(run: () => Promise<void>) {
    await db().execute(sql`create or replace function imprint_test_refuse_mail() returns trigger language plpgsql as $$
      begin
        if new.type = 'mail.send' then raise exception 'the mail queue is down'; end if;
        return new;
      end $$`);
    await db().execute(sql`create trigger imprint_test_refuse_mail before insert on jobs
      for each row execute function imprint_test_refuse_mail()`);
    try {
      await run();
    } finally {
      await db().execute(sql`drop trigger imprint_test_refuse_mail on jobs`);
      await db().execute(sql`drop function imprint_test_refuse_mail()`);
    }
  }

  it('leaves nothing behind when the mail cannot be queued: no status, round, event, note of it', async () => {
    const { itemId } = await submitAs(artistA);
    const before = await eventTypes(itemId);
    await withMailQueueBroken(async () => {
      const asked = await requestChanges(itemId, { fields: [{ field: 'artwork', note: 'Sharper.' }] });
      expect(asked.statusCode).toBe(500);
      const declined = await call(staff, 'POST', `/api/board/items/${itemId}/status`, { status: 'rejected' });
      expect(declined.statusCode).toBe(500);
    });
    expect(await statusOf(itemId)).toBe('pending');
    expect(await db().select().from(reviewRounds).where(eq(reviewRounds.submissionId, itemId))).toEqual([]);
    expect(await eventTypes(itemId)).toEqual(before);

    // With the queue back, the same request goes through with its trail.
    const asked = await requestChanges(itemId, { fields: [{ field: 'artwork', note: 'Sharper.' }] });
    expect(asked.statusCode).toBe(200);
    expect((await eventTypes(itemId)).slice(before.length)).toEqual(['changes_requested', 'mail_queued']);

    // A resubmission whose mail cannot be queued changes nothing either.
    const cover = await uploadAs(artistA, await newCover(), 'artwork');
    const withTrail = await eventTypes(itemId);
    await withMailQueueBroken(async () => {
      const sent = await resubmit(artistA, itemId, { changes: [{ field: 'artwork', fileId: cover }] });
      expect(sent.statusCode).toBe(500);
    });
    expect(await statusOf(itemId)).toBe('changes_requested');
    expect(await eventTypes(itemId)).toEqual(withTrail);
    const [round] = await rounds(itemId);
    expect(round).toMatchObject({ status: 'open', changes: [] });
    const [coverRow] = await db().select().from(uploads).where(eq(uploads.id, cover));
    expect(coverRow?.claimedAt).toBeNull();
    expect((await boardItem(itemId)).artwork?.fileId).not.toBe(cover);
  });
});
