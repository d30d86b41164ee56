import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { submissionTracks } from '../../db/schema';
import { insertPlannedSubmission, insertTestArtist } from '../../test/planned-submissions';
import { signIn, signInStaff } from '../../test/sign-in';
import { createTestContext } from '../../test/test-context';

describe('the e2e hook that copies a submission (IMPRINT_TEST_HOOKS)', () => {
  it('makes copies with their own titles, older each, sharing the tracks, for staff only', async () => {
    const hooked = await createTestContext({ env: { IMPRINT_TEST_HOOKS: '1' } });
    try {
      const db = hooked.database.db;
      const member = await signInStaff(hooked.app, db, 'rita@label.example', 'Rita Reviewer');
      const artist = await signIn(hooked.app, db, 'maya@example.com');
      const artistId = await insertTestArtist(db, 'maya@example.com');
      const itemId = await insertPlannedSubmission(db, {
        artistId,
        email: 'maya@example.com',
        releaseTitle: 'Harbour Copies',
        releaseDate: '2027-06-30',
      });
      const copy = (cookie: string, payload: Record<string, unknown>) =>
        hooked.app.inject({
          method: 'POST',
          url: '/api/test-hooks/board/copies',
          headers: { origin: hooked.config.publicUrl, cookie },
          payload,
        });
      expect((await copy(artist.cookie, { itemId, copies: 2 })).statusCode).toBe(403);
      expect((await copy(member.cookie, { itemId, copies: 0 })).statusCode).toBe(400);
      const made = await copy(member.cookie, { itemId, copies: 3 });
      expect(made.statusCode, made.body).toBe(200);
      const { itemIds } = made.json() as { itemIds: string[] };
      expect(itemIds).toHaveLength(3);

      const board = await hooked.app.inject({
        method: 'GET',
        url: '/api/board/items?q=Harbour%20Copies&sort=newest',
        headers: { cookie: member.cookie },
      });
      expect(board.statusCode, board.body).toBe(200);
      const { items } = board.json() as { items: { itemId: string; releaseTitle: string; status: string }[] };
      expect(items.map((item) => item.releaseTitle)).toEqual([
        'Harbour Copies',
        'Harbour Copies 1',
        'Harbour Copies 2',
        'Harbour Copies 3',
      ]);
      expect(items.every((item) => item.status === 'pending')).toBe(true);
      const tracks = await db
        .select({ title: submissionTracks.title })
        .from(submissionTracks)
        .where(eq(submissionTracks.submissionId, itemIds[2] ?? ''));
      expect(tracks).toEqual([{ title: 'Low Tide' }]);
    } finally {
      await hooked.close();
    }
  });
});
