import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNING_MESSAGES, SUBMISSION_NOT_FOUND } from '../../domain';
import { artists } from '../db/schema';
import { type SignedIn, signIn } from '../test/sign-in';
import { createTestContext, type TestContext } from '../test/test-context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const unknownId = '00000000-0000-4000-8000-000000000000';

function call(as: SignedIn, method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) {
  return ctx.app.inject({
    method,
    url,
    headers: { origin: ctx.config.publicUrl, cookie: as.cookie },
    ...(payload ? { payload } : {}),
  });
}

/** An artist account whose artist row is gone (removed by hand, say): sign-in made one. */
async function artistWithoutRow(email: string): Promise<SignedIn> {
  const artist = await signIn(ctx.app, db(), email);
  await db().delete(artists).where(eq(artists.userId, artist.userId));
  return artist;
}

async function artistRowCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(artists);
  return row?.n ?? 0;
}

describe('an artist account without an artist row', () => {
  it('reads its area as an artist with nothing yet, and no read makes the row', async () => {
    const artist = await artistWithoutRow('not.yet@example.com');
    const before = await artistRowCount();

    const profile = await call(artist, 'GET', '/api/artist/profile');
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().profile).toEqual({
      userId: artist.userId,
      email: 'not.yet@example.com',
      profileCompleted: false,
      submissionCount: 0,
      hasSignedContract: false,
      completion: 0,
    });
    const list = await call(artist, 'GET', '/api/profile/submissions');
    expect(list.json()).toEqual({ success: true, submissions: [], nextCursor: null, total: 0 });
    for (const url of [
      `/api/profile/submissions/${unknownId}`,
      `/api/profile/submissions/${unknownId}/release-details`,
    ]) {
      const item = await call(artist, 'GET', url);
      expect(item.statusCode, url).toBe(404);
      expect(item.json().error).toBe(SUBMISSION_NOT_FOUND);
    }
    const current = await call(artist, 'GET', '/api/contracts/current');
    expect(current.json()).toEqual({ success: true, artistId: artist.userId, hasSignedContract: false });
    const template = await call(artist, 'GET', '/api/contracts/template');
    expect(template.statusCode, template.body).toBe(200);
    expect(template.json().template.text).toContain('not.yet@example.com');
    for (const url of [`/api/contracts/${unknownId}/status`, `/api/contracts/${unknownId}/audit`]) {
      const request = await call(artist, 'GET', url);
      expect(request.statusCode, url).toBe(404);
      expect(request.json().error).toBe(SIGNING_MESSAGES.requestNotFound);
    }

    expect(await artistRowCount()).toBe(before);
  });

  it('gets its row from the first save of its profile, which then reads back', async () => {
    const artist = await artistWithoutRow('first.save@example.com');
    const saved = await call(artist, 'PUT', '/api/artist/profile', {
      artistName: 'First Save',
      city: 'Hull',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile).toMatchObject({ artistName: 'First Save', city: 'Hull' });
    const rows = await db().select().from(artists).where(eq(artists.userId, artist.userId));
    expect(rows).toMatchObject([{ email: 'first.save@example.com', artistName: 'First Save', city: 'Hull' }]);
    const read = await call(artist, 'GET', '/api/artist/profile');
    expect(read.json().profile).toMatchObject({ artistName: 'First Save', city: 'Hull' });
  });

  it('creates an agreement request with the artist id it was given, making its row', async () => {
    const artist = await artistWithoutRow('first.agreement@example.com');
    const { artistId } = (await call(artist, 'GET', '/api/contracts/current')).json();
    const created = await call(artist, 'POST', '/api/contracts/create', {
      artistId,
      artistName: 'First Agreement',
      artistEmail: 'first.agreement@example.com',
    });
    expect(created.statusCode, created.body).toBe(200);
    const [row] = await db().select().from(artists).where(eq(artists.userId, artist.userId));
    if (!row) throw new Error('no artist row');
    const current = (await call(artist, 'GET', '/api/contracts/current')).json();
    expect(current).toMatchObject({ artistId: row.id, signatureRequest: { id: created.json().signatureId } });
  });
});
