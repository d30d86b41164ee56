import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type BoardListResponse, boardListResponseSchema, type SubmissionStatus } from '../../domain';
import { artists, type submissions } from '../db/schema';
import { addStaff } from '../services/staff/manage-staff';
import { type SignedIn, signIn } from './sign-in';
import { createTestContext, type TestContext } from './test-context';

/** The board's tests: an app with a staff member and an artist signed in, and the board as staff read it. */
export interface BoardFixture {
  ctx: TestContext;
  staff: SignedIn;
  artist: SignedIn;
  /** The signed-in artist's record, which the tests' submissions belong to. */
  artistId: string;
  /** GET /api/board/items?<query> as staff: 200, parsed with the answer's schema. */
  page(query: string): Promise<BoardListResponse>;
}

/** A fresh app for a board test; `name` keeps its addresses apart from other files'. */
export async function startBoardFixture(name: string): Promise<BoardFixture> {
  const ctx = await createTestContext();
  const db = ctx.database.db;
  await addStaff(db, `${name}@label.example`);
  const staff = await signIn(ctx.app, db, `${name}@label.example`);
  const artist = await signIn(ctx.app, db, `artist-${name}@example.com`);
  const [record] = await db.select({ id: artists.id }).from(artists).where(eq(artists.userId, artist.userId));
  if (!record) throw new Error('the artist sign-in made no artist record');
  return {
    ctx,
    staff,
    artist,
    artistId: record.id,
    async page(query) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/board/items?${query}`,
        headers: { cookie: staff.cookie },
      });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      return boardListResponseSchema.parse(response.json());
    },
  };
}

/**
 * A submission row written straight into the table, for the board's tests at volume (hundreds or
 * thousands at once): what every one needs, and the fields a test varies.
 */
export function boardSubmissionRow(
  artistId: string,
  fields: {
    status: SubmissionStatus;
    uploadSessionId: string;
    itemName: string;
    releaseTitle: string;
    releaseType: string;
    primaryGenre: string;
    artistDetails: Record<string, string>;
    createdAt: Date;
    releaseDate?: string;
    statusChangedAt?: Date;
  },
): typeof submissions.$inferInsert {
  return {
    artistId,
    uploadType: 'new-music',
    releaseStrategy: 'together',
    subGenre: 'None of the above',
    formData: {},
    additionalData: {},
    ...fields,
  };
}
