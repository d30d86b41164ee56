import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, staffArtistResponseSchema, staffWaitingListResponseSchema } from '../../../domain';
import { artists, invitations, waitingListEntries } from '../../db/schema';
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

const entry = (over: Partial<typeof waitingListEntries.$inferInsert> = {}) => ({
  firstName: 'Ada',
  surname: 'Lane',
  artistName: 'Nova Lane',
  email: 'ada@example.com',
  country: 'Ireland',
  city: 'Cork',
  listenLink: 'https://soundcloud.com/novalane/tide',
  projectDescription: 'A six-track EP',
  ...over,
});

describe.each(['/api/waiting-list', '/api/artists/00000000-0000-4000-8000-000000000000'])('%s', (url) => {
  it('refuses visitors with 401 and artists with 403', async () => {
    const anonymous = await get(url, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(authMessages.notAuthenticated);
    const asArtist = await get(url, artist);
    expect(asArtist.statusCode).toBe(403);
    expect(asArtist.json().error).toBe(authMessages.staffOnly);
  });
});

describe('GET /api/waiting-list', () => {
  it('lists every entry newest first, with the invitation made from it', async () => {
    const [older] = await db()
      .insert(waitingListEntries)
      .values(entry({ createdAt: new Date('2026-01-01T10:00:00Z') }))
      .returning();
    const [newer] = await db()
      .insert(waitingListEntries)
      .values(
        entry({
          firstName: 'Ben',
          artistName: 'Quiet Harbour',
          email: 'ben@example.com',
          phone: '+44 20 0000 0000',
          createdAt: new Date('2026-02-01T10:00:00Z'),
        }),
      )
      .returning();
    if (!older || !newer) throw new Error('entries not stored');
    const [invitation] = await db()
      .insert(invitations)
      .values({
        tokenHash: 'hash-from-waiting-list',
        artistName: 'Nova Lane',
        firstName: 'Ada',
        surname: 'Lane',
        email: 'ada@example.com',
        waitingListEntryId: older.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();

    const response = await get('/api/waiting-list');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = staffWaitingListResponseSchema.parse(response.json());
    expect(body.entries.map((e) => e.id)).toEqual([newer.id, older.id]);
    expect(body.entries[0]).toEqual({
      id: newer.id,
      firstName: 'Ben',
      surname: 'Lane',
      artistName: 'Quiet Harbour',
      email: 'ben@example.com',
      phone: '+44 20 0000 0000',
      country: 'Ireland',
      city: 'Cork',
      instagramProfile: null,
      tiktokProfile: null,
      spotifyProfile: null,
      listenLink: 'https://soundcloud.com/novalane/tide',
      projectDescription: 'A six-track EP',
      createdAt: '2026-02-01T10:00:00.000Z',
      invitationId: null,
    });
    expect(body.entries[1]?.invitationId).toBe(invitation?.id);
  });
});

describe('GET /api/artists/:artistId', () => {
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
