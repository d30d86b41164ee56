import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_CHECK_FAILED, UPLOAD_NOT_IN_SESSION } from '../../../../domain';
import {
  artists,
  catalogueItems,
  jobs,
  masterSplits,
  outboxMessages,
  socialClips,
  submissionEvents,
  submissions,
  submissionTracks,
  trackContributors,
  uploads,
} from '../../../db/schema';
import { createSubmission } from '../../../services/submissions/create-submission';
import { issueFormToken } from '../../../services/submissions/form-token';
import { makeWav } from '../../../test/media-fixtures';
import {
  buildTestPayload,
  formTokenOpenedAgo,
  newSessionIdForTest,
  postSubmission,
  prepareTestSubmission,
  uploadTestFile,
} from '../../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../../test/test-context';
import { TOO_MANY_SUBMISSIONS } from './create-item';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const runJobs = async () => {
  while (await ctx.app.jobs.runOnce()) {}
};

async function countRows() {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(submissions);
  return row?.n ?? 0;
}

describe('POST /api/board/create-item', () => {
  it('stores the whole submission in one go and answers its item id', async () => {
    const { payload, files, artwork } = await prepareTestSubmission(ctx.app, {
      trackCount: 2,
      clips: [{ startTime: '00:00', endTime: '00:01' }],
      split: true,
    });
    const response = await postSubmission(ctx.app, payload);
    expect(response.statusCode, response.body).toBe(200);
    const { success, data } = response.json();
    expect(success).toBe(true);
    const itemId: string = data.itemId;

    const [stored] = await db().select().from(submissions).where(eq(submissions.id, itemId));
    expect(stored).toMatchObject({
      status: 'pending',
      itemName: 'Maya Rivers - First Light',
      releaseTitle: 'First Light',
      uploadType: 'new-music',
      primaryGenre: 'Pop',
      artworkUploadId: artwork.fileId,
    });
    expect(stored?.artistDetails).toMatchObject({ email: 'maya@example.com', artistName: 'Maya Rivers' });

    const tracks = await db()
      .select()
      .from(submissionTracks)
      .where(eq(submissionTracks.submissionId, itemId))
      .orderBy(asc(submissionTracks.position));
    expect(tracks.map((t) => [t.title, t.audioUploadId])).toEqual([
      ['Song 1', files[0]?.fileId],
      ['Song 2', files[1]?.fileId],
    ]);
    const credits = await db().select().from(trackContributors);
    expect(credits.filter((c) => tracks.some((t) => t.id === c.trackId))).toHaveLength(2);
    const splits = await db().select().from(masterSplits).where(eq(masterSplits.submissionId, itemId));
    expect(splits.map((s) => s.percentage).sort()).toEqual([40, 40, 60, 60]);
    const clips = await db()
      .select()
      .from(socialClips)
      .where(eq(socialClips.trackId, tracks[0]?.id ?? ''));
    expect(clips).toMatchObject([{ startTime: '00:00', endTime: '00:01', status: 'requested' }]);

    // The files now belong to the submission: the abandoned-upload cleaner leaves them alone.
    const claimed = await db()
      .select()
      .from(uploads)
      .where(eq(uploads.sessionId, payload.formData.uploadSessionId));
    expect(claimed.every((row) => row.claimedAt !== null)).toBe(true);
    const [artist] = await db()
      .select()
      .from(artists)
      .where(eq(artists.id, stored?.artistId ?? ''));
    expect(artist?.email).toBe('maya@example.com');
    const events = await db()
      .select()
      .from(submissionEvents)
      .where(eq(submissionEvents.submissionId, itemId));
    expect(events.filter((event) => event.type !== 'mail_queued')).toMatchObject([
      { type: 'created', toStatus: 'pending' },
    ]);
    // Each mail it sent is on the trail: the artist's confirmation among them.
    expect(events.filter((event) => event.type === 'mail_queued').map((event) => event.data)).toContainEqual(
      expect.objectContaining({ to: 'maya@example.com', purpose: 'submission_confirmation' }),
    );
    const clipJobs = await db().select().from(jobs).where(eq(jobs.type, 'media.social-clips'));
    expect(clipJobs.some((job) => (job.payload as { submissionId: string }).submissionId === itemId)).toBe(
      true,
    );
  });

  it('keeps the stored bytes intact: the track downloads with the same hash', async () => {
    const { payload, files } = await prepareTestSubmission(ctx.app);
    const response = await postSubmission(ctx.app, payload);
    const itemId = response.json().data.itemId;
    const [track] = await db()
      .select()
      .from(submissionTracks)
      .where(eq(submissionTracks.submissionId, itemId));
    const [upload] = await db()
      .select()
      .from(uploads)
      .where(eq(uploads.id, track?.audioUploadId ?? ''));
    const stream = await ctx.app.providers.storage.get(upload?.storageKey ?? '');
    const hash = createHash('sha256');
    for await (const chunk of stream) hash.update(chunk as Buffer);
    const original = createHash('sha256')
      .update(files[0]?.bytes ?? Buffer.alloc(0))
      .digest('hex');
    expect(hash.digest('hex')).toBe(original);
  });

  it('mails the artist a confirmation with the summary and the review promise, and staff a notice', async () => {
    await db().execute(
      sql`insert into users (email, role) values ('reviewer@label.example', 'staff') on conflict do nothing`,
    );
    const { payload } = await prepareTestSubmission(ctx.app);
    payload.formData.email = 'Confirm.Me@Example.com';
    const response = await postSubmission(ctx.app, payload);
    expect(response.statusCode).toBe(200);
    await runJobs();
    const mail = await db().select().from(outboxMessages);
    const confirmation = mail.find((m) => m.to === 'confirm.me@example.com');
    expect(confirmation?.subject).toBe('We received your submission: Maya Rivers - First Light');
    expect(confirmation?.text).toContain('Release: First Light (Single)');
    expect(confirmation?.text).toContain('within 5-7 days');
    const notice = mail.find((m) => m.to === 'reviewer@label.example');
    expect(notice?.subject).toBe('New submission: Maya Rivers - First Light');
    expect(notice?.text).toContain(`/details/${response.json().data.itemId}`);
  });

  it('creates one item when the same submission arrives twice, even at once', async () => {
    const { payload } = await prepareTestSubmission(ctx.app);
    const before = await countRows();
    const [a, b] = await Promise.all([postSubmission(ctx.app, payload), postSubmission(ctx.app, payload)]);
    const again = await postSubmission(ctx.app, payload);
    expect([a.statusCode, b.statusCode, again.statusCode]).toEqual([200, 200, 200]);
    const ids = new Set([a, b, again].map((r) => r.json().data.itemId));
    expect(ids.size).toBe(1);
    expect(await countRows()).toBe(before + 1);
  });

  it('also answers the first item when a concurrent request wins the race inside the transaction', async () => {
    const { payload } = await prepareTestSubmission(ctx.app);
    const deps = { db: db(), config: ctx.config, signingKey: ctx.app.signingKey, turnstile: undefined };
    const context = { user: undefined, ip: '127.0.0.1', userAgent: 'test', now: new Date() };
    const results = await Promise.all([
      createSubmission(deps, payload, context),
      createSubmission(deps, payload, context),
    ]);
    expect(results[0].itemId).toBe(results[1].itemId);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });

  it('refuses what the form would refuse, with the same messages, and stores nothing', async () => {
    const { payload } = await prepareTestSubmission(ctx.app);
    const before = await countRows();
    payload.formData.artistName = '';
    payload.formData.releaseTitle = '';
    const response = await postSubmission(ctx.app, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('Please fill in all required fields: Artist Name, Country, and City');
    expect(body.details.map((d: { message: string }) => d.message)).toContain('Release title is required');
    expect(await countRows()).toBe(before);
  });

  it('refuses a release date under six weeks away', async () => {
    const { payload } = await prepareTestSubmission(ctx.app);
    payload.formData.releaseDate = new Date().toISOString().slice(0, 10);
    const response = await postSubmission(ctx.app, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { message: string }) => d.message)).toContain(
      'Release date must be at least 6 weeks from today',
    );
  });

  it('refuses files of another upload session, unknown files and the wrong kind of file', async () => {
    const mine = await prepareTestSubmission(ctx.app);
    const other = await uploadTestFile(ctx.app, {
      sessionId: newSessionIdForTest(),
      fileType: 'track',
      name: 'theirs.wav',
      type: 'audio/wav',
      body: makeWav({ seconds: 1 }),
    });
    const cases = [
      other.fileId,
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      mine.artwork.fileId, // an image where a track's audio belongs
    ];
    for (const fileId of cases) {
      const payload = structuredClone(mine.payload);
      const track = payload.formData.tracks[0];
      if (!track) throw new Error('a track');
      track.fileId = fileId;
      const response = await postSubmission(ctx.app, payload);
      expect(response.statusCode, fileId).toBe(400);
      expect(response.json().error).toBe(UPLOAD_NOT_IN_SESSION);
    }
    const [theirs] = await db().select().from(uploads).where(eq(uploads.id, other.fileId));
    expect(theirs?.claimedAt).toBeNull();
  });

  it('refuses a track without its audio', async () => {
    const { payload } = await prepareTestSubmission(ctx.app);
    const track = payload.formData.tracks[0];
    if (!track) throw new Error('a track');
    delete track.fileId;
    const response = await postSubmission(ctx.app, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Track 1 "Song 1" has no audio file. Please upload it and try again.');
  });

  it('refuses a file already part of another submission', async () => {
    const first = await prepareTestSubmission(ctx.app);
    expect((await postSubmission(ctx.app, first.payload)).statusCode).toBe(200);
    // The same files under a new session id: the upload session no longer matches.
    const replay = structuredClone(first.payload);
    replay.formData.uploadSessionId = newSessionIdForTest();
    const response = await postSubmission(ctx.app, replay);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(UPLOAD_NOT_IN_SESSION);
  });

  describe('bot check', () => {
    it('refuses a filled honeypot, a forged or missing token, and a too-fast empty-looking form', async () => {
      const { payload } = await prepareTestSubmission(ctx.app);
      const before = await countRows();
      const variants = [
        { ...payload.verification, honeypot: { website: 'http://spam.example' } },
        { ...payload.verification, honeypot: { email_confirm: 'bot@example.com' } },
        { ...payload.verification, formToken: 'v1.123.abc.def' },
        {
          ...payload.verification,
          formToken: issueFormToken(Buffer.from('another key'), Date.now() - 60_000),
        },
        { ...payload.verification, formToken: '' },
      ];
      for (const verification of variants) {
        const response = await postSubmission(ctx.app, { ...payload, verification });
        expect(response.statusCode, JSON.stringify(verification)).toBe(400);
        expect(response.json().error).toBe(BOT_CHECK_FAILED);
      }
      expect(await countRows()).toBe(before);
    });

    it('lets a complete form through even when sent quickly, as the spec scores it', async () => {
      const { payload } = await prepareTestSubmission(ctx.app);
      payload.verification.formToken = formTokenOpenedAgo(ctx.app, 1);
      expect((await postSubmission(ctx.app, payload)).statusCode).toBe(200);
    });

    it('refuses a token issued in the future or older than 30 days', async () => {
      const { payload } = await prepareTestSubmission(ctx.app);
      for (const issued of [Date.now() + 60_000, Date.now() - 31 * 24 * 3600_000]) {
        const verification = {
          ...payload.verification,
          formToken: issueFormToken(ctx.app.signingKey, issued),
        };
        const response = await postSubmission(ctx.app, { ...payload, verification });
        expect(response.json().error).toBe(BOT_CHECK_FAILED);
      }
    });
  });

  it('stores a transfer with its catalogue items and their splits, without tracks or artwork', async () => {
    const sessionId = newSessionIdForTest();
    const payload = buildTestPayload(ctx.app, {
      sessionId,
      tracks: [],
      uploadType: 'transfer',
      catalogueItems: [
        {
          id: 'cat-1',
          type: 'album',
          title: 'Old Songs',
          artist: 'Maya Rivers',
          spotifyUrl: 'https://open.spotify.com/album/abc123',
          releaseDate: '2020-05-01',
          details: {
            label: 'Self-released',
            tracks: [{ trackNumber: 1, title: 'One' }],
            upc: '123456789012',
          },
          metadata: {
            hasMasterSplit: true,
            masterSplits: [
              { id: 's1', firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', percentage: 100 },
            ],
          },
        },
      ],
    });
    const response = await postSubmission(ctx.app, payload);
    expect(response.statusCode, response.body).toBe(200);
    const itemId = response.json().data.itemId;
    const [stored] = await db().select().from(submissions).where(eq(submissions.id, itemId));
    expect(stored).toMatchObject({ uploadType: 'transfer', distributor: 'DistroKid', releaseDate: null });
    const items = await db().select().from(catalogueItems).where(eq(catalogueItems.submissionId, itemId));
    expect(items).toMatchObject([
      { type: 'album', title: 'Old Songs', spotifyUrl: 'https://open.spotify.com/album/abc123' },
    ]);
    const splits = await db()
      .select()
      .from(masterSplits)
      .where(eq(masterSplits.catalogueItemId, items[0]?.id ?? ''));
    expect(splits).toMatchObject([{ firstName: 'Ana', percentage: 100 }]);
  });

  it('leaves nothing half-written when a step inside the transaction fails', async () => {
    const { payload } = await prepareTestSubmission(ctx.app, { trackCount: 2 });
    const before = await countRows();
    // A step the database refuses on the second track: the first track, the submission row and
    // the claims must all roll back. (Text the database cannot store is refused before anything is
    // written, so a test trigger stands in for a failure inside the transaction.)
    await db().execute(
      sql.raw(`create function refuse_test_title() returns trigger language plpgsql as $$
        begin
          if new.title = 'Refused By Trigger' then raise exception 'refused by the test trigger'; end if;
          return new;
        end $$`),
    );
    await db().execute(
      sql.raw(
        'create trigger refuse_test_title before insert on submission_tracks for each row execute function refuse_test_title()',
      ),
    );
    const second = payload.formData.tracks[1];
    if (!second) throw new Error('two tracks');
    second.title = 'Refused By Trigger';
    const response = await postSubmission(ctx.app, payload);
    await db().execute(sql.raw('drop trigger refuse_test_title on submission_tracks'));
    await db().execute(sql.raw('drop function refuse_test_title()'));
    expect(response.statusCode).toBe(500);
    expect(await countRows()).toBe(before);
    const files = await db()
      .select()
      .from(uploads)
      .where(eq(uploads.sessionId, payload.formData.uploadSessionId));
    expect(files.every((row) => row.claimedAt === null)).toBe(true);
    // And the same session can be submitted once the problem is fixed.
    second.title = 'Good Title';
    expect((await postSubmission(ctx.app, payload)).statusCode).toBe(200);
  });

  it('limits submissions per network', async () => {
    // Its own database: the other tests here have spent part of this address's allowance.
    const limited = await createTestContext();
    try {
      let last = 0;
      for (let i = 0; i < 31; i++) {
        last = (
          await postSubmission(
            limited.app,
            { itemName: 'x', formData: {}, additionalData: {} },
            { 'x-test': String(i) },
          )
        ).statusCode;
      }
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('takes the per-network allowance from SUBMISSIONS_PER_HOUR_PER_IP', async () => {
    const limited = await createTestContext({ env: { SUBMISSIONS_PER_HOUR_PER_IP: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await postSubmission(limited.app, {
          itemName: 'x',
          formData: {},
          additionalData: {},
        });
        statuses.push(response.statusCode);
        if (i === 3) {
          expect(response.json()).toMatchObject({ success: false, error: TOO_MANY_SUBMISSIONS });
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      // The first three are counted and refused for their payload; the fourth is over the allowance.
      expect(statuses.slice(0, 3).every((status) => status === 400)).toBe(true);
      expect(statuses[3]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
