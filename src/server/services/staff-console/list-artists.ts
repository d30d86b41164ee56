import { and, asc, type SQL, sql } from 'drizzle-orm';
import type { StaffArtistListQuery, StaffArtistListRow, SubmissionStatus } from '../../../domain';
import type { Executor } from '../../db/client';
import { artists, signatureRequests, submissions } from '../../db/schema';
import { presentPicture } from '../artists/artist-picture';
import { cursorTimeOf, cutPage, firstPageTotal, keysetOrder } from '../pagination/keyset-page';
import { decodeListCursor, type ListScope } from '../pagination/list-cursor';
import type { LinkSigner } from '../uploads/present-upload';

/**
 * The name an artist is listed, sorted and found by, lower-cased: the artist name, else the
 * person's name, else the e-mail (the artist page's title). In the "C" collation, so that one
 * B-tree index (drizzle/0015_artist_list_indexes: `artists_list_name_idx`, the same expression)
 * serves both the A-to-Z order and a prefix search (`like 'abc%'`). The order is by code point:
 * letters with accents come after z.
 */
const nameKey = sql<string>`lower(coalesce(nullif(btrim(${artists.artistName}), ''), nullif(btrim(${artists.name}), ''), ${artists.email})) collate "C"`;
/** The e-mail, lower-cased, for a prefix search (`artists_list_email_idx`). */
const emailKey = sql<string>`lower(${artists.email}) collate "C"`;

/** A LIKE pattern matching what starts with `text`, its own % _ and \ taken literally. */
function startsWith(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchFilter(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = startsWith(text);
  return sql`(${nameKey} like ${pattern} or ${emailKey} like ${pattern})`;
}

/** A name key as a cursor carries it: any text (names are short; the query caps the cursor). */
function isNameKey(key: string): boolean {
  return key.length <= 2000;
}

/**
 * GET /api/artists: a page of every artist (or those whose listed name or e-mail
 * starts with the search, any case), newest or oldest first on artists (created_at, id), or by name
 * on (name key, id). One statement per page: each row's submission count, newest submission and
 * signed agreement are correlated subqueries through submissions (artist_id, created_at, id) and
 * signature_requests (artist_id, created_at), never a query per row. The total (of the search) is
 * counted with the first page only when it does not fit in it, and carried in the signed cursor.
 */
export async function readArtistListPage(
  deps: { db: Executor; cursorKey: Buffer; signer: LinkSigner },
  query: StaffArtistListQuery,
): Promise<{ artists: StaffArtistListRow[]; nextCursor: string | null; total: number }> {
  const q = query.q?.trim() || undefined;
  // The list sort 'name' is not one of the keyset's date orders; its scope still names it.
  const scope: ListScope = {
    list: 'artists',
    sort: query.sort === 'oldest' ? 'oldest' : 'newest',
    filters: { order: query.sort, q: q?.toLowerCase() },
  };
  const byName = query.sort === 'name';
  const cursor = query.cursor
    ? decodeListCursor(deps.cursorKey, scope, query.cursor, byName ? { isKey: isNameKey } : {})
    : undefined;

  let order: { where?: SQL | undefined; orderBy: SQL[] };
  if (byName) {
    const after = cursor?.after;
    order = {
      where: after ? sql`(${nameKey}, ${artists.id}) > (${after.createdAt}, ${after.id}::uuid)` : undefined,
      orderBy: [asc(nameKey), asc(artists.id)],
    };
  } else {
    order = keysetOrder(artists, query.sort === 'oldest' ? 'oldest' : 'newest', cursor?.after);
  }
  const search = searchFilter(q);

  // Drizzle writes the selected table's columns bare inside sql``, which a subquery would read as
  // its own table's; the outer row is named in full.
  const submissionCount = sql<number>`(
    select count(*)::int from ${submissions} where ${submissions.artistId} = "artists"."id"
  )`;
  const latestSubmission = sql<{ status: SubmissionStatus; createdAt: string } | null>`(
    select json_build_object('status', ${submissions.status}, 'createdAt', ${submissions.createdAt})
    from ${submissions} where ${submissions.artistId} = "artists"."id"
    order by ${submissions.createdAt} desc, ${submissions.id} desc limit 1
  )`;
  const hasSignedContract = sql<boolean>`exists (
    select 1 from ${signatureRequests}
    where ${signatureRequests.artistId} = "artists"."id" and ${signatureRequests.status} = 'signed'
      and ${signatureRequests.scheduleId} is null
  )`;

  const rows = await deps.db
    .select({
      id: artists.id,
      cursorTime: byName ? nameKey : cursorTimeOf(artists.createdAt),
      artistName: artists.artistName,
      name: artists.name,
      email: artists.email,
      picture: artists.picture,
      createdAt: artists.createdAt,
      submissionCount,
      latestSubmission,
      hasSignedContract,
    })
    .from(artists)
    .where(and(search, order.where))
    .orderBy(...order.orderBy)
    .limit(query.limit + 1);

  const total = await firstPageTotal(cursor?.totals[0], rows.length, query.limit, async () => {
    const [row] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(artists).where(search);
    return row?.n ?? 0;
  });
  const { page, nextCursor } = cutPage(deps.cursorKey, scope, rows, query.limit, [total]);
  const now = Date.now();
  return {
    artists: page.map((row) => ({
      artistId: row.id,
      name: row.artistName?.trim() || row.name?.trim() || row.email,
      email: row.email,
      picture: presentPicture(deps.signer, row.picture, now),
      createdAt: row.createdAt.toISOString(),
      submissionCount: row.submissionCount,
      latestSubmission: row.latestSubmission
        ? {
            status: row.latestSubmission.status,
            createdAt: new Date(row.latestSubmission.createdAt).toISOString(),
          }
        : null,
      hasSignedContract: row.hasSignedContract,
    })),
    nextCursor,
    total,
  };
}
