import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists, users } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../test/test-context';
import { demoAccounts, seedDemoData } from './seed-demo-data';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

describe('seedDemoData', () => {
  it('adds one artist and one staff member, and is idempotent', async () => {
    await seedDemoData(database.db);
    await seedDemoData(database.db);
    const people = await database.db.select().from(users);
    expect(people.map((u) => [u.email, u.role]).sort()).toEqual([
      [demoAccounts.artist.email, 'artist'],
      [demoAccounts.staff.email, 'staff'],
    ]);
    const [artist, ...others] = await database.db.select().from(artists);
    expect(others).toHaveLength(0);
    expect(artist).toMatchObject({ email: demoAccounts.artist.email, artistName: 'Maya Rivers' });
    expect(artist?.userId).toBe(people.find((u) => u.role === 'artist')?.id);
  });
});
