import { and, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import { SESSION_ABSOLUTE_TIMEOUT_DAYS, SESSION_IDLE_TIMEOUT_DAYS } from '../../../domain';
import type { Database, Executor } from '../../db/client';
import { withGenericPlan } from '../../db/plan-hints';
import { artists, sessions, submissions, users } from '../../db/schema';
import { latestSignedAgreementId } from '../contracts/find-signed-agreement';
import type { ResolvedSession } from './resolved-session';
import { announceSessionChange, throughSessionCache } from './session-cache';
import { createToken, hashToken } from './tokens';

const DAY_MS = 86_400_000;
/** The idle expiry moves forward at most this often, so reading a page is not a write each time. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export interface NewSession {
  sessionId: string;
  /** For the HttpOnly cookie. */
  cookieToken: string;
  /** For API clients (`Authorization: Bearer`); same lifetime as the session. */
  bearerToken: string;
  absoluteExpiresAt: Date;
}

export async function createSession(
  executor: Executor,
  input: { userId: string; ip?: string | undefined; userAgent?: string | undefined; now?: Date },
): Promise<NewSession> {
  const now = input.now ?? new Date();
  const cookieToken = createToken();
  const bearerToken = createToken();
  const absoluteExpiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_TIMEOUT_DAYS * DAY_MS);
  const [row] = await executor
    .insert(sessions)
    .values({
      tokenHash: hashToken(cookieToken),
      bearerTokenHash: hashToken(bearerToken),
      userId: input.userId,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(now.getTime() + SESSION_IDLE_TIMEOUT_DAYS * DAY_MS),
      absoluteExpiresAt,
      ip: input.ip?.slice(0, 100) ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('createSession: insert returned no row');
  return { sessionId: row.id, cookieToken, bearerToken, absoluteExpiresAt };
}

/**
 * The live session for a cookie or bearer token, with its user, artist record and the artist's
 * facts, in one query (every signed-in request pays for it); undefined when unknown,
 * idle for more than 7 days, or older than 30 days. A live session's idle expiry moves forward, at most every 5
 * minutes, so reading is not a write each time.
 */
export async function resolveSession(
  executor: Executor,
  token: { kind: 'cookie' | 'bearer'; value: string },
  now: Date = new Date(),
): Promise<ResolvedSession | undefined> {
  const hash = hashToken(token.value);
  const [row] = await executor
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      userId: users.id,
      email: users.email,
      role: users.role,
      name: users.name,
      artist: getTableColumns(artists),
      submissionCount: sql<number>`(select count(*)::int from ${submissions} where ${submissions.artistId} = ${artists.id})`,
      signedAgreementId: latestSignedAgreementId(artists.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(artists, eq(artists.userId, users.id))
    .where(
      // A lookup by the token's unique index, whatever the token: planned once.
      withGenericPlan(
        and(
          eq(token.kind === 'cookie' ? sessions.tokenHash : sessions.bearerTokenHash, hash),
          gt(sessions.idleExpiresAt, now),
          gt(sessions.absoluteExpiresAt, now),
        ),
      ),
    );
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const idle = new Date(
      Math.min(now.getTime() + SESSION_IDLE_TIMEOUT_DAYS * DAY_MS, row.absoluteExpiresAt.getTime()),
    );
    await executor
      .update(sessions)
      .set({ lastSeenAt: now, idleExpiresAt: idle })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    user: {
      userId: row.userId,
      email: row.email,
      role: row.role,
      name: row.name ?? null,
      artistName: row.artist?.artistName ?? null,
      picture: row.artist?.picture ?? null,
    },
    artist: row.artist,
    artistFacts: row.artist
      ? { submissionCount: row.submissionCount, signedAgreementId: row.signedAgreementId ?? null }
      : null,
  };
}

/**
 * `resolveSession` for the requests of a server: answered from memory when this process resolved
 * the same token less than 5 s ago and nothing it holds changed since (auth/session-cache.ts). The
 * idle expiry still moves forward, on the reads that reach the database.
 */
export function resolveSessionCached(
  db: Database,
  token: { kind: 'cookie' | 'bearer'; value: string },
  now: number = Date.now(),
): Promise<ResolvedSession | undefined> {
  return throughSessionCache(db, token, now, () => resolveSession(db, token, new Date(now)));
}

export async function destroySession(executor: Executor, sessionId: string): Promise<void> {
  await executor.delete(sessions).where(eq(sessions.id, sessionId));
  await announceSessionChange(executor, { sessionId });
}
