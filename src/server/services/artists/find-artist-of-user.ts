import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { artists } from '../../db/schema';

export type ArtistRow = typeof artists.$inferSelect;

/** The artist record of an account, if it has one: read only. */
export async function findArtistOfUser(db: Executor, userId: string): Promise<ArtistRow | undefined> {
  const [row] = await db.select().from(artists).where(eq(artists.userId, userId));
  return row;
}
