import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artistSubmissionsResponseSchema,
  type BoardItemDetail,
  formatTrackNeedsContributors,
  formatTrackNeedsProductionYear,
  ISRC_INVALID,
  PICKER_WAVEFORM_BARS,
  PPL_ID_INVALID,
  PRS_ID_INVALID,
  type ReleaseDetailsResponse,
  type ReleaseDetailsSave,
} from '../../../domain';
import {
  artists,
  masterSplits,
  outboxMessages,
  releaseDetails,
  socialClips,
  submissionEvents,
  submissions,
  submissionTracks,
  trackContributors,
  uploads,
  users,
} from '../../db/schema';
import { ARTISTS_ONLY } from '../../policies/artists';
import { seedDemoData } from '../../seed/seed-demo-data';
import { PICTURE_NOT_USABLE } from '../../services/artists/update-artist-profile';
import {
  ARTWORK_NOT_USABLE,
  TRACK_NOT_IN_SUBMISSION,
  TRACKS_INCOMPLETE,
} from '../../services/release-details/check-release-details-input';
import { ALREADY_SUBMITTED, NOT_IN_PROGRESS } from '../../services/release-details/release-details-view';
import { makeJpeg, makeWav } from '../../test/media-fixtures';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { unsignedLinks } from '../../test/signed-links';
import {
  buildTestPayload,
  newSessionIdForTest,
  postSubmission,
  prepareTestSubmission,
  uploadFileAs,
} from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

/**
 * The artist area: /api/artist/profile (artist.ts) and the artist's submissions under
 * /api/profile (profile.ts), tested together: one access rule, one set of fixtures.
 */

let ctx: TestContext;
let staff: SignedIn;
let artistA: SignedIn;
let artistB: SignedIn;

const STAFF_EMAIL = 'label@imprint-staff.example';
const db = () => ctx.database.db;
const runJobs = async () => {
  while (await ctx.app.jobs.runOnce()) {}
};

type Method = 'GET' | 'PUT' | 'POST';

