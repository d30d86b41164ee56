import { and, eq, isNull } from 'drizzle-orm';
import type { SessionUser } from '../../../domain';
import type { Executor } from '../../db/client';
import { artists } from '../../db/schema';
import { announceSessionChange } from '../auth/session-cache';
import { type ArtistRow, findArtistOfUser } from './find-artist-of-user';

/**
 * The artist record of an artist account, made when a change needs it. Sign-in links or creates
 * it, but an account can still be without one (a row removed by hand): the routes that write (a
 * profile save, a new agreement request) make it from the account, and reads answer as for an
 * artist with nothing yet (policies/artists.ts). Two first writes may race; `on conflict do
 * nothing` over every unique key lets one insert win, and the other finds that row, or links the
 * row an earlier anonymous submission made with this address.
 */
export async function findOrCreateArtist(db: Executor, user: SessionUser): Promise<ArtistRow> {
  const own = await findArtistOfUser(db, user.userId);
  if (own) return own;
  const email = user.email.trim().toLowerCase();
  await db
    .insert(artists)
    .values({ email, userId: user.userId, name: user.name?.trim() || null })
    .onConflictDoNothing();
  const created = await findArtistOfUser(db, user.userId);
  // The account's sessions carry its artist record (auth/session-cache.ts): now there is one.
  await announceSessionChange(db, { userId: user.userId });
  if (created) return created;
  await db
    .update(artists)
    .set({ userId: user.userId, updatedAt: new Date() })
    .where(and(eq(artists.email, email), isNull(artists.userId)));
  const linked = await findArtistOfUser(db, user.userId);
  // Only possible if this address's artist row belongs to another account: never for real data.
  if (!linked) throw new Error(`No artist row could be linked to user ${user.userId}`);
  return linked;
}
