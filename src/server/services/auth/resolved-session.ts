import type { SessionUser } from '../../../domain';
import type { artists } from '../../db/schema';

/** A signed-in request's session as sessions.ts resolves it and session-cache.ts keeps it. */
export interface ResolvedSession {
  sessionId: string;
  user: SessionUser;
  /**
   * The account's artist record as it was when the request began (null for staff, and for an
   * artist account that has none yet): the artist area's routes read it from here
   * (policies/artists.ts) rather than asking the database a second time.
   */
  artist: typeof artists.$inferSelect | null;
  /**
   * What the artist's profile shows besides the record (null without one): how many submissions
   * are theirs and their latest signed agreement. Read with the session, so the artist area's pages
   * ask the database nothing more for them; the database announces any change to them (triggers of
   * drizzle/0019_artist_facts_announced), which forgets the sessions that hold them.
   */
  artistFacts: ArtistFacts | null;
}

export interface ArtistFacts {
  submissionCount: number;
  signedAgreementId: string | null;
}
