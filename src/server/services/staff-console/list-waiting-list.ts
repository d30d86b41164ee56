import { sql } from 'drizzle-orm';
import type { StaffWaitingListEntry, StaffWaitingListQuery } from '../../../domain';
import type { Executor } from '../../db/client';
import { invitations, waitingListEntries } from '../../db/schema';
import { cursorTimeOf, cutPage, firstPageTotal, keysetOrder } from '../pagination/keyset-page';
import { decodeListCursor, type ListScope } from '../pagination/list-cursor';

/**
 * GET /api/waiting-list: a page of the entries, newest first unless asked otherwise, each with the
 * newest invitation made from it. One statement on the (created_at, id) index; the invitation is a
 * subquery through invitations (waiting_list_entry_id, created_at). The total is counted with the
 * first page only when the list does not fit in it, and carried in the signed cursor after that.
 */
export async function readWaitingListPage(
  deps: { db: Executor; cursorKey: Buffer },
  query: StaffWaitingListQuery,
): Promise<{ entries: StaffWaitingListEntry[]; nextCursor: string | null; total: number }> {
  const scope: ListScope = { list: 'waiting-list', sort: query.sort, filters: {} };
  const cursor = query.cursor ? decodeListCursor(deps.cursorKey, scope, query.cursor) : undefined;
  const { where, orderBy } = keysetOrder(waitingListEntries, query.sort, cursor?.after);
  // Drizzle writes a bare column name inside sql``, which the subquery would read as its own
  // table's; the outer row is named in full.
  const invitationId = sql<string | null>`(
    select ${invitations.id} from ${invitations}
    where ${invitations.waitingListEntryId} = "waiting_list_entries"."id"
    order by ${invitations.createdAt} desc limit 1
  )`;
  const rows = await deps.db
    .select({
      entry: waitingListEntries,
      invitationId,
      id: waitingListEntries.id,
      cursorTime: cursorTimeOf(waitingListEntries.createdAt),
    })
    .from(waitingListEntries)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const total = await firstPageTotal(cursor?.totals[0], rows.length, query.limit, async () => {
    const [row] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(waitingListEntries);
    return row?.n ?? 0;
  });
  const { page, nextCursor } = cutPage(deps.cursorKey, scope, rows, query.limit, [total]);
  const entries = page.map(({ entry, invitationId }) => ({
    id: entry.id,
    firstName: entry.firstName,
    surname: entry.surname,
    artistName: entry.artistName,
    email: entry.email,
    phone: entry.phone,
    country: entry.country,
    city: entry.city,
    instagramProfile: entry.instagramProfile,
    tiktokProfile: entry.tiktokProfile,
    spotifyProfile: entry.spotifyProfile,
    listenLink: entry.listenLink,
    projectDescription: entry.projectDescription,
    createdAt: entry.createdAt.toISOString(),
    invitationId: invitationId ?? null,
  }));
  return { entries, nextCursor, total };
}
