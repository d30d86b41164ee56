import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ListSort } from '../../../domain';
import { type CursorPosition, encodeListCursor, type ListScope } from './list-cursor';

/**
 * The keyset order every paged list shares: (created_at, id), newest or oldest first,
 * ties broken by id, read through an index on those columns (after any equality filter).
 */
export interface KeysetColumns {
  createdAt: PgColumn;
  id: PgColumn;
}

/** createdAt as the cursor keeps it: the database's text, every microsecond. */
export function cursorTimeOf(createdAt: PgColumn) {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The page's place in the order: after the cursor's row, newest or oldest first, ties by id. */
export function keysetOrder(
  columns: KeysetColumns,
  sort: ListSort,
  after: CursorPosition | undefined,
): { where?: SQL; orderBy: SQL[] } {
  const direction = sort === 'newest' ? desc : asc;
  const orderBy = [direction(columns.createdAt), direction(columns.id)];
  if (!after) return { orderBy };
  const where =
    sort === 'newest'
      ? sql`(${columns.createdAt}, ${columns.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql`(${columns.createdAt}, ${columns.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`;
  return { where, orderBy };
}

/**
 * The page and the next page's cursor, from `limit + 1` rows read in the keyset order: one row
 * more than asked tells whether another page follows.
 */
export function cutPage<T extends { id: string; cursorTime: string }>(
  key: Buffer,
  scope: ListScope,
  rows: T[],
  limit: number,
  totals: number[],
  /** The last row's leading sort value, for an order that leads with another column than its time. */
  leadOf?: (last: T) => string | undefined,
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const lead = last && leadOf ? leadOf(last) : undefined;
  const nextCursor =
    rows.length > limit && last
      ? encodeListCursor(key, scope, {
          after: { createdAt: last.cursorTime, id: last.id },
          totals,
          ...(lead === undefined ? {} : { lead }),
        })
      : null;
  return { page, nextCursor };
}

/**
 * The total of a list whose first page was just read: carried by the cursor on later pages, the
 * page's own length when it is the whole list, else counted once (`count`).
 */
export async function firstPageTotal(
  carried: number | undefined,
  rowsRead: number,
  limit: number,
  count: () => Promise<number>,
): Promise<number> {
  if (carried !== undefined) return carried;
  return rowsRead <= limit ? rowsRead : count();
}
