import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, staffArtistResponseSchema } from '../../../domain';
import { artists, invitations } from '../../db/schema';
import { addStaff } from '../../services/staff/manage-staff';
import { type SignedIn, signIn } from '../../test/sign-in';
import { postSubmission, prepareTestSubmission } from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

let ctx: TestContext;
let staff: SignedIn;
let artist: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  await addStaff(ctx.database.db, 'console@label.example');
  staff = await signIn(ctx.app, ctx.database.db, 'console@label.example');
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

  it('shows the profile, completion, submissions and invitations', async () => {
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
    expect(shown.submissions).toHaveLength(1);
    expect(shown.submissions[0]).toMatchObject({
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
