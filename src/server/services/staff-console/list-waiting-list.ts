import { desc, sql } from 'drizzle-orm';
import type { StaffWaitingListEntry } from '../../../domain';
import type { Executor } from '../../db/client';
import { invitations, waitingListEntries } from '../../db/schema';

/** GET /api/waiting-list: every entry, newest first, with the newest invitation made from it. */
export async function listWaitingList(db: Executor): Promise<StaffWaitingListEntry[]> {
  // Drizzle writes a bare column name inside sql``, which the subquery would read as its own
  // table's; the outer row is named in full.
  const invitationId = sql<string | null>`(
    select ${invitations.id} from ${invitations}
    where ${invitations.waitingListEntryId} = "waiting_list_entries"."id"
    order by ${invitations.createdAt} desc limit 1
  )`;
  const rows = await db
    .select({ entry: waitingListEntries, invitationId })
    .from(waitingListEntries)
    .orderBy(desc(waitingListEntries.createdAt), desc(waitingListEntries.id));
  return rows.map(({ entry, invitationId }) => ({
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
}
