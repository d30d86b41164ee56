import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { type Listener, listenForNotifications } from '../../db/notifications';
import type { ResolvedSession } from './resolved-session';

/**
 * Resolved sessions kept in memory (every signed-in request resolves its session, and
 * on the embedded database that one query was most of a request's cost). A process trusts what it
 * resolved for at most this long; any change to what a resolved session holds (sign-out, a role,
 * the account's name, the artist record) is announced by its writer (`announceSessionChange`), in
 * its transaction, and forgets the entries it touches: at once in the writer's process, and in
 * every process (WORKERS, the CLI) when the database delivers the NOTIFY, after the commit. The
 * artist's facts (their submissions and signed agreement, written in many places) are announced by
 * the database's triggers (drizzle/0019_artist_facts_announced). The TTL is only the bound for a
 * process that missed the announcement (its listening connection down).
 */
export const SESSION_CACHE_TTL_MS = 5_000;
export const SESSIONS_CHANNEL = 'imprint_sessions';
/** Entries beyond this many make room by dropping the oldest (a flood of distinct tokens). */
const MAX_ENTRIES = 10_000;

/**
 * What changed: a user's account (its role, name, artist record), one session (signed out), or an
 * artist's facts (their submissions or signed agreement, announced by the database's triggers).
 */
export type SessionChange = { userId: string } | { sessionId: string } | { artistId: string };

interface Entry {
  value: ResolvedSession;
  expiresAt: number;
}

/** One map for every database of the process, keyed by the database's number and the token. */
const entries = new Map<string, Entry>();
const databaseNumbers = new WeakMap<object, number>();
let nextDatabaseNumber = 1;
/** Bumped by every change: a read that began before one is answered but not kept. */
let epoch = 0;

function cacheKey(db: Database, token: { kind: 'cookie' | 'bearer'; value: string }): string {
  let number = databaseNumbers.get(db);
  if (number === undefined) {
    number = nextDatabaseNumber++;
    databaseNumbers.set(db, number);
  }
  // The token itself: it is in this process's memory for the request anyway, and hashing it here
  // was ~3% of a cached request's CPU.
  return `${number}:${token.kind}:${token.value}`;
}

/**
 * `resolve()`'s session, through the cache: a live session resolved less than SESSION_CACHE_TTL_MS
 * ago (and not changed since) is answered from memory. Unknown tokens are never kept, so guessing
 * fills nothing.
 */
export async function throughSessionCache(
  db: Database,
  token: { kind: 'cookie' | 'bearer'; value: string },
  now: number,
  resolve: () => Promise<ResolvedSession | undefined>,
): Promise<ResolvedSession | undefined> {
  const key = cacheKey(db, token);
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value;
  if (hit) entries.delete(key);
  const began = epoch;
  const value = await resolve();
  if (value && began === epoch) {
    if (entries.size >= MAX_ENTRIES) dropOldest(now);
    entries.set(key, { value, expiresAt: now + SESSION_CACHE_TTL_MS });
  }
  return value;
}

function dropOldest(now: number): void {
  for (const [key, entry] of entries) {
    if (entry.expiresAt <= now) entries.delete(key);
  }
  // Insertion order is age order: what is left over the limit goes oldest first.
  for (const key of entries.keys()) {
    if (entries.size < MAX_ENTRIES) break;
    entries.delete(key);
  }
}

function payloadOf(change: SessionChange): string {
  if ('userId' in change) return `user:${change.userId}`;
  if ('sessionId' in change) return `session:${change.sessionId}`;
  return `artist:${change.artistId}`;
}

function touches(change: SessionChange, session: ResolvedSession): boolean {
  if ('userId' in change) return session.user.userId === change.userId;
  if ('sessionId' in change) return session.sessionId === change.sessionId;
  return session.artist?.id === change.artistId;
}

/** Forgets what this process holds for a change; without one (a missed announcement), everything. */
export function forgetSessions(change?: SessionChange): void {
  epoch++;
  if (!change) {
    entries.clear();
    return;
  }
  for (const [key, entry] of entries) {
    if (touches(change, entry.value)) entries.delete(key);
  }
}

/**
 * For a writer of anything a resolved session holds, inside its transaction: every process forgets
 * the touched sessions once the change commits (NOTIFY is delivered on commit, and only then); this
 * process also forgets them now.
 */
export async function announceSessionChange(executor: Executor, change: SessionChange): Promise<void> {
  await executor.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${payloadOf(change)})`);
  forgetSessions(change);
}

function changeOf(payload: string | undefined): SessionChange | undefined {
  const [kind, id] = payload?.split(':') ?? [];
  if (kind === 'user' && id) return { userId: id };
  if (kind === 'session' && id) return { sessionId: id };
  if (kind === 'artist' && id) return { artistId: id };
  return undefined;
}

/**
 * Listens for the announcements of every process on this database. Without a listener (LISTEN
 * refused) the cache still works, bounded by its TTL.
 */
export async function listenForSessionChanges(
  db: Database,
  log: FastifyBaseLogger,
): Promise<Listener | undefined> {
  try {
    return await listenForNotifications(db, SESSIONS_CHANNEL, {
      onNotify: (payload) => forgetSessions(changeOf(payload)),
      onError: (error) => {
        forgetSessions();
        log.warn({ err: error }, 'session change notifications interrupted');
      },
    });
  } catch (error) {
    log.warn({ err: error }, 'session change notifications unavailable; cached sessions expire in 5 s');
    return undefined;
  }
}
