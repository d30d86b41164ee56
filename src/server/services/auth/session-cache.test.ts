import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementTemplates, artists, sessions, signatureRequests, users } from '../../db/schema';
import { insertPlannedSubmission } from '../../test/planned-submissions';
import { signIn } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-context';
import { addStaff, removeStaff } from '../staff/manage-staff';
import { forgetSessions, SESSION_CACHE_TTL_MS, SESSIONS_CHANNEL } from './session-cache';
import { createSession, resolveSessionCached } from './sessions';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function me(headers: Record<string, string>) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/me', headers });
  return response.json() as { user: { role: string; artistName: string | null } | null };
}

/** Changes the database behind the app's back, as another process or a hand edit would. */
async function deleteSessionsQuietly(userId: string) {
  await ctx.database.db.delete(sessions).where(eq(sessions.userId, userId));
}

describe('the session cache', () => {
  it('answers a session resolved a moment ago from memory, and asks again after the TTL', async () => {
    // A read during which any announcement arrives is answered but not kept; on PostgreSQL the
    // sign-in's own announcements reach the listener a moment after its commit, so the first read
    // may fall in that window. A fresh session is tried until one read is kept.
    let kept: { token: { kind: 'bearer'; value: string }; now: number } | undefined;
    for (let attempt = 0; attempt < 10 && !kept; attempt++) {
      const session = await signIn(ctx.app, ctx.database.db, `cached-${attempt}@example.com`);
      const token = { kind: 'bearer' as const, value: session.bearer };
      const now = Date.now();
      expect(await resolveSessionCached(ctx.database.db, token, now)).toBeDefined();
      await deleteSessionsQuietly(session.userId);
      // Unannounced, the process still trusts what it resolved, for at most the TTL.
      if (await resolveSessionCached(ctx.database.db, token, now + 1)) kept = { token, now };
    }
    expect(kept).toBeDefined();
    if (!kept) return;
    expect(
      await resolveSessionCached(ctx.database.db, kept.token, kept.now + SESSION_CACHE_TTL_MS + 1),
    ).toBeUndefined();
  });

  it('never keeps an unknown token', async () => {
    const token = { kind: 'bearer' as const, value: 'not-a-session' };
    expect(await resolveSessionCached(ctx.database.db, token)).toBeUndefined();
    expect(await resolveSessionCached(ctx.database.db, token)).toBeUndefined();
  });

  it('forgets a session at sign-out: the copied cookie stops working at once', async () => {
    const session = await signIn(ctx.app, ctx.database.db, 'out@example.com');
    expect((await me({ cookie: session.cookie })).user).not.toBeNull();
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: session.headers });
    expect(out.statusCode).toBe(200);
    expect((await me({ cookie: session.cookie })).user).toBeNull();
    expect((await me({ authorization: `Bearer ${session.bearer}` })).user).toBeNull();
  });

  it('shows a profile change on the very next request', async () => {
    const session = await signIn(ctx.app, ctx.database.db, 'renamed@example.com');
    expect((await me({ cookie: session.cookie })).user?.artistName).toBeNull();
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/artist/profile',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: { artistName: 'Night Ferry' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await me({ cookie: session.cookie })).user?.artistName).toBe('Night Ferry');
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/artist/profile',
      headers: { cookie: session.cookie },
    });
    expect(profile.json().profile.artistName).toBe('Night Ferry');
  });

  it('follows role changes made by the staff commands', async () => {
    const session = await signIn(ctx.app, ctx.database.db, 'promoted@example.com');
    expect((await me({ cookie: session.cookie })).user?.role).toBe('artist');
    expect(await addStaff(ctx.database.db, 'promoted@example.com')).toBe('promoted');
    expect((await me({ cookie: session.cookie })).user?.role).toBe('staff');
    expect(await removeStaff(ctx.database.db, 'promoted@example.com')).toBe(true);
    expect((await me({ cookie: session.cookie })).user).toBeNull();
  });

  it('forgets what another process announces, once the database delivers it', async () => {
    const session = await signIn(ctx.app, ctx.database.db, 'elsewhere@example.com');
    expect((await me({ cookie: session.cookie })).user?.role).toBe('artist');
    // Another process changes the role and announces it in its transaction.
    await ctx.database.db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'staff' }).where(eq(users.id, session.userId));
      await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${`user:${session.userId}`})`);
    });
    await expect.poll(async () => (await me({ cookie: session.cookie })).user?.role).toBe('staff');
  });

  it('does not keep a read that raced a change', async () => {
    const session = await signIn(ctx.app, ctx.database.db, 'racing@example.com');
    const token = { kind: 'cookie' as const, value: session.cookie.split('=')[1] ?? '' };
    const reading = resolveSessionCached(ctx.database.db, token);
    forgetSessions({ userId: session.userId });
    expect(await reading).toBeDefined();
    await deleteSessionsQuietly(session.userId);
    // Had the raced read been kept, this would still find the session.
    expect(await resolveSessionCached(ctx.database.db, token)).toBeUndefined();
  });

  it("forgets an artist's facts when the database announces a change to them, whoever wrote it", async () => {
    const session = await signIn(ctx.app, ctx.database.db, 'facts@example.com');
    const [artist] = await ctx.database.db
      .select({ id: artists.id })
      .from(artists)
      .where(eq(artists.userId, session.userId));
    if (!artist) throw new Error('the sign-in made no artist record');
    const profile = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/artist/profile',
        headers: { cookie: session.cookie },
      });
      return response.json().profile as { submissionCount: number; hasSignedContract: boolean };
    };
    expect(await profile()).toMatchObject({ submissionCount: 0, hasSignedContract: false });
    // Written straight into the database, as another process or a hand edit would: no code
    // announces it; the table's trigger does (drizzle/0019_artist_facts_announced).
    await insertPlannedSubmission(ctx.database.db, {
      artistId: artist.id,
      email: 'facts@example.com',
      releaseDate: null,
    });
    await expect.poll(async () => (await profile()).submissionCount).toBe(1);
    const [template] = await ctx.database.db
      .insert(agreementTemplates)
      .values({ version: 901, title: 'Artist agreement', body: 'Terms.' })
      .returning({ id: agreementTemplates.id });
    const [request] = await ctx.database.db
      .insert(signatureRequests)
      .values({
        artistId: artist.id,
        templateId: template?.id ?? '',
        templateVersion: 901,
        status: 'awaiting_signature',
        signerName: 'Facts Artist',
        signerEmail: 'facts@example.com',
        documentTitle: 'Artist agreement',
        documentText: 'Terms.',
        documentSha256: 'x'.repeat(64),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: signatureRequests.id });
    expect((await profile()).hasSignedContract).toBe(false);
    await ctx.database.db
      .update(signatureRequests)
      .set({ status: 'signed', signedAt: new Date() })
      .where(eq(signatureRequests.id, request?.id ?? ''));
    await expect.poll(async () => (await profile()).hasSignedContract).toBe(true);
  });

  it('forgets every session when a table the facts read is emptied', async () => {
    const { userId } = await signIn(ctx.app, ctx.database.db, 'emptied@example.com');
    let bearer = { authorization: '' };
    // A session read, then deleted behind the app's back, is still answered from memory: nothing
    // announced the deletion. (On PostgreSQL an announcement commits now and arrives a moment
    // later, the sign-in's own among them; a read it races is answered but not kept, so this
    // tries a fresh session until one read was kept.)
    await expect
      .poll(async () => {
        bearer = {
          authorization: `Bearer ${(await createSession(ctx.database.db, { userId })).bearerToken}`,
        };
        await me(bearer);
        await deleteSessionsQuietly(userId);
        return (await me(bearer)).user?.role;
      })
      .toBe('artist');
    await ctx.database.db.execute(sql`truncate signature_requests cascade`);
    await expect.poll(async () => (await me(bearer)).user).toBeNull();
  });
});
