import { inArray, sql } from 'drizzle-orm';
import {
  BOARD_EXPORT_COLUMNS,
  type BoardExportQuery,
  type BoardExportSubmission,
  type BoardExportTrack,
  CSV_BYTE_ORDER_MARK,
  type DeliveryState,
  formatCsvLine,
  listBoardExportRows,
  MAX_PAGE_SIZE,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { submissions } from '../../db/schema';
import type { PromiseClock } from '../response-promise/promise-settings';
import type { LinkSigner } from '../uploads/present-upload';
import { readBoardPage } from './read-board-page';

/**
 * GET /api/board/export.csv: the board's view as a CSV file, one line per track. The matches are
 * found and ordered by the board itself (readBoardPage, a page of its largest size at a time,
 * following its keyset cursor), so the file holds what the board shows, in its order, with no
 * filter written twice; each page's tracks, credits, audio files and UPCs are then read in one
 * statement. The file is made a page at a time as the answer is sent, never whole in memory.
 */

export interface BoardExportDeps {
  db: Executor;
  cursorKey: Buffer;
  /** readBoardPage signs each row's preview link; the file leaves them out. */
  signer: LinkSigner;
  promise: PromiseClock;
  labelName: string;
}

/** What the page's statement reads of one track: the columns of BoardExportTrack. */
type TrackJson = Omit<BoardExportTrack, 'durationSeconds'> & { durationSeconds: unknown };

// The raw SQL names the outer row "submissions"."id" (read-submissions.ts says why).
const exportTracks = sql.raw(
  `(select coalesce(json_agg(json_build_object(
      'position', t.position, 'title', t.title, 'isrc', t.isrc, 'soloWork', t.solo_work,
      'hasLyrics', coalesce(t.lyrics ~ '\\S', false), 'productionYear', t.production_year,
      'parentalAdvisory', t.parental_advisory,
      'audioFileName', u.original_name, 'durationSeconds', u.media->'durationSeconds',
      'contributors', (select coalesce(json_agg(json_build_object('firstName', k.first_name,
          'surname', k.surname, 'roles', k.roles, 'isFeatured', k.is_featured,
          'isPrimaryArtist', k.is_primary_artist) order by k.position), '[]'::json)
        from track_contributors k where k.track_id = t.id)
    ) order by t.position), '[]'::json)
    from submission_tracks t left join uploads u on u.id = t.audio_upload_id
    where t.submission_id = "submissions"."id")`,
);

// By the submission's key, as the board's rows read it: joined, the planner hashed the whole table.
const exportDelivery = sql.raw(
  `(select json_build_object('icpn', d.icpn, 'state', d.state) from release_deliveries d
    where d.submission_id = "submissions"."id")`,
);

/** The submissions of one page of the board, with what the file says of them, in the page's order. */
async function readExportSubmissions(
  db: Executor,
  ids: string[],
  labelName: string,
): Promise<BoardExportSubmission[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: submissions.id,
      releaseTitle: submissions.releaseTitle,
      artistName: sql<string | null>`${submissions.artistDetails}->>'artistName'`,
      releaseType: submissions.releaseType,
      primaryGenre: submissions.primaryGenre,
      subGenre: submissions.subGenre,
      releaseDate: submissions.releaseDate,
      status: submissions.status,
      delivery: sql<{ icpn: string | null; state: DeliveryState | null } | null>`${exportDelivery}`,
      tracks: sql<TrackJson[]>`${exportTracks}`,
    })
    .from(submissions)
    .where(inArray(submissions.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A submission deleted since the page was read is left out.
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        submissionId: row.id,
        icpn: row.delivery?.icpn ?? null,
        releaseTitle: row.releaseTitle,
        artistName: row.artistName ?? '',
        releaseType: row.releaseType,
        labelName,
        primaryGenre: row.primaryGenre,
        subGenre: row.subGenre,
        releaseDate: row.releaseDate,
        status: row.status,
        deliveryState: row.delivery?.state ?? null,
        tracks: row.tracks.map((track) => ({
          ...track,
          // The content check's measure (uploads.media); absent until it has run.
          durationSeconds: typeof track.durationSeconds === 'number' ? track.durationSeconds : null,
        })),
      },
    ];
  });
}

/**
 * The file's text, a chunk per page of the board: the byte order mark and the header first. The
 * first page is read before this returns, so a view the board refuses is an error answer rather
 * than a file broken off after its header; a failure later ends the transfer (the file is short,
 * and the browser says the download failed).
 */
export async function openBoardExport(
  deps: BoardExportDeps,
  view: BoardExportQuery,
  now = Date.now(),
  // The board's largest page; the tests page through a few rows at a time.
  { pageSize = MAX_PAGE_SIZE }: { pageSize?: number } = {},
): Promise<AsyncGenerator<string>> {
  const pageAt = (cursor: string | undefined) =>
    readBoardPage(deps, { ...view, limit: pageSize, cursor }, now);
  const first = await pageAt(undefined);
  return (async function* lines() {
    yield `${CSV_BYTE_ORDER_MARK}${formatCsvLine(BOARD_EXPORT_COLUMNS)}`;
    let page = first;
    for (;;) {
      const rows = await readExportSubmissions(
        deps.db,
        page.items.map((item) => item.itemId),
        deps.labelName,
      );
      const text = rows.flatMap(listBoardExportRows).map(formatCsvLine).join('');
      if (text) yield text;
      if (!page.nextCursor) return;
      page = await pageAt(page.nextCursor);
    }
  })();
}
