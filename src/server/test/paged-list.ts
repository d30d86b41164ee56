import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import type { SignedIn } from './sign-in';

/**
 * What the tests of a paged list share: following its cursors to the end, breaking a
 * cursor, checking its refusals and reading the plan of its page query.
 */

export function getAs(app: FastifyInstance, as: SignedIn | null, url: string) {
  return app.inject({ method: 'GET', url, headers: as ? { cookie: as.cookie } : {} });
}

/**
 * Follows nextCursor from the first page to the last; every page must answer 200, and the ids
 * (`idsOf` the answer) come back in the order given, with every total seen.
 */
export async function pageThrough(
  app: FastifyInstance,
  as: SignedIn,
  path: string,
  query: string,
  idsOf: (body: unknown) => string[],
): Promise<{ ids: string[]; totals: number[]; pages: number }> {
  const ids: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  let pages = 0;
  do {
    const parts = [query, cursor ? `cursor=${cursor}` : ''].filter(Boolean).join('&');
    const response = await getAs(app, as, `${path}${parts ? `?${parts}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { nextCursor: string | null; total: number };
    ids.push(...idsOf(body));
    totals.add(body.total);
    cursor = body.nextCursor;
    pages++;
  } while (cursor && pages < 200);
  return { ids, totals: [...totals], pages };
}

/** Each query answers 400 with its message. */
export async function expectRefusals(
  app: FastifyInstance,
  as: SignedIn,
  path: string,
  refusals: [query: string, message: string][],
): Promise<void> {
  for (const [query, message] of refusals) {
    const response = await getAs(app, as, `${path}?${query}`);
    expect(response.statusCode, query).toBe(400);
    expect(response.json(), query).toMatchObject({ success: false, error: message });
  }
}

/** The cursor with one character of its payload changed. */
export function tamper(cursor: string): string {
  const i = 5;
  const swapped = cursor[i] === 'A' ? 'B' : 'A';
  return `${cursor.slice(0, i)}${swapped}${cursor.slice(i + 1)}`;
}

/**
 * `count` times a second apart from `base`, every fifth equal to the one before, so a list must
 * break ties by id to page without gaps or repeats.
 */
export function seededTimes(count: number, base = Date.UTC(2020, 0, 1)): Date[] {
  return Array.from({ length: count }, (_, n) => new Date(base + (n - Math.floor(n / 5)) * 1000));
}

/** The plan PostgreSQL would use for a query, as text. */
export async function explain(db: Database, query: SQL | string): Promise<string> {
  const statement = typeof query === 'string' ? sql.raw(query) : query;
  const result = await db.execute(sql`explain ${statement}`);
  const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
  return rows.map((row) => Object.values(row)[0]).join('\n');
}
