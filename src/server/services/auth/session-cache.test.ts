import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { signIn } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-context';
import { addStaff, removeStaff } from '../staff/manage-staff';
import { forgetSessions, SESSION_CACHE_TTL_MS, SESSIONS_CHANNEL } from './session-cache';
import { resolveSessionCached } from './sessions';

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
    const session = await signIn(ctx.app, ctx.database.db, 'cached@example.com');
    const token = { kind: 'bearer' as const, value: session.bearer };
    const now = Date.now();
    expect(await resolveSessionCached(ctx.database.db, token, now)).toBeDefined();
    await deleteSessionsQuietly(session.userId);
    // Unannounced, the process still trusts what it resolved, for at most the TTL.
    expect(await resolveSessionCached(ctx.database.db, token, now + 1)).toBeDefined();
    expect(
      await resolveSessionCached(ctx.database.db, token, now + SESSION_CACHE_TTL_MS + 1),
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
});
