import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authMessages,
  type BoardItemDetail,
  boardItemResponseSchema,
  boardListResponseSchema,
  type CatalogueItem,
  formatStatusChangeRefused,
  INVALID_LIST_CURSOR,
  SUBMISSION_STATUSES,
} from '../../../../domain';
import {
  jobs,
  outboxMessages,
  socialClips,
  submissionEvents,
  submissions,
  submissionTracks,
} from '../../../db/schema';
import { STATUS_CHANGED_MEANWHILE } from '../../../services/board/change-submission-status';
import { sendMailJobType } from '../../../services/mail/queue-mail';
import { makeJpeg, makeWav } from '../../../test/media-fixtures';
import { type SignedIn, signIn, signInStaff } from '../../../test/sign-in';
import {
  buildTestPayload,
  newSessionIdForTest,
  postSubmission,
  prepareTestSubmission,
  type UploadedTestFile,
  uploadTestFile,
} from '../../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../../test/test-context';

let ctx: TestContext;
let staff: SignedIn;
let artist: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, ctx.database.db, 'reviewer@label.example');
  artist = await signIn(ctx.app, ctx.database.db, 'someone@example.com');
});
afterAll(async () => ctx.close());

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Stores a submission through POST /api/board/create-item (this file stays under its per-IP limit). */
async function submit(payload: unknown): Promise<string> {
  const response = await postSubmission(ctx.app, payload);
  if (response.statusCode !== 200)
    throw new Error(`create-item failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { itemId: string } }).data.itemId;
}

async function createSubmission(options: Parameters<typeof prepareTestSubmission>[1] = {}) {
  const prepared = await prepareTestSubmission(ctx.app, options);
  const itemId = await submit(prepared.payload);
  return { ...prepared, itemId };
}

function list(query = '', as: SignedIn | null = staff) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/board/items${query}`,
    headers: as ? { cookie: as.cookie } : {},
  });
}

function detail(itemId: string, as: SignedIn | null = staff) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/board/items/${itemId}`,
    headers: as ? { cookie: as.cookie } : {},
  });
}

function changeStatus(itemId: string, body: unknown, as: SignedIn | null = staff) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/board/items/${itemId}/status`,
    headers: as ? as.headers : { origin: ctx.config.publicUrl },
    payload: body as Record<string, unknown>,
  });
}

async function readDetail(itemId: string): Promise<BoardItemDetail> {
  const response = await detail(itemId);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return boardItemResponseSchema.parse(response.json()).item;
}

/** Fetches a signed link through the app, as the browser would: with the staff member's cookie. */
function fetchLink(url: string) {
  // Links the page loads are relative to its own origin, bound to its session.
  expect(url).toMatch(/^\/files\/.*&bound=1&/);
  return ctx.app.inject({ method: 'GET', url, headers: { cookie: staff.cookie } });
}

async function runJobs() {
  while (await ctx.app.jobs.runOnce()) {}
}

async function statusMailsTo(address: string) {
  const rows = await ctx.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, address))
    .orderBy(asc(outboxMessages.createdAt));
  return rows.filter((row) => row.subject.startsWith('Your submission'));
}

/** The item's history: its audit rows but the mail it caused (mail is checked in the outbox). */
async function eventsOf(itemId: string) {
  return ctx.database.db
    .select()
    .from(submissionEvents)
    .where(
      and(
        eq(submissionEvents.submissionId, itemId),
        notInArray(submissionEvents.type, ['mail_queued', 'mail_sent']),
      ),
    )
    .orderBy(asc(submissionEvents.id));
}

