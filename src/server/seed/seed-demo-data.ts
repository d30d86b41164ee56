import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { artists, users } from '../db/schema';

export const demoAccounts = {
  artist: { email: 'artist@imprint.example', name: 'Maya Rivers', artistName: 'Maya Rivers' },
  staff: { email: 'staff@imprint.example', name: 'Sam Label' },
} as const;

/**
 * Demo data for a fresh installation (DEMO_DATA=true, the default). Every record is inserted only
 * if missing, so the seed runs at each start: a new release of Imprint adds its new demo records
 * to an existing data directory, and nothing an operator changed is overwritten.
 */
export async function seedDemoData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values([
        { email: demoAccounts.artist.email, role: 'artist', name: demoAccounts.artist.name },
        { email: demoAccounts.staff.email, role: 'staff', name: demoAccounts.staff.name },
      ])
      .onConflictDoNothing({ target: users.email });
    const [artistUser] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccounts.artist.email));
    await tx
      .insert(artists)
      .values({
        email: demoAccounts.artist.email,
        userId: artistUser?.id ?? null,
        name: demoAccounts.artist.name,
        artistName: demoAccounts.artist.artistName,
        nationality: 'British',
        country: 'United Kingdom',
        city: 'Manchester',
        biography:
          'Maya Rivers writes late-night electronic soul from a converted mill in Manchester: warm synths, live bass and close-miked vocals.',
        spotifyProfile: 'https://open.spotify.com/artist/0demoMayaRivers00000000',
        instagramProfile: 'https://instagram.com/mayarivers.music',
        website: 'https://mayarivers.example',
      })
      .onConflictDoNothing({ target: artists.email });
  });
}