async function call(as: SignedIn | undefined, method: Method, url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { origin: ctx.config.publicUrl, ...(as ? { cookie: as.cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const uploadAs = (
  as: SignedIn | undefined,
  file: { name: string; type: string; body: Buffer },
  fileType: 'artwork' | 'track' = 'artwork',
) => uploadFileAs(ctx.app, as, file, fileType, 'Test Artist');

const jpeg = async (size = 300) => ({
  name: 'picture.jpg',
  type: 'image/jpeg',
  body: await makeJpeg({ width: size, height: size }),
});

/** A submission made through the real form path while `as` is signed in, so it is theirs. */
async function submitAs(as: SignedIn, options: Parameters<typeof prepareTestSubmission>[1] = {}) {
  const prepared = await prepareTestSubmission(ctx.app, options);
  const response = await postSubmission(ctx.app, prepared.payload, { cookie: as.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return { ...prepared, itemId: response.json().data.itemId as string };
}

async function setStatus(itemId: string, status: string) {
  const response = await call(staff, 'POST', `/api/board/items/${itemId}/status`, { status });
  expect(response.statusCode, response.body).toBe(200);
}

function toSave(view: ReleaseDetailsResponse['releaseDetails']): ReleaseDetailsSave {
  return { tracks: view.tracks.map(({ trackId, isrc, metadata }) => ({ trackId, isrc, metadata })) };
}

const detailsUrl = (itemId: string) => `/api/profile/submissions/${itemId}/release-details`;

/** The file id of a signed link (`/files/<id>[/<variant>]?…`). */
function fileIdOf(url: string): string {
  const id = new URL(url, ctx.config.publicUrl).pathname.split('/')[2];
  if (!id) throw new Error(`not a file link: ${url}`);
  return id;
}

/** A signed link opened as the page would: with the cookie of the session it was made for. */
async function fetchLink(url: string, as: SignedIn) {
  // The page's links are relative to its own origin, whatever name it was opened by,
  // and bound to the reader's session.
  expect(url).toMatch(/^\/files\/.*&bound=1&/);
  const link = new URL(url, ctx.config.publicUrl);
  const served = await ctx.app.inject({
    method: 'GET',
    url: `${link.pathname}${link.search}`,
    headers: { cookie: as.cookie },
  });
  // Anyone else holding the link is refused.
  expect((await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(
    403,
  );
  return served;
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, db(), STAFF_EMAIL, 'Sam Staff');
  artistA = await signIn(ctx.app, db(), 'artist.a@example.com');
  artistB = await signIn(ctx.app, db(), 'artist.b@example.com');
});
afterAll(async () => ctx.close());

const routes = (itemId: string): [Method, string, unknown?][] => [
  ['GET', '/api/artist/profile'],
  ['PUT', '/api/artist/profile', { city: 'Leeds' }],
  ['GET', '/api/profile/submissions'],
  ['GET', `/api/profile/submissions/${itemId}`],
  ['GET', detailsUrl(itemId)],
  ['PUT', detailsUrl(itemId), { tracks: [] }],
  ['POST', `${detailsUrl(itemId)}/submit`, { tracks: [] }],
];

describe('who may use the artist area', () => {
  it('answers 401 Not authenticated to visitors and 403 to staff on every route', async () => {
    const itemId = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, payload] of routes(itemId)) {
      const visitor = await call(undefined, method, url, payload);
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      expect(visitor.json()).toEqual({ success: false, error: 'Not authenticated' });
      const asStaff = await call(staff, method, url, payload);
      expect(asStaff.statusCode, `${method} ${url}`).toBe(403);
      expect(asStaff.json()).toEqual({ success: false, error: ARTISTS_ONLY });
      expect(asStaff.headers['cache-control']).toBe('no-store');
    }
  });

  it('makes the artist row of an artist account that has none on its first save, once, even when asked twice at once', async () => {
    const artist = await signIn(ctx.app, db(), 'no.row@example.com');
    await db().delete(artists).where(eq(artists.email, 'no.row@example.com'));
    const [first, second] = await Promise.all([
      call(artist, 'PUT', '/api/artist/profile', { city: 'Leeds' }),
      call(artist, 'PUT', '/api/artist/profile', { city: 'Leeds' }),
    ]);
    expect(first?.statusCode).toBe(200);
    expect(second?.statusCode).toBe(200);
    const rows = await db().select().from(artists).where(eq(artists.userId, artist.userId));
    expect(rows).toMatchObject([{ email: 'no.row@example.com', city: 'Leeds' }]);
  });
});

describe('GET and PUT /api/artist/profile', () => {
  it('starts empty at 0% and reaches 100% with every weighted field, links normalised', async () => {
    const empty = await call(artistA, 'GET', '/api/artist/profile');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      success: true,
      profile: {
        userId: artistA.userId,
        email: 'artist.a@example.com',
        status: 'active',
        profileCompleted: false,
        submissionCount: 0,
        hasSignedContract: false,
        completion: 0,
      },
    });

    const saved = await call(artistA, 'PUT', '/api/artist/profile', {
      name: '  Ava Stone ',
      artistName: 'Ava Stone',
      nationality: 'Irish',
      country: 'Ireland',
      city: 'Dublin',
      biography: 'Dream pop from the Liberties.',
      spotifyProfile: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb?si=abc',
      appleMusicProfile: 'music.apple.com/ie/artist/ava-stone/123',
      soundcloudProfile: 'https://soundcloud.com/avastone',
      instagramProfile: 'www.instagram.com/avastone',
      tiktokProfile: '',
      website: 'avastone.example',
      pplId: 'ab 12-345',
      prsId: '123 456 789',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const profile = saved.json().profile;
    expect(profile).toMatchObject({
      name: 'Ava Stone',
      spotifyProfile: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb',
      appleMusicProfile: 'https://music.apple.com/ie/artist/ava-stone/123',
      instagramProfile: 'https://www.instagram.com/avastone',
      website: 'https://avastone.example/',
      pplId: 'AB12345',
      prsId: '123456789',
      completion: 100,
      profileCompleted: true,
    });
    expect(profile).not.toHaveProperty('tiktokProfile');
    // The header follows: the account's name changed with the profile's.
    const me = await call(artistA, 'GET', '/api/me');
    expect(me.json().user).toMatchObject({ name: 'Ava Stone', artistName: 'Ava Stone' });
    const [user] = await db().select().from(users).where(eq(users.id, artistA.userId));
    expect(user?.name).toBe('Ava Stone');

    // Left-out fields stay; an emptied one is cleared and the completion drops by its weight.
    const cleared = await call(artistA, 'PUT', '/api/artist/profile', { website: '  ' });
    expect(cleared.json().profile).toMatchObject({ completion: 90, profileCompleted: false, city: 'Dublin' });
    expect(cleared.json().profile).not.toHaveProperty('website');
    const reloaded = await call(artistA, 'GET', '/api/artist/profile');
    expect(reloaded.json().profile.completion).toBe(90);
  });

  it('refuses links to the wrong service and malformed rights ids with every message, changing nothing', async () => {
    const before = await call(artistA, 'GET', '/api/artist/profile');
    const response = await call(artistA, 'PUT', '/api/artist/profile', {
      city: 'Cork',
      spotifyProfile: 'https://example.com/me',
      instagramProfile: 'https://tiktok.com/@me',
      website: 'not a site',
      pplId: 'x!',
      prsId: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Please enter a valid Spotify artist URL',
      details: [
        { field: 'spotifyProfile', message: 'Please enter a valid Spotify artist URL' },
        {
          field: 'instagramProfile',
          message: 'Please enter a link to your Instagram profile (instagram.com/…)',
        },
        { field: 'website', message: 'Please enter a web address starting with https://' },
        { field: 'pplId', message: PPL_ID_INVALID },
        { field: 'prsId', message: PRS_ID_INVALID },
      ],
    });
    const after = await call(artistA, 'GET', '/api/artist/profile');
    expect(unsignedLinks(after.json())).toEqual(unsignedLinks(before.json()));
  });

  it('sets the picture from an image the artist uploaded, shown through a signed link, and removes it', async () => {
    const image = await jpeg();
    const fileId = await uploadAs(artistA, image);
    const response = await call(artistA, 'PUT', '/api/artist/profile', { pictureFileId: fileId });
    expect(response.statusCode, response.body).toBe(200);
    const picture: string = response.json().profile.picture;
    expect(fileIdOf(picture)).toBe(fileId);
    const served = await fetchLink(picture, artistA);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image.body)).toBe(true);
    const [row] = await db().select().from(artists).where(eq(artists.userId, artistA.userId));
    expect(row?.picture).toBe(`upload:${fileId}`);
    const [upload] = await db().select().from(uploads).where(eq(uploads.id, fileId));
    expect(upload?.claimedAt).not.toBeNull();
    // The header's avatar and GET /api/profile carry a link the browser can load, not the stored id.
    const me = await call(artistA, 'GET', '/api/me');
    expect(fileIdOf(me.json().user.picture)).toBe(fileId);
    const legacy = await call(artistA, 'GET', '/api/profile');
    expect(fileIdOf(legacy.json().profile.picture)).toBe(fileId);

    const removed = await call(artistA, 'PUT', '/api/artist/profile', { pictureFileId: null });
    expect(removed.json().profile).not.toHaveProperty('picture');
    const meAfter = await call(artistA, 'GET', '/api/me');
    expect(meAfter.json().user.picture).toBeNull();
  });

  it("refuses as the picture another person's upload, an anonymous one, audio, and made-up ids", async () => {
    const ofA = await uploadAs(artistA, await jpeg());
    const anonymous = await uploadAs(undefined, await jpeg());
    const audio = await uploadAs(artistB, { name: 'a.wav', type: 'audio/wav', body: makeWav() }, 'track');
    for (const pictureFileId of [
      ofA,
      anonymous,
      audio,
      'not-an-id',
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await call(artistB, 'PUT', '/api/artist/profile', { pictureFileId, city: 'Oslo' });
      expect(response.statusCode, pictureFileId).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: PICTURE_NOT_USABLE,
        details: [{ field: 'picture', message: PICTURE_NOT_USABLE }],
      });
    }
    const [row] = await db().select().from(artists).where(eq(artists.userId, artistB.userId));
    expect(row).toMatchObject({ picture: null, city: null });
  });
});

describe('GET /api/profile/submissions and /api/profile/submissions/:itemId', () => {
  it("lists the artist's own submissions newest first, with signed links to their files", async () => {
    const older = await submitAs(artistA, { trackCount: 1 });
    const newer = await submitAs(artistA, { trackCount: 2 });
    const response = await call(artistA, 'GET', '/api/profile/submissions');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = response.json().submissions;
    expect(list.map((s: { itemId: string }) => s.itemId)).toEqual([newer.itemId, older.itemId]);
    const [first] = list;
    expect(first).toMatchObject({
      itemId: newer.itemId,
      releaseTitle: 'First Light',
      releaseType: 'single',
      releaseDate: newer.payload.formData.releaseDate,
      status: 'pending',
    });
    expect(first).not.toHaveProperty('catalogueItems');
    expect(Date.parse(first.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    // The tracks' audio in order, then the artwork.
    expect(first.mediaLinks.map(fileIdOf)).toEqual([
      newer.files[0]?.fileId,
      newer.files[1]?.fileId,
      newer.artwork.fileId,
    ]);
    expect(fileIdOf(first.artworkUrl)).toBe(newer.artwork.fileId);
    const audio = await fetchLink(first.mediaLinks[1], artistA);
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.equals(newer.files[1]?.bytes ?? Buffer.alloc(0))).toBe(true);

    const profile = await call(artistA, 'GET', '/api/artist/profile');
    expect(profile.json().profile.submissionCount).toBe(2);

    const detail = await call(artistA, 'GET', `/api/profile/submissions/${newer.itemId}`);
    expect(detail.statusCode).toBe(200);
    // Signed links carry their own expiry second, so the two reads compare without it. The page
    // of one submission adds its decisions (none yet), which the list leaves out.
    const { decisions, ...read } = detail.json().submission;
    expect(decisions).toEqual([]);
    expect(unsignedLinks({ success: true, submission: read })).toEqual(
      unsignedLinks({ success: true, submission: first }),
    );
  });

  it("gives a transfer its catalogue items in the form's shape, without a release type", async () => {
    const payload = buildTestPayload(ctx.app, {
      sessionId: newSessionIdForTest(),
      tracks: [],
      uploadType: 'transfer',
      catalogueItems: [
        {
          id: 'cat-1',
          type: 'album',
          title: 'Old Songs',
          artist: 'Ava Stone',
          image: 'https://i.scdn.co/image/old-songs',
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
    const posted = await postSubmission(ctx.app, payload, { cookie: artistA.cookie });
    expect(posted.statusCode, posted.body).toBe(200);
    const itemId = posted.json().data.itemId;
    const response = await call(artistA, 'GET', `/api/profile/submissions/${itemId}`);
    const submission = response.json().submission;
    expect(submission).not.toHaveProperty('releaseType');
    expect(submission).not.toHaveProperty('releaseDate');
    expect(submission).not.toHaveProperty('artworkUrl');
    expect(submission.mediaLinks).toEqual([]);
    expect(submission.releaseTitle).toBe('First Light');
    expect(submission.catalogueItems).toEqual([
      {
        id: 'cat-1',
        type: 'album',
        title: 'Old Songs',
        artist: 'Ava Stone',
        image: 'https://i.scdn.co/image/old-songs',
        spotifyUrl: 'https://open.spotify.com/album/abc123',
        releaseDate: '2020-05-01',
        details: { label: 'Self-released', tracks: [{ trackNumber: 1, title: 'One' }], upc: '123456789012' },
        metadata: {
          hasMasterSplit: true,
          masterSplits: [
            {
              id: expect.any(String),
              firstName: 'Ana',
              lastName: 'Ruiz',
              email: 'ana@example.com',
              percentage: 100,
            },
          ],
        },
      },
    ]);
  });

  it('answers 404 Submission not found for unknown and malformed ids', async () => {
    for (const itemId of ['00000000-0000-4000-8000-000000000000', 'abc', '1%27%20or%201=1']) {
      const response = await call(artistA, 'GET', `/api/profile/submissions/${itemId}`);
      expect(response.statusCode, itemId).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Submission not found' });
    }
  });
});

describe('release details', () => {
  it('are closed until staff set the submission in progress', async () => {
    const { itemId } = await submitAs(artistA);
    const get = await call(artistA, 'GET', detailsUrl(itemId));
    expect(get.statusCode).toBe(409);
    expect(get.json()).toEqual({ success: false, error: NOT_IN_PROGRESS });
    for (const [method, url] of [
      ['PUT', detailsUrl(itemId)],
      ['POST', `${detailsUrl(itemId)}/submit`],
    ] as const) {
      const response = await call(artistA, method, url, { tracks: [] });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(NOT_IN_PROGRESS);
    }
  });

  it('start from the stored tracks, save as a draft with problems, and reload', async () => {
    const { itemId, files, artwork } = await submitAs(artistA, {
      trackCount: 2,
      split: true,
      clips: [{ startTime: '00:00', endTime: '00:01' }],
    });
    await setStatus(itemId, 'in_progress');
    const response = await call(artistA, 'GET', detailsUrl(itemId));
    expect(response.statusCode, response.body).toBe(200);
    const view = (response.json() as ReleaseDetailsResponse).releaseDetails;
    expect(view).toMatchObject({
      itemId,
      releaseTitle: 'First Light',
      status: 'not_started',
      updatedAt: null,
      submittedAt: null,
      artwork: { fileId: artwork.fileId },
    });
    expect(view.tracks.map((t) => [t.position, t.title, t.isrc])).toEqual([
      [0, 'Song 1', ''],
      [1, 'Song 2', ''],
    ]);
    expect(view.tracks.map((t) => fileIdOf(t.audioUrl ?? ''))).toEqual(files.map((f) => f.fileId));
    const first = view.tracks[0];
    expect(first?.metadata).toMatchObject({
      soloWork: false,
      featuredArtists: [],
      nonFeaturedArtists: [],
      producers: [
        {
          id: 'c-0',
          firstName: 'Leo',
          surname: 'Park',
          email: 'leo@example.com',
          roles: ['Producer'],
          isFeatured: false,
          isPrimaryArtist: false,
        },
      ],
      productionYear: String(new Date().getFullYear()),
      parentalAdvisory: 'no',
      hasMasterSplit: true,
      masterSplits: [
        { contributorId: 'c-0', percentage: 60 },
        { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', percentage: 40 },
      ],
      lyricsEnabled: false,
      socialClipsEnabled: true,
      socialClips: [{ id: 'clip-0-0', startTime: '00:00', endTime: '00:01', status: 'requested' }],
    });
    expect(view.tracks[1]?.metadata.socialClips).toEqual([]);

    // A draft keeps work the label would not accept yet: a half-typed ISRC, splits off 100%.
    const draft = toSave(view);
    const track = draft.tracks[0];
    if (!track) throw new Error('no track');
    track.isrc = 'GB-A1B';
    track.metadata.masterSplits = track.metadata.masterSplits.map((s) => ({ ...s, percentage: 20 }));
    const saved = await call(artistA, 'PUT', detailsUrl(itemId), draft);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().releaseDetails).toMatchObject({ status: 'draft', submittedAt: null });
    const reloaded = (await call(artistA, 'GET', detailsUrl(itemId))).json().releaseDetails;
    expect(reloaded.status).toBe('draft');
    expect(reloaded.updatedAt).not.toBeNull();
    expect(reloaded.tracks[0].isrc).toBe('GB-A1B');
    expect(reloaded.tracks[0].metadata.masterSplits.map((s: { percentage: number }) => s.percentage)).toEqual(
      [20, 20],
    );
    // Nothing of the draft reached the tracks.
    const [stored] = await db()
      .select()
      .from(submissionTracks)
      .where(and(eq(submissionTracks.submissionId, itemId), eq(submissionTracks.position, 0)));
    expect(stored?.isrc).toBeNull();
    const board = (await call(staff, 'GET', `/api/board/items/${itemId}`)).json().item;
    expect(board.releaseDetails).toEqual({ status: 'draft', submittedAt: null });
  });

  it('give each track the waveform the server measured once for the clip picker, null until then', async () => {
    const { itemId } = await submitAs(artistA, { trackCount: 2, seconds: 2 });
    await setStatus(itemId, 'in_progress');
    const read = async () =>
      ((await call(artistA, 'GET', detailsUrl(itemId))).json() as ReleaseDetailsResponse).releaseDetails;
    expect((await read()).tracks.map((t) => t.waveform)).toEqual([null, null]);
    while (await ctx.app.jobs.runOnce()) {}
    for (const track of (await read()).tracks) {
      expect(track.waveform?.durationSeconds).toBe(2);
      expect(track.waveform?.peaks).toHaveLength(PICKER_WAVEFORM_BARS);
      expect(Math.min(...(track.waveform?.peaks ?? [0]))).toBeGreaterThan(0);
    }
    // Staff see the same stored waveform with the submission's tracks (their own read path).
    const board = (await call(staff, 'GET', `/api/board/items/${itemId}`)).json().item as BoardItemDetail;
    expect(board.tracks.map((t) => t.waveform)).toEqual((await read()).tracks.map((t) => t.waveform));
    // Another artist asking for the same submission learns nothing of it.
    expect((await call(artistB, 'GET', detailsUrl(itemId))).statusCode).toBe(404);
  });

  it('refuse tracks of another submission, a missing track and a foreign artwork', async () => {
    const mine = await submitAs(artistA, { trackCount: 2 });
    const other = await submitAs(artistA, { trackCount: 1 });
    await setStatus(mine.itemId, 'in_progress');
    await setStatus(other.itemId, 'in_progress');
    const view = (await call(artistA, 'GET', detailsUrl(mine.itemId))).json().releaseDetails;
    const otherView = (await call(artistA, 'GET', detailsUrl(other.itemId))).json().releaseDetails;
    const save = toSave(view);

    const foreignTrack = {
      ...save,
      tracks: [save.tracks[0], { ...save.tracks[1], trackId: otherView.tracks[0].trackId }],
    };
    const madeUp = { ...save, tracks: [save.tracks[0], { ...save.tracks[1], trackId: 'not-a-track' }] };
    for (const body of [foreignTrack, madeUp]) {
      for (const url of [detailsUrl(mine.itemId), `${detailsUrl(mine.itemId)}/submit`]) {
        const response = await call(artistA, url.endsWith('submit') ? 'POST' : 'PUT', url, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          error: TRACK_NOT_IN_SUBMISSION,
          details: [{ field: 'tracks.1.trackId', message: TRACK_NOT_IN_SUBMISSION }],
        });
      }
    }
    for (const tracks of [[save.tracks[0]], [save.tracks[0], save.tracks[0]]]) {
      const response = await call(artistA, 'PUT', detailsUrl(mine.itemId), { tracks });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: TRACKS_INCOMPLETE,
        details: [{ field: 'tracks', message: TRACKS_INCOMPLETE }],
      });
    }
    const ofB = await uploadAs(artistB, await jpeg());
    const anonymous = await uploadAs(undefined, await jpeg());
    for (const artworkFileId of [ofB, anonymous, 'nope']) {
      const response = await call(artistA, 'PUT', detailsUrl(mine.itemId), { ...save, artworkFileId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: ARTWORK_NOT_USABLE,
        details: [{ field: 'artwork', message: ARTWORK_NOT_USABLE }],
      });
    }
    // The submission's own artwork may be named back.
    const own = await call(artistA, 'PUT', detailsUrl(mine.itemId), {
      ...save,
      artworkFileId: mine.artwork.fileId,
    });
    expect(own.statusCode, own.body).toBe(200);
    const rows = await db().select().from(releaseDetails).where(eq(releaseDetails.submissionId, mine.itemId));
    expect(rows).toMatchObject([{ status: 'draft', artworkUploadId: mine.artwork.fileId }]);
  });

  it('refuse to submit a malformed ISRC, missing credits or production year, with every message', async () => {
    const { itemId } = await submitAs(artistA, { trackCount: 2 });
    await setStatus(itemId, 'in_progress');
    const save = toSave((await call(artistA, 'GET', detailsUrl(itemId))).json().releaseDetails);
    const [one, two] = save.tracks;
    if (!one || !two) throw new Error('no tracks');
    one.isrc = 'GB-A1B-25-0004';
    two.metadata = { ...two.metadata, producers: [], productionYear: '' };
    const response = await call(artistA, 'POST', `${detailsUrl(itemId)}/submit`, save);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: ISRC_INVALID,
      details: [
        { field: 'tracks.0.isrc', message: ISRC_INVALID },
        { field: 'tracks.1.metadata.contributors', message: formatTrackNeedsContributors(2, 'Song 2') },
        { field: 'tracks.1.metadata.productionYear', message: formatTrackNeedsProductionYear(2, 'Song 2') },
      ],
    });
    const rows = await db().select().from(releaseDetails).where(eq(releaseDetails.submissionId, itemId));
    expect(rows).toEqual([]);
  });

  it('submitted: write the tracks, the artwork, the audit row and the staff mail; the board shows it', async () => {
    const { itemId } = await submitAs(artistA, {
      trackCount: 2,
      seconds: 3,
      split: true,
      clips: [{ startTime: '00:00', endTime: '00:01' }],
    });
    await setStatus(itemId, 'in_progress');
    await runJobs();
    const view = (await call(artistA, 'GET', detailsUrl(itemId))).json().releaseDetails;
    const [keptClip] = await db()
      .select()
      .from(socialClips)
      .innerJoin(submissionTracks, eq(submissionTracks.id, socialClips.trackId))
      .where(eq(submissionTracks.submissionId, itemId));
    expect(keptClip?.social_clips.status).toBe('ready');

    const save = toSave(view);
    const [one, two] = save.tracks;
    if (!one || !two) throw new Error('no tracks');
    one.isrc = 'gb a1b 25 00042';
    one.metadata = {
      ...one.metadata,
      featuredArtists: [
        {
          id: 'f-1',
          firstName: ' Nia ',
          surname: 'Cole',
          roles: ['Vocals'],
          isFeatured: true,
          isPrimaryArtist: true,
          spotifyUrl: 'https://open.spotify.com/artist/1a2b3c4d5e6f7g8h9i0jkl',
        },
      ],
      masterSplits: [
        { id: 'm-1', contributorId: 'f-1', percentage: 50 },
        { id: 'm-2', contributorId: 'c-0', percentage: 50 },
      ],
      lyricsEnabled: true,
      lyrics: 'Under the water\nthe city is quiet',
      parentalAdvisory: 'yes',
      productionYear: '2024',
      socialClips: [
        ...one.metadata.socialClips,
        { id: 'clip-new', startTime: '00:01', endTime: '00:02', status: 'Ready', description: 'Chorus' },
      ],
    };
    two.metadata = {
      ...two.metadata,
      soloWork: true,
      producers: [],
      hasMasterSplit: false,
      masterSplits: [],
    };
    const image = await jpeg(640);
    const artworkFileId = await uploadAs(artistA, image);
    const response = await call(artistA, 'POST', `${detailsUrl(itemId)}/submit`, { ...save, artworkFileId });
    expect(response.statusCode, response.body).toBe(200);
    const submitted = response.json().releaseDetails;
    expect(submitted).toMatchObject({ status: 'submitted', artwork: { fileId: artworkFileId } });
    expect(Date.parse(submitted.submittedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(submitted.tracks[0].isrc).toBe('GB-A1B-25-00042');

    const tracks = await db()
      .select()
      .from(submissionTracks)
      .where(eq(submissionTracks.submissionId, itemId))
      .orderBy(asc(submissionTracks.position));
    expect(tracks.map((t) => [t.isrc, t.parentalAdvisory, t.productionYear, t.soloWork, t.lyrics])).toEqual([
      ['GB-A1B-25-00042', 'yes', '2024', false, 'Under the water\nthe city is quiet'],
      [null, 'no', String(new Date().getFullYear()), true, null],
    ]);
    const credits = await db()
      .select()
      .from(trackContributors)
      .where(
        inArray(
          trackContributors.trackId,
          tracks.map((t) => t.id),
        ),
      )
      .orderBy(asc(trackContributors.position));
    expect(credits.map((c) => [c.trackId === tracks[0]?.id, c.kind, c.firstName, c.spotifyUrl])).toEqual([
      [true, 'featured', 'Nia', 'https://open.spotify.com/artist/1a2b3c4d5e6f7g8h9i0jkl'],
      [true, 'producer', 'Leo', null],
    ]);
    const splits = await db()
      .select()
      .from(masterSplits)
      .where(eq(masterSplits.submissionId, itemId))
      .orderBy(asc(masterSplits.position));
    expect(splits.map((s) => [s.trackId, s.contributorClientId, s.percentage])).toEqual([
      [tracks[0]?.id, 'f-1', 50],
      [tracks[0]?.id, 'c-0', 50],
    ]);
    const clips = await db()
      .select()
      .from(socialClips)
      .where(eq(socialClips.trackId, tracks[0]?.id ?? ''))
      .orderBy(asc(socialClips.position));
    // The unchanged clip keeps its cut file; the new one is requested from the clip job.
    expect(
      clips.map((c) => [c.id === keptClip?.social_clips.id, c.startTime, c.status, c.description]),
    ).toEqual([
      [true, '00:00', 'ready', null],
      [false, '00:01', 'requested', 'Chorus'],
    ]);
    const [submission] = await db().select().from(submissions).where(eq(submissions.id, itemId));
    expect(submission?.artworkUploadId).toBe(artworkFileId);
    const [artworkRow] = await db().select().from(uploads).where(eq(uploads.id, artworkFileId));
    expect(artworkRow?.claimedAt).not.toBeNull();
    const events = await db()
      .select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, itemId), ne(submissionEvents.type, 'mail_queued')))
      .orderBy(desc(submissionEvents.id));
    expect(events[0]).toMatchObject({
      type: 'release_details_submitted',
      actorUserId: artistA.userId,
      data: { tracks: 2, isrcs: 1, artworkChanged: true },
    });

    await runJobs();
    const [mail] = await db()
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.to, STAFF_EMAIL),
          eq(outboxMessages.subject, 'Release details submitted: Maya Rivers - First Light'),
        ),
      );
    expect(mail?.text).toContain('Ava Stone has completed the release details of "First Light".');
    expect(mail?.text).toContain('1. Song 1 (ISRC: GB-A1B-25-00042)');
    expect(mail?.text).toContain('2. Song 2 (ISRC: none given)');
    expect(mail?.text).toContain(`Review them: ${ctx.config.publicUrl}/details/${itemId}`);
    const [clip] = await db().select().from(socialClips).where(eq(socialClips.clientId, 'clip-new'));
    expect(clip?.status).toBe('ready');

    const board = (await call(staff, 'GET', `/api/board/items/${itemId}`)).json().item;
    expect(board.releaseDetails).toEqual({ status: 'submitted', submittedAt: submitted.submittedAt });
    expect(board.tracks.map((t: { isrc: string | null }) => t.isrc)).toEqual(['GB-A1B-25-00042', null]);
    expect(board.artwork.fileId).toBe(artworkFileId);
    // The clip job has since added its own row; the artist's is there, named after them.
    expect(board.events.find((e: { type: string }) => e.type === 'release_details_submitted')).toMatchObject({
      actor: 'Ava Stone',
    });

    // Submitted details stay readable, but are not changed again, even after the item moves on.
    for (const [method, url] of [
      ['PUT', detailsUrl(itemId)],
      ['POST', `${detailsUrl(itemId)}/submit`],
    ] as const) {
      const again = await call(artistA, method, url, save);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, error: ALREADY_SUBMITTED });
    }
    await setStatus(itemId, 'processing');
    const later = await call(artistA, 'GET', detailsUrl(itemId));
    expect(later.statusCode).toBe(200);
    expect(later.json().releaseDetails).toMatchObject({
      status: 'submitted',
      tracks: [{ isrc: 'GB-A1B-25-00042' }, {}],
    });
  });

  it('close a draft once staff move the submission on', async () => {
    const { itemId } = await submitAs(artistA);
    await setStatus(itemId, 'in_progress');
    const save = toSave((await call(artistA, 'GET', detailsUrl(itemId))).json().releaseDetails);
    expect((await call(artistA, 'PUT', detailsUrl(itemId), save)).statusCode).toBe(200);
    await setStatus(itemId, 'approved');
    const response = await call(artistA, 'GET', detailsUrl(itemId));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, error: NOT_IN_PROGRESS });
  });
});

