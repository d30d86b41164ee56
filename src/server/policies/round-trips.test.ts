import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { forgetSessions } from '../services/auth/session-cache';
import { addStaff } from '../services/staff/manage-staff';
import { type SignedIn, signIn } from '../test/sign-in';
import {
  createTestContext,
  createTestDatabase,
  type TestContext,
  type TestDatabase,
} from '../test/test-context';

/** Every statement the app sends, counted: the same database, seen through a logging drizzle. */
class QueryCounter implements Logger {
  statements: string[] = [];
  logQuery(query: string): void {
    this.statements.push(query);
  }
}

function countingDatabase(database: TestDatabase, counter: QueryCounter): Database {
  const client = (database.db as { $client?: unknown }).$client;
  return (database.kind === 'postgres'
    ? drizzlePg(client as never, { schema, logger: counter })
    : drizzlePglite(client as never, { schema, logger: counter })) as unknown as Database;
}

describe('database round trips of a signed-in request', () => {
  let database: TestDatabase;
  let ctx: TestContext;
  const counter = new QueryCounter();
  let artist: SignedIn;
  let staff: SignedIn;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = countingDatabase(database, counter);
    ctx = await createTestContext({ database: { ...database, db } });
    await addStaff(db, 'staff@label.example');
    artist = await signIn(ctx.app, db, 'artist@example.com');
    staff = await signIn(ctx.app, db, 'staff@label.example');
  });
  afterAll(async () => {
    await ctx.close();
    await database.destroy();
  });

  async function statementsOf(url: string, who: SignedIn): Promise<string[]> {
    counter.statements = [];
    const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return counter.statements;
  }

  const readsSessions = (statement: string) => /from "sessions"/.test(statement);
  const readsArtists = (statement: string) => /from "artists"/.test(statement);

  it('resolves session, user, role and artist record in one query, then from memory', async () => {
    forgetSessions();
    const resolved = new Set<SignedIn>();
    for (const [url, who] of [
      ['/api/me', artist],
      ['/api/artist/profile', artist],
      ['/api/profile/submissions', artist],
      ['/api/contracts/current', artist],
      ['/api/board/items', staff],
    ] as const) {
      const statements = await statementsOf(url, who);
      // Once per process and few seconds (services/auth/session-cache.ts).
      expect(statements.filter(readsSessions), url).toHaveLength(resolved.has(who) ? 0 : 1);
      resolved.add(who);
      // The artist record came with the session: no route reads it a second time.
      expect(statements.filter(readsArtists), url).toEqual([]);
    }
  });

  it('answers the profile with the session: submission count and signed agreement read with it', async () => {
    // The artist record, the count and the agreement come with the session, not from queries of their own.
    forgetSessions();
    expect(await statementsOf('/api/artist/profile', artist)).toHaveLength(1);
    expect(await statementsOf('/api/artist/profile', artist)).toHaveLength(0);
    expect(await statementsOf('/api/me', artist)).toHaveLength(0);
  });

  it('reads app settings once per few seconds, and a change at once', async () => {
    await statementsOf('/api/config', artist);
    // Nothing: the session and submissionsEnabled come from the process's caches.
    expect(await statementsOf('/api/config', artist)).toHaveLength(0);
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/config/set',
      headers: staff.headers,
      payload: { submissionsEnabled: false },
    });
    expect(change.statusCode, change.body).toBe(200);
    const statements = await statementsOf('/api/config', artist);
    expect(statements).toHaveLength(1);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ submissionsEnabled: false });
  });
});