describe('who may use the board', () => {
  it('answers 401 to visitors and 403 to artists on every board route', async () => {
    const { itemId } = await createSubmission();
    for (const [as, status, error] of [
      [null, 401, authMessages.notAuthenticated],
      [artist, 403, authMessages.staffOnly],
    ] as const) {
      for (const response of [
        await list('', as),
        await list('?status=nonsense', as),
        await detail(itemId, as),
        await changeStatus(itemId, { status: 'approved' }, as),
        await changeStatus(itemId, { status: 42 }, as),
      ]) {
        expect(response.statusCode).toBe(status);
        expect(response.json()).toEqual({ success: false, error });
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
    const [row] = await ctx.database.db.select().from(submissions).where(eq(submissions.id, itemId));
    expect(row?.status).toBe('pending');
    expect((await eventsOf(itemId)).map((e) => e.type)).toEqual(['created']);
  });
});

describe('GET /api/board/items', () => {
  it('lists newest first with the summary fields, pages by cursor and filters by status', async () => {
    // A board of its own: the items of other tests are counted too, so compare by id.
    const first = await createSubmission({ trackCount: 2 });
    const second = await createSubmission();
    const third = await createSubmission();

    const all = boardListResponseSchema.parse((await list('?limit=100')).json());
    const ids = all.items.map((item) => item.itemId);
    expect(ids.indexOf(third.itemId)).toBeLessThan(ids.indexOf(second.itemId));
    expect(ids.indexOf(second.itemId)).toBeLessThan(ids.indexOf(first.itemId));
    const summary = all.items.find((item) => item.itemId === first.itemId);
    expect(summary).toEqual({
      itemId: first.itemId,
      status: 'pending',
      itemName: 'Maya Rivers - First Light',
      artistName: 'Maya Rivers',
      releaseTitle: 'First Light',
      uploadType: 'new-music',
      releaseType: 'single',
      releaseDate: first.payload.formData.releaseDate,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      trackCount: 2,
      catalogueItemCount: 0,
      // Just sent: the default promise of 10 days runs from today.
      responseDue: { answerBy: expect.any(String), daysLeft: 10, state: 'on_track' },
      statusChangedAt: expect.any(String),
      assignee: null,
      rating: null,
      // Never sent to the stores.
      deliveryState: null,
      // The first track's audio, to preview in the list (its waveform once the job has run).
      preview: { trackTitle: 'Song 1', url: expect.stringMatching(/^\/files\//), peaks: null },
    });
    // Sorted by time, newest first, the whole way down.
    const times = all.items.map((item) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.nextCursor).toBeNull();
    expect(Object.keys(all.counts).sort()).toEqual([...SUBMISSION_STATUSES].sort());
    expect(Object.values(all.counts).reduce((a, b) => a + b, 0)).toBe(all.items.length);
    expect(all.total).toBe(all.items.length);

    // Page by page, two at a time: every item once, in the same order.
    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      const page = boardListResponseSchema.parse(response.json());
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.items.map((item) => item.itemId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    expect(paged).toEqual(ids);

    // Filtered: only that status, with the counts of the whole board.
    const moved = await changeStatus(second.itemId, { status: 'rejected' });
    expect(moved.statusCode).toBe(200);
    const rejected = boardListResponseSchema.parse((await list('?status=rejected')).json());
    expect(rejected.items.map((item) => item.itemId)).toContain(second.itemId);
    expect(rejected.items.every((item) => item.status === 'rejected')).toBe(true);
    const pending = boardListResponseSchema.parse((await list('?status=pending&limit=100')).json());
    expect(pending.items.map((item) => item.itemId)).not.toContain(second.itemId);
    expect(pending.items.map((item) => item.itemId)).toEqual(
      expect.arrayContaining([first.itemId, third.itemId]),
    );
    expect(rejected.counts).toEqual(pending.counts);
    expect(rejected.counts.rejected).toBe(rejected.items.length);
    expect(pending.counts.pending).toBe(pending.items.length);
  });

  it('pages through items created in the same instant without losing or repeating one', async () => {
    const a = await createSubmission();
    const b = await createSubmission();
    const c = await createSubmission();
    const same = new Date('2001-02-03T04:05:06.789Z');
    await ctx.database.db
      .update(submissions)
      .set({ createdAt: same })
      .where(inArray(submissions.id, [a.itemId, b.itemId, c.itemId]));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = boardListResponseSchema.parse(
        (await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json(),
      );
      seen.push(...page.items.map((item) => item.itemId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const tied = seen.filter((id) => [a.itemId, b.itemId, c.itemId].includes(id));
    // Oldest of all, and among equals by id, descending.
    expect(tied).toEqual([a.itemId, b.itemId, c.itemId].sort().reverse());
    expect(seen.slice(-3)).toEqual(tied);
  });

  it('refuses a cursor it did not issue, and an unknown status', async () => {
    for (const cursor of [
      'nonsense',
      Buffer.from('["yesterday","x"]').toString('base64url'),
      Buffer.from(JSON.stringify(['2024-13-45T99:00:00.000000Z', randomUUID()])).toString('base64url'),
    ]) {
      const response = await list(`?cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, error: INVALID_LIST_CURSOR });
    }
    const response = await list('?status=maybe');
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    expect((await list('?limit=0')).statusCode).toBe(400);
    expect((await list('?limit=101')).statusCode).toBe(400);
  });
});

describe('GET /api/board/items/:itemId', () => {
  it('gives the whole submission: tracks in order with working links, credits, splits, clips, artwork, catalogue items, events', async () => {
    const sessionId = newSessionIdForTest();
    const files: UploadedTestFile[] = [];
    for (const [i, frequency] of [330, 550, 770].entries()) {
      files.push(
        await uploadTestFile(ctx.app, {
          sessionId,
          fileType: 'track',
          name: `Take ${i + 1}.wav`,
          type: 'audio/wav',
          body: makeWav({ seconds: 1, frequency, channels: 2, sampleRate: 48_000, bitDepth: 24 }),
        }),
      );
    }
    const artwork = await uploadTestFile(ctx.app, {
      sessionId,
      fileType: 'artwork',
      name: 'cover art.jpg',
      type: 'image/jpeg',
      body: await makeJpeg({ width: 640, height: 640 }),
    });
    const catalogueItem: CatalogueItem = {
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
    };
    const payload = buildTestPayload(ctx.app, {
      sessionId,
      artwork,
      uploadType: 'both',
      catalogueItems: [catalogueItem],
      tracks: [
        { file: files[2] as UploadedTestFile, title: 'Third Take', split: true },
        {
          file: files[0] as UploadedTestFile,
          title: 'First Take',
          clips: [{ startTime: '0:00', endTime: '0:01' }],
        },
        { file: files[1] as UploadedTestFile, title: 'Second Take' },
      ],
    });
    payload.formData.phone = '+44 20 7946 0000';
    payload.formData.bio = 'Songs written on the night bus.';
    payload.formData.influences = 'Phoebe Bridgers, Bon Iver';
    payload.formData.proNumber = 'PRS-123456';
    payload.formData.publishingAdministrationInterest = true;
    const itemId = await submit(payload);

    const item = await readDetail(itemId);
    expect(item).toMatchObject({
      itemId,
      status: 'pending',
      itemName: 'Maya Rivers - First Light',
      artistName: 'Maya Rivers',
      releaseTitle: 'First Light',
      uploadType: 'both',
      releaseType: 'single',
      releaseDate: payload.formData.releaseDate,
      trackCount: 3,
      catalogueItemCount: 1,
      artist: {
        firstName: 'Maya',
        surname: 'Rivers',
        email: 'maya@example.com',
        phone: '+44 20 7946 0000',
        country: 'United Kingdom',
        city: 'London',
        spotifyProfile: '',
        instagramProfile: '',
        tiktokProfile: '',
      },
      releaseStrategy: 'together',
      primaryGenre: 'Pop',
      subGenre: 'Indie Pop',
      earlyReleaseRequest: false,
      distributor: 'DistroKid',
      bio: 'Songs written on the night bus.',
      influences: 'Phoebe Bridgers, Bon Iver',
      proNumber: 'PRS-123456',
      publishingAdministrationInterest: true,
      nextStatuses: ['in_progress', 'approved', 'rejected'],
      canRequestChanges: true,
      assignee: null,
      rating: null,
      deliveryState: null,
    });

    // Tracks in the artist's order, each link serving exactly the uploaded bytes.
    expect(item.tracks.map((t) => [t.position, t.title])).toEqual([
      [0, 'Third Take'],
      [1, 'First Take'],
      [2, 'Second Take'],
    ]);
    const uploadedFor = [files[2], files[0], files[1]] as UploadedTestFile[];
    for (const [index, track] of item.tracks.entries()) {
      const audio = track.audio;
      if (!audio) throw new Error(`track ${index} has no audio`);
      const uploaded = uploadedFor[index] as UploadedTestFile;
      expect(audio).toMatchObject({
        fileId: uploaded.fileId,
        fileName: uploaded.fileName,
        size: uploaded.bytes.length,
      });
      expect(audio.media).toMatchObject({
        kind: 'audio',
        format: 'wav',
        channels: 2,
        sampleRate: 48_000,
        bitDepth: 24,
      });
      expect(audio.media?.durationSeconds).toBeCloseTo(1, 3);
      const inline = await fetchLink(audio.url);
      expect(inline.statusCode).toBe(200);
      expect(inline.headers['content-disposition']).toMatch(/^inline;/);
      expect(sha256(inline.rawPayload)).toBe(sha256(uploaded.bytes));
      const download = await fetchLink(audio.downloadUrl);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toContain(
        `attachment; filename="${uploaded.fileName}"`,
      );
      expect(sha256(download.rawPayload)).toBe(sha256(uploaded.bytes));
      // The links expire within the hour.
      const expires = Number(new URL(audio.url, ctx.config.publicUrl).searchParams.get('expires'));
      expect(expires - Date.now() / 1000).toBeGreaterThan(3500);
      expect(expires - Date.now() / 1000).toBeLessThanOrEqual(3600);
    }

    const [third, firstTake, secondTake] = item.tracks;
    expect(third?.contributors).toEqual([
      {
        kind: 'producer',
        firstName: 'Leo',
        surname: 'Park',
        email: 'leo@example.com',
        roles: ['Producer'],
        isPrimaryArtist: false,
        spotifyUrl: null,
      },
    ]);
    expect(third).toMatchObject({
      soloWork: false,
      productionYear: String(new Date().getFullYear()),
      parentalAdvisory: 'no',
      lyrics: null,
      releaseAsSingle: false,
      clips: [],
    });
    // The contributor split shows the contributor's name; the named person's split theirs.
    expect(third?.splits).toEqual([
      { name: 'Leo Park', email: 'leo@example.com', percentage: 60 },
      { name: 'Ana Ruiz', email: 'ana@example.com', percentage: 40 },
    ]);
    expect(firstTake?.splits).toEqual([]);
    expect(firstTake?.clips).toEqual([
      { startTime: '0:00', endTime: '0:01', description: null, status: 'requested', file: null },
    ]);
    expect(secondTake?.clips).toEqual([]);

    const art = item.artwork;
    if (!art) throw new Error('no artwork');
    expect(art).toMatchObject({
      fileId: artwork.fileId,
      fileName: 'cover art.jpg',
      size: artwork.bytes.length,
    });
    expect(art.media).toMatchObject({ kind: 'image', width: 640, height: 640 });
    const image = await fetchLink(art.url);
    expect(image.statusCode).toBe(200);
    expect(sha256(image.rawPayload)).toBe(sha256(artwork.bytes));
    expect((await fetchLink(art.downloadUrl)).headers['content-disposition']).toMatch(/^attachment;/);

    expect(item.catalogueItems).toEqual([
      {
        catalogueItemId: expect.any(String),
        type: 'album',
        title: 'Old Harbour',
        artist: 'Maya Rivers',
        image: null,
        spotifyUrl: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
        releaseDate: '2019-05-17',
        details: { label: 'Tidal Records', upc: '0602577000000', tracks: [] },
        splits: [{ name: 'Iris Cole', email: 'iris@example.com', percentage: 100 }],
      },
    ]);
    expect(item.events).toEqual([
      {
        type: 'created',
        fromStatus: null,
        toStatus: 'pending',
        message: null,
        actor: null,
        createdAt: expect.any(String),
      },
    ]);

    // A clip the job has cut comes with its own links.
    const [clipRow] = await ctx.database.db
      .select({ id: socialClips.id })
      .from(socialClips)
      .innerJoin(submissionTracks, eq(submissionTracks.id, socialClips.trackId))
      .where(eq(submissionTracks.submissionId, itemId));
    await ctx.database.db
      .update(socialClips)
      .set({ status: 'ready', clipUploadId: files[0]?.fileId })
      .where(eq(socialClips.id, clipRow?.id ?? ''));
    const withClip = await readDetail(itemId);
    const clip = withClip.tracks[1]?.clips[0];
    expect(clip?.status).toBe('ready');
    expect(clip?.file?.fileId).toBe(files[0]?.fileId);
    expect(sha256((await fetchLink(clip?.file?.url ?? '')).rawPayload)).toBe(
      sha256(files[0]?.bytes ?? Buffer.alloc(0)),
    );
  });

  it('answers 404 "Submission not found" for unknown and malformed ids', async () => {
    for (const id of [randomUUID(), 'not-a-submission', '1']) {
      const response = await detail(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Submission not found' });
    }
  });
});

describe('POST /api/board/items/:itemId/status', () => {
  it('changes the status, records who and why, and mails the artist with the message', async () => {
    const { itemId, payload } = await createSubmission();
    const email = payload.formData.email;
    await runJobs();
    const before = await statusMailsTo(email);
    const [{ updatedAt: updatedBefore } = { updatedAt: new Date(0) }] = await ctx.database.db
      .select({ updatedAt: submissions.updatedAt })
      .from(submissions)
      .where(eq(submissions.id, itemId));

    const message = 'We love "First Light" & would like to release it.\nExpect our terms this week.';
    const response = await changeStatus(itemId, { status: 'approved', message: `  ${message}  ` });
    expect(response.statusCode, response.body).toBe(200);
    const item = boardItemResponseSchema.parse(response.json()).item;
    expect(item.status).toBe('approved');
    expect(item.nextStatuses).toEqual(['in_progress', 'processing', 'live', 'rejected']);
    expect(item.events.at(-1)).toEqual({
      type: 'status_changed',
      fromStatus: 'pending',
      toStatus: 'approved',
      message,
      actor: 'reviewer@label.example',
      createdAt: expect.any(String),
    });

    const [row] = await ctx.database.db.select().from(submissions).where(eq(submissions.id, itemId));
    expect(row?.status).toBe('approved');
    expect(row?.updatedAt.getTime()).toBeGreaterThan(updatedBefore.getTime());
    const events = await eventsOf(itemId);
    expect(events.map((e) => e.type)).toEqual(['created', 'status_changed']);
    expect(events[1]).toMatchObject({
      actorUserId: staff.userId,
      fromStatus: 'pending',
      toStatus: 'approved',
      message,
    });

    // The mail was queued with the change and goes out with the next job run.
    expect(await statusMailsTo(email)).toHaveLength(before.length);
    await runJobs();
    const mails = await statusMailsTo(email);
    expect(mails).toHaveLength(before.length + 1);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe('Your submission "First Light": Approved');
    expect(mail?.text).toContain('The status of your submission "First Light" is now: Approved.');
    expect(mail?.text).toContain(message);
    expect(mail?.html).toContain('We love &#34;First Light&#34; &#38; would like to release it.<br>Expect');

    // Without a message: the mail has no note.
    const next = await changeStatus(itemId, { status: 'live' });
    expect(next.statusCode).toBe(200);
    await runJobs();
    const last = (await statusMailsTo(email)).at(-1);
    expect(last?.subject).toBe('Your submission "First Light": Live');
    expect(last?.text).not.toContain('A note from');
    expect((await eventsOf(itemId)).at(-1)).toMatchObject({
      fromStatus: 'approved',
      toStatus: 'live',
      message: null,
    });
  });

  it('refuses a transition the board does not allow, with 409 and nothing written', async () => {
    const { itemId } = await createSubmission();
    expect((await changeStatus(itemId, { status: 'approved' })).statusCode).toBe(200);
    const mailJobsBefore = await ctx.database.db.select().from(jobs).where(eq(jobs.type, sendMailJobType));

    for (const to of ['pending', 'approved', 'active'] as const) {
      const response = await changeStatus(itemId, { status: to, message: 'Oops' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, error: formatStatusChangeRefused('approved', to) });
    }
    expect((await changeStatus(itemId, { status: 'pending' })).json().error).toBe(
      'A submission that is Approved cannot be set to Pending',
    );
    const [row] = await ctx.database.db.select().from(submissions).where(eq(submissions.id, itemId));
    expect(row?.status).toBe('approved');
    expect((await eventsOf(itemId)).map((e) => e.toStatus)).toEqual(['pending', 'approved']);
    const mailJobsAfter = await ctx.database.db.select().from(jobs).where(eq(jobs.type, sendMailJobType));
    expect(mailJobsAfter).toHaveLength(mailJobsBefore.length);
  });

  it('lets only one of two simultaneous changes through', async () => {
    const { itemId } = await createSubmission();
    const responses = await Promise.all([
      changeStatus(itemId, { status: 'in_progress' }),
      changeStatus(itemId, { status: 'in_progress' }),
    ]);
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const refused = responses.find((r) => r.statusCode === 409)?.json().error;
    expect([STATUS_CHANGED_MEANWHILE, formatStatusChangeRefused('in_progress', 'in_progress')]).toContain(
      refused,
    );
    const changes = (await eventsOf(itemId)).filter((e) => e.type === 'status_changed');
    expect(changes).toHaveLength(1);
    const queued = await ctx.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, sendMailJobType)));
    expect(queued.filter((job) => JSON.stringify(job.payload).includes('In Progress'))).toHaveLength(1);
  });

  it('answers 404 for unknown items and 400 for a bad payload', async () => {
    for (const id of [randomUUID(), 'nope']) {
      const response = await changeStatus(id, { status: 'approved' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Submission not found' });
    }
    const { itemId } = await createSubmission();
    for (const body of [{ status: 'Approved' }, {}, { status: 'approved', message: 'x'.repeat(2001) }]) {
      const response = await changeStatus(itemId, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const [row] = await ctx.database.db.select().from(submissions).where(eq(submissions.id, itemId));
    expect(row?.status).toBe('pending');
  });
});