describe("artist B and artist A's records (the access matrix)", () => {
  it("answers 404 to every route with A's item ids, and never links B to A's files", async () => {
    const ofA = await submitAs(artistA, { trackCount: 2, clips: [{ startTime: '00:00', endTime: '00:01' }] });
    await setStatus(ofA.itemId, 'in_progress');
    await runJobs();
    const ofB = await submitAs(artistB, { trackCount: 1 });
    await setStatus(ofB.itemId, 'in_progress');
    const aView = (await call(artistA, 'GET', detailsUrl(ofA.itemId))).json().releaseDetails;
    const save = toSave(aView);

    for (const [method, url, payload] of [
      ['GET', `/api/profile/submissions/${ofA.itemId}`],
      ['GET', detailsUrl(ofA.itemId)],
      ['PUT', detailsUrl(ofA.itemId), save],
      ['POST', `${detailsUrl(ofA.itemId)}/submit`, save],
    ] as const) {
      const response = await call(artistB, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Submission not found' });
    }
    // Nothing of B's attempts was written to A's item.
    const rows = await db().select().from(releaseDetails).where(eq(releaseDetails.submissionId, ofA.itemId));
    expect(rows).toEqual([]);

    // B cannot pass A's tracks or A's uploads off as theirs either.
    const bSave = toSave((await call(artistB, 'GET', detailsUrl(ofB.itemId))).json().releaseDetails);
    const stolenTrack = await call(artistB, 'PUT', detailsUrl(ofB.itemId), {
      tracks: [{ ...bSave.tracks[0], trackId: aView.tracks[0].trackId }],
    });
    expect(stolenTrack.statusCode).toBe(400);
    expect(stolenTrack.json().error).toBe(TRACK_NOT_IN_SUBMISSION);
    const aImage = await uploadAs(artistA, await jpeg());
    for (const artworkFileId of [aImage, ofA.artwork.fileId]) {
      const stolenArtwork = await call(artistB, 'POST', `${detailsUrl(ofB.itemId)}/submit`, {
        ...bSave,
        artworkFileId,
      });
      expect(stolenArtwork.statusCode).toBe(400);
      expect(stolenArtwork.json().error).toBe(ARTWORK_NOT_USABLE);
      const stolenPicture = await call(artistB, 'PUT', '/api/artist/profile', {
        pictureFileId: artworkFileId,
      });
      expect(stolenPicture.statusCode).toBe(400);
      expect(stolenPicture.json().error).toBe(PICTURE_NOT_USABLE);
    }

    // Every answer B gets links only B's files: none of A's uploads appears anywhere.
    const aArtist = await db()
      .select({ id: artists.id })
      .from(artists)
      .where(eq(artists.userId, artistA.userId));
    const aSubmissions = await db()
      .select({ id: submissions.id, artwork: submissions.artworkUploadId })
      .from(submissions)
      .where(eq(submissions.artistId, aArtist[0]?.id ?? ''));
    const aTracks = await db()
      .select({ audio: submissionTracks.audioUploadId })
      .from(submissionTracks)
      .where(
        inArray(
          submissionTracks.submissionId,
          aSubmissions.map((s) => s.id),
        ),
      );
    const aUploads = await db()
      .select({ id: uploads.id })
      .from(uploads)
      .where(eq(uploads.uploaderUserId, artistA.userId));
    const aClips = await db()
      .select({ id: socialClips.clipUploadId })
      .from(socialClips)
      .innerJoin(submissionTracks, eq(submissionTracks.id, socialClips.trackId))
      .where(eq(submissionTracks.submissionId, ofA.itemId));
    expect(aClips.every((c) => c.id !== null)).toBe(true);
    const aFileIds = [
      ...aSubmissions.map((s) => s.artwork),
      ...aTracks.map((t) => t.audio),
      ...aUploads.map((u) => u.id),
      ...aClips.map((c) => c.id),
    ].filter((id): id is string => id !== null);
    expect(aFileIds.length).toBeGreaterThan(10);

    const answers = [
      await call(artistB, 'GET', '/api/profile/submissions'),
      await call(artistB, 'GET', `/api/profile/submissions/${ofB.itemId}`),
      await call(artistB, 'GET', detailsUrl(ofB.itemId)),
      await call(artistB, 'GET', '/api/artist/profile'),
      await call(artistB, 'GET', '/api/me'),
    ];
    const list = answers[0]?.json().submissions;
    expect(list.map((s: { itemId: string }) => s.itemId)).toEqual([ofB.itemId]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      for (const id of aFileIds) expect(answer.body).not.toContain(id);
    }
    // The image mapping (spec 000 §7) shows an artist the artwork of their own submissions, whoever
    // uploaded it, and nobody else's.
    const mapping = (as: SignedIn, ids: string[]) =>
      call(as, 'GET', `/files/optimized/image-mapping.json?ids=${ids.join(',')}`);
    expect(Object.keys((await mapping(artistA, [ofA.artwork.fileId, ofB.artwork.fileId])).json())).toEqual([
      ofA.artwork.fileId,
    ]);
    expect(Object.keys((await mapping(artistB, [ofA.artwork.fileId, ofB.artwork.fileId])).json())).toEqual([
      ofB.artwork.fileId,
    ]);
  });
});

describe('the demo artist', () => {
  it('sees the seeded submissions, newest first, with files that play', async () => {
    await seedDemoData(db(), ctx.app.providers.storage, ctx.config);
    const demo = await signIn(ctx.app, db(), 'artist@imprint.example');
    const response = await call(demo, 'GET', '/api/profile/submissions');
    expect(response.statusCode).toBe(200);
    const list = artistSubmissionsResponseSchema.parse(response.json()).submissions;
    expect(list.map((s) => [s.releaseTitle, s.releaseType, s.status])).toEqual([
      ['Paper Planes', 'single', 'pending'],
      ['Night Swim', 'single', 'in_progress'],
      ['Golden Hour', 'ep', 'approved'],
      ['Static', 'single', 'rejected'],
      ['Low Light', 'single', 'live'],
    ]);
    const [, nightSwim, golden] = list;
    if (!golden?.artworkUrl || !nightSwim) throw new Error('demo submissions missing');
    expect(golden.mediaLinks).toHaveLength(3);
    const audio = await fetchLink(golden.mediaLinks[0] ?? '', demo);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const cover = await fetchLink(golden.artworkUrl, demo);
    expect(cover.headers['content-type']).toBe('image/jpeg');

    const details = await call(demo, 'GET', detailsUrl(nightSwim.itemId));
    expect(details.statusCode).toBe(200);
    expect(details.json().releaseDetails.tracks.map((t: { title: string }) => t.title)).toEqual([
      'Night Swim',
    ]);
    const profile = (await call(demo, 'GET', '/api/artist/profile')).json().profile;
    expect(profile).toMatchObject({ artistName: 'Maya Rivers', submissionCount: 5 });
  });
});
