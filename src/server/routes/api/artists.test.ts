import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authMessages,
  boardListResponseSchema,
  INVALID_LIST_CURSOR,
  LIST_CURSOR_MISMATCH,
  PAGE_SIZE_OUT_OF_RANGE,
  staffArtistResponseSchema,
  staffArtistSubmissionsResponseSchema,
  UNKNOWN_LIST_SORT,
} from '../../../domain';
import { artists, invitations, submissions } from '../../db/schema';
import { expectRefusals, pageThrough, seededTimes, tamper } from '../../test/paged-list';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { postSubmission, prepareTestSubmission } from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

let ctx: TestContext;
let staff: SignedIn;
let artist: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, ctx.database.db, 'console@label.example');
  artist = await signIn(ctx.app, ctx.database.db, 'listener@example.com');
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const get = (url: string, as: SignedIn | null = staff) =>
  ctx.app.inject({ method: 'GET', url, headers: as ? { cookie: as.cookie } : {} });

describe('GET /api/artists/:artistId', () => {
  it('refuses visitors with 401 and artists with 403', async () => {
    const url = '/api/artists/00000000-0000-4000-8000-000000000000';
    const anonymous = await get(url, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(authMessages.notAuthenticated);
    const asArtist = await get(url, artist);
    expect(asArtist.statusCode).toBe(403);
    expect(asArtist.json().error).toBe(authMessages.staffOnly);
  });

  it('answers 404 Artist not found for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await get(`/api/artists/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('Artist not found');
    }
  });

  it('shows the profile, completion and invitations, and the submissions in their own list', async () => {
    const prepared = await prepareTestSubmission(ctx.app, { trackCount: 2 });
    const created = await postSubmission(ctx.app, prepared.payload);
    expect(created.statusCode, created.body).toBe(200);
    const itemId: string = created.json().data.itemId;
    const [row] = await db().select().from(artists).where(eq(artists.email, 'maya@example.com'));
    if (!row) throw new Error('no artist row');
    await db()
      .update(artists)
      .set({ name: 'Maya Rivers', artistName: 'Maya Rivers', city: 'Leeds', biography: 'Songs.' })
      .where(eq(artists.id, row.id));
    const expired = new Date(Date.now() - 1000);
    await db().insert(invitations).values({
      tokenHash: 'hash-for-maya',
      artistName: 'Maya Rivers',
      firstName: 'Maya',
      surname: 'Rivers',
      email: 'maya@example.com',
      invitationReason: 'Heard at a festival',
      artistId: row.id,
      expiresAt: expired,
    });

    const response = await get(`/api/artists/${row.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { artist: shown } = staffArtistResponseSchema.parse(response.json());
    expect(shown).toMatchObject({
      artistId: row.id,
      email: 'maya@example.com',
      name: 'Maya Rivers',
      artistName: 'Maya Rivers',
      city: 'Leeds',
      biography: 'Songs.',
      hasSignedContract: false,
    });
    expect(shown.completion).toBeGreaterThan(0);
    expect(shown.completion).toBeLessThan(100);
    expect(shown).not.toHaveProperty('submissions');
    const listed = staffArtistSubmissionsResponseSchema.parse(
      (await get(`/api/artists/${row.id}/submissions`)).json(),
    );
    expect(listed).toMatchObject({ total: 1, nextCursor: null });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({
      itemId,
      status: 'pending',
      releaseTitle: 'First Light',
      artistName: 'Maya Rivers',
      trackCount: 2,
    });
    expect(shown.invitations).toEqual([
      expect.objectContaining({
        artistName: 'Maya Rivers',
        invitationReason: 'Heard at a festival',
        status: 'expired',
        expiresAt: expired.toISOString(),
        usedAt: null,
        submissionId: null,
      }),
    ]);
  });
});

describe('GET /api/artists/:artistId/submissions, paged', () => {
  const SEEDED = 250;
  let manyId: string;
  let fewId: string;
  const idsOf = (body: unknown) =>
    staffArtistSubmissionsResponseSchema.parse(body).items.map((item) => item.itemId);

  /** `count` submissions of one artist, statuses and times from the shared seed (ties included). */
  async function seed(artistId: string, count: number) {
    await db()
      .insert(submissions)
      .values(
        seededTimes(count).map((createdAt, n) => ({
          artistId,
          uploadSessionId: `staff-artist-${artistId}-${n}`,
          itemName: `Seeded ${n}`,
          uploadType: 'new-music',
          releaseType: 'single',
          releaseTitle: `Release ${n}`,
          releaseStrategy: 'together',
          primaryGenre: 'Pop',
          subGenre: 'Indie Pop',
          artistDetails: { artistName: 'Seeded' },
          formData: {},
          additionalData: {},
          createdAt,
        })),
      );
  }

  async function expectedOrder(artistId: string, oldest = false) {
    const direction = oldest ? asc : desc;
    const rows = await db()
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.artistId, artistId))
      .orderBy(direction(submissions.createdAt), direction(submissions.id));
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    const made = await db()
      .insert(artists)
      .values([{ email: 'many@example.com' }, { email: 'few@example.com' }])
      .returning({ id: artists.id });
    manyId = made[0]?.id ?? '';
    fewId = made[1]?.id ?? '';
    await seed(manyId, SEEDED);
    await seed(fewId, 3);
    await db().execute(sql`analyze submissions`);
  });

  it('gives each of an artist’s submissions exactly once, newest or oldest first, ties broken by id', async () => {
    const path = `/api/artists/${manyId}/submissions`;
    const paged = await pageThrough(ctx.app, staff, path, 'limit=30', idsOf);
    expect(paged.ids).toEqual(await expectedOrder(manyId));
    expect(paged.totals).toEqual([SEEDED]);
    expect(paged.pages).toBe(Math.ceil(SEEDED / 30));
    const oldest = await pageThrough(ctx.app, staff, path, 'sort=oldest&limit=100', idsOf);
    expect(oldest.ids).toEqual(await expectedOrder(manyId, true));

    const first = staffArtistSubmissionsResponseSchema.parse((await get(path)).json());
    expect(first.items).toHaveLength(20);
    expect(first.total).toBe(SEEDED);
    const fits = staffArtistSubmissionsResponseSchema.parse(
      (await get(`/api/artists/${fewId}/submissions`)).json(),
    );
    expect(fits).toMatchObject({ total: 3, nextCursor: null });
    expect(fits.items.map((item) => item.itemId)).toEqual(await expectedOrder(fewId));
  });

  it('refuses a tampered cursor, one of another artist, list or order, a page too large and an unknown order', async () => {
    const path = `/api/artists/${manyId}/submissions`;
    const first = staffArtistSubmissionsResponseSchema.parse((await get(`${path}?limit=5`)).json());
    const cursor = first.nextCursor as string;
    const board = boardListResponseSchema.parse((await get('/api/board/items?limit=5')).json());
    await expectRefusals(ctx.app, staff, path, [
      [`cursor=${tamper(cursor)}`, INVALID_LIST_CURSOR],
      ['cursor=nonsense', INVALID_LIST_CURSOR],
      [`cursor=${board.nextCursor}`, LIST_CURSOR_MISMATCH],
      [`sort=oldest&cursor=${cursor}`, LIST_CURSOR_MISMATCH],
      ['limit=101', PAGE_SIZE_OUT_OF_RANGE],
      ['limit=1.5', PAGE_SIZE_OUT_OF_RANGE],
      ['sort=sideways', UNKNOWN_LIST_SORT],
    ]);
    // Another artist's cursor never shows this artist's rows (nor theirs).
    await expectRefusals(ctx.app, staff, `/api/artists/${fewId}/submissions`, [
      [`cursor=${cursor}`, LIST_CURSOR_MISMATCH],
    ]);
  });

  it('answers 404 for an unknown or malformed artist, and refuses visitors and artists', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await get(`/api/artists/${id}/submissions`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Artist not found' });
    }
    const url = `/api/artists/${manyId}/submissions?limit=500`;
    const anonymous = await get(url, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(authMessages.notAuthenticated);
    const asArtist = await get(url, artist);
    expect(asArtist.statusCode).toBe(403);
    expect(asArtist.json().error).toBe(authMessages.staffOnly);
  });
});
