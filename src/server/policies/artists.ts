import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../domain';
import type { Executor } from '../db/client';
import { artists } from '../db/schema';
import { forbidden } from '../errors';
import { requireUser } from './authentication';

export type ArtistRow = typeof artists.$inferSelect;

/** Staff review artists' work on the board; the artist area is the artist's own. */
export const ARTISTS_ONLY = 'This area is for artists. Staff review submissions on the board.';

async function findArtistOf(db: Executor, userId: string): Promise<ArtistRow | undefined> {
  const [row] = await db.select().from(artists).where(eq(artists.userId, userId));
  return row;
}

/**
 * The artist row of an artist user. Sign-in links or creates it, but an account can still be
 * without one (a staff member demoted to artist, a row removed by hand): it is made here from the
 * account. Two first requests may race; `on conflict do nothing` over every unique key lets one
 * insert win, and the other finds that row, or links the row an earlier anonymous submission made
 * with this address.
 */
export async function findOrCreateArtist(db: Executor, user: SessionUser): Promise<ArtistRow> {
  const own = await findArtistOf(db, user.userId);
  if (own) return own;
  const email = user.email.trim().toLowerCase();
  await db
    .insert(artists)
    .values({ email, userId: user.userId, name: user.name?.trim() || null })
    .onConflictDoNothing();
  const created = await findArtistOf(db, user.userId);
  if (created) return created;
  await db
    .update(artists)
    .set({ userId: user.userId, updatedAt: new Date() })
    .where(and(eq(artists.email, email), isNull(artists.userId)));
  const linked = await findArtistOf(db, user.userId);
  // Only possible if this address's artist row belongs to another account: never for real data.
  if (!linked) throw new Error(`No artist row could be linked to user ${user.userId}`);
  return linked;
}

/** The signed-in artist's own artist row: 401 for visitors, 403 for staff. */
export async function requireArtist(request: FastifyRequest, db: Executor): Promise<ArtistRow> {
  const user = requireUser(request);
  if (user.role !== 'artist') throw forbidden(ARTISTS_ONLY);
  return findOrCreateArtist(db, user);
}
