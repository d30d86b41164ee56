import { and, eq, sql } from 'drizzle-orm';
import {
  type ArtistSubmissionsQuery,
  type AudioWaveform,
  type BoardItemDetail,
  type BoardItemSummary,
  isRecordId,
  type ListSort,
  type StaffArtistSubmissionsQuery,
  SUBMISSION_NOT_FOUND,
  type Submission,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { withGenericPlan } from '../../db/plan-hints';
import { submissions } from '../../db/schema';
import { notFound } from '../../errors';
import {
  type ArtistDecisionRow,
  DECISION_EVENT_CONDITION,
  DECISION_FIELDS,
  presentArtistDecision,
} from '../feedback-ratings/artist-decisions';
import { cursorTimeOf, cutPage, firstPageTotal, keysetOrder } from '../pagination/keyset-page';
import { decodeListCursor, type ListScope } from '../pagination/list-cursor';
import type { PromiseClock } from '../response-promise/promise-settings';
import type { LinkSigner } from '../uploads/present-upload';
import { type ArtistSubmissionRow, presentArtistSubmission } from './present-artist-submission';
import {
  type BoardItemRow,
  type ContributorJson,
  presentBoardItem,
  presentSummary,
  type SplitJson,
  type SubmissionSummaryRow,
} from './present-board-item';

/**
 * Reading submissions: as their artist sees them, as staff see them, and the list rows
 * of each. Every read is one statement: the submission row with its children aggregated as JSON
 * by correlated subqueries (each through the child table's index on the submission), so a page of
 * any size is one round trip. Presentation (signed links) stays in present-*.ts.
 *
 * The raw SQL below names the outer row "submissions"."id": Drizzle writes a bare column name
 * inside sql``, which a subquery would read as its own table's.
 */

const coalesceArray = (aggregate: string) => `coalesce(${aggregate}, '[]'::json)`;

/** An upload as a signed file needs it, or null. */
const uploadJson = (idColumn: string) =>
  `(select json_build_object('id', u.id, 'originalName', u.original_name, 'originalSize', u.original_size, 'media', u.media) from uploads u where u.id = ${idColumn})`;

const splitJson = `json_build_object('id', m.id, 'trackId', m.track_id, 'catalogueItemId', m.catalogue_item_id,
  'contributorClientId', m.contributor_client_id, 'firstName', m.first_name, 'lastName', m.last_name,
  'email', m.email, 'percentage', m.percentage)`;

/** createdAt as the cursor keeps it: the database's text, every microsecond. */
export const createdAtText = cursorTimeOf(submissions.createdAt);

// --- The artist's view ------------------------------------------------------------------------

const artistTracks = sql.raw(
  `(select ${coalesceArray(
    `json_agg(json_build_object('title', t.title, 'audioUploadId', t.audio_upload_id,
    'artworkUploadId', t.artwork_upload_id) order by t.position)`,
  )} from submission_tracks t where t.submission_id = "submissions"."id")`,
);

// Splits found through the submission's index, then narrowed to the item.
const artistCatalogueItems = sql.raw(
  `(select ${coalesceArray(
    `json_agg(json_build_object('clientId', c.client_id, 'type', c.type, 'title', c.title,
    'artist', c.artist, 'image', c.image, 'spotifyUrl', c.spotify_url, 'releaseDate', c.release_date,
    'details', c.details,
    'splits', (select ${coalesceArray(`json_agg(${splitJson} order by m.position)`)} from master_splits m
      where m.submission_id = c.submission_id and m.catalogue_item_id = c.id)
  ) order by c.position)`,
  )} from catalogue_items c where c.submission_id = "submissions"."id")`,
);

const artistColumns = {
  id: submissions.id,
  releaseTitle: submissions.releaseTitle,
  releaseType: submissions.releaseType,
  releaseDate: submissions.releaseDate,
  status: submissions.status,
  uploadType: submissions.uploadType,
  artworkUploadId: submissions.artworkUploadId,
  createdAt: submissions.createdAt,
  cursorTime: createdAtText,
  tracks: sql<ArtistSubmissionRow['tracks']>`${artistTracks}`,
  catalogueItems: sql<ArtistSubmissionRow['catalogueItems']>`${artistCatalogueItems}`,
};

// The decisions the artist received (approved, declined, changes requested), oldest first, each
// with the artist's rating of its feedback: the submission's page only, never the list.
const artistDecisions = sql.raw(
  `(select ${coalesceArray(
    `json_agg(json_build_object('id', e.id, 'toStatus', e.to_status, 'message', e.message,
    'fields', ${DECISION_FIELDS}, 'createdAt', e.created_at,
    'rating', (select json_build_object('stars', r.rating, 'comment', r.comment, 'ratedAt', r.updated_at)
      from decision_ratings r where r.decision_id = e.id)
  ) order by e.created_at, e.id)`,
  )} from submission_events e where e.submission_id = "submissions"."id" and ${DECISION_EVENT_CONDITION})`,
);

/**
 * GET /api/profile/submissions/{itemId}: one of the artist's own submissions, with its decisions.
 * Unknown, malformed and other artists' ids all answer the same 404: an artist cannot learn that
 * another's exists. `decisionsNow` is the clock of the decisions' rating window (the test clock).
 */
export async function readArtistSubmission(
  deps: { db: Executor; signer: LinkSigner },
  artistId: string,
  itemId: string,
  now = Date.now(),
  decisionsNow = new Date(now),
): Promise<Submission> {
  if (!isRecordId(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const [row] = await deps.db
    .select({ ...artistColumns, decisions: sql<ArtistDecisionRow[]>`${artistDecisions}` })
    .from(submissions)
    .where(withGenericPlan(and(eq(submissions.id, itemId), eq(submissions.artistId, artistId))));
  if (!row) throw notFound(SUBMISSION_NOT_FOUND);
  return {
    ...presentArtistSubmission(deps.signer, row, now),
    decisions: row.decisions.map((decision) => presentArtistDecision(decision, decisionsNow)),
  };
}

// --- Keyset pages -----------------------------------------------------------------------------

const keyset = (sort: ListSort, after: Parameters<typeof keysetOrder>[2]) =>
  keysetOrder(submissions, sort, after);

/** One artist's submissions, counted on their (artist_id, created_at, id) index. */
async function countArtistSubmissions(db: Executor, artistId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(withGenericPlan(eq(submissions.artistId, artistId)));
  return row?.n ?? 0;
}

/**
 * GET /api/profile/submissions: a page of the artist's own submissions, one statement on the
 * artist's (artist_id, created_at, id) index, whatever the artist (planned once: withGenericPlan).
 * The total is counted on the first page only, and only when it does not fit in it; later pages
 * carry it in their (signed) cursor. An account without an artist row has none; a cursor is still
 * checked, so a foreign one is refused.
 */
export async function readArtistSubmissionsPage(
  deps: { db: Executor; signer: LinkSigner; cursorKey: Buffer },
  artistId: string | undefined,
  query: ArtistSubmissionsQuery,
  now = Date.now(),
): Promise<{ submissions: Submission[]; nextCursor: string | null; total: number }> {
  const scope: ListScope = {
    list: 'artist-submissions',
    sort: query.sort,
    filters: { artist: artistId ?? '' },
  };
  const cursor = query.cursor ? decodeListCursor(deps.cursorKey, scope, query.cursor) : undefined;
  if (!artistId) return { submissions: [], nextCursor: null, total: 0 };
  const { where, orderBy } = keyset(query.sort, cursor?.after);
  const rows = await deps.db
    .select(artistColumns)
    .from(submissions)
    .where(withGenericPlan(and(eq(submissions.artistId, artistId), where)))
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const total = await firstPageTotal(cursor?.totals[0], rows.length, query.limit, () =>
    countArtistSubmissions(deps.db, artistId),
  );
  const { page, nextCursor } = cutPage(deps.cursorKey, scope, rows, query.limit, [total]);
  return {
    submissions: page.map((row) => presentArtistSubmission(deps.signer, row, now)),
    nextCursor,
    total,
  };
}

// --- The staff view ---------------------------------------------------------------------------

/** A submission as a list row (the board, the staff artist page): its columns and counts. */
export const summaryColumns = {
  id: submissions.id,
  status: submissions.status,
  itemName: submissions.itemName,
  artistName: sql<string | null>`${submissions.artistDetails}->>'artistName'`,
  releaseTitle: submissions.releaseTitle,
  uploadType: submissions.uploadType,
  releaseType: submissions.releaseType,
  releaseDate: submissions.releaseDate,
  createdAt: submissions.createdAt,
  returnedToPendingAt: submissions.returnedToPendingAt,
  trackCount: sql<number>`${sql.raw(`(select count(*)::int from submission_tracks t where t.submission_id = "submissions"."id")`)}`,
  catalogueItemCount: sql<number>`${sql.raw(`(select count(*)::int from catalogue_items c where c.submission_id = "submissions"."id")`)}`,
} satisfies Record<keyof SubmissionSummaryRow, unknown>;

/**
 * GET /api/artists/{artistId}/submissions: a page of one artist's submissions as the board
 * summarises them (the staff artist page), one statement on the artist's (artist_id, created_at,
 * id) index. The total is counted with the first page only when it does not fit in it, and carried
 * in the cursor after that, like the artist's own list. The caller has checked the artist exists.
 */
export async function readStaffArtistSubmissionsPage(
  deps: { db: Executor; cursorKey: Buffer },
  artistId: string,
  query: StaffArtistSubmissionsQuery,
): Promise<{ items: BoardItemSummary[]; nextCursor: string | null; total: number }> {
  const scope: ListScope = {
    list: 'staff-artist-submissions',
    sort: query.sort,
    filters: { artist: artistId },
  };
  const cursor = query.cursor ? decodeListCursor(deps.cursorKey, scope, query.cursor) : undefined;
  const { where, orderBy } = keyset(query.sort, cursor?.after);
  const rows = await deps.db
    .select({ ...summaryColumns, cursorTime: createdAtText })
    .from(submissions)
    .where(withGenericPlan(and(eq(submissions.artistId, artistId), where)))
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const total = await firstPageTotal(cursor?.totals[0], rows.length, query.limit, () =>
    countArtistSubmissions(deps.db, artistId),
  );
  const { page, nextCursor } = cutPage(deps.cursorKey, scope, rows, query.limit, [total]);
  return { items: page.map((row) => presentSummary(row)), nextCursor, total };
}

const boardTracks = sql.raw(
  `(select ${coalesceArray(
    `json_agg(json_build_object('id', t.id, 'position', t.position, 'title', t.title,
    'audio', ${uploadJson('t.audio_upload_id')}, 'customArtwork', ${uploadJson('t.artwork_upload_id')},
    'releaseAsSingle', t.release_as_single, 'singleReleaseDate', t.single_release_date,
    'singleOrder', t.single_order, 'groupedWithFinalSingle', t.grouped_with_final_single,
    'soloWork', t.solo_work, 'productionYear', t.production_year,
    'parentalAdvisory', t.parental_advisory, 'lyrics', t.lyrics, 'isrc', t.isrc,
    'waveform', (select u.audio_waveform from uploads u where u.id = t.audio_upload_id),
    'loudness', (select json_build_object('status', l.status, 'reason', l.reason, 'sha256', l.sha256,
      'integratedLufs', l.integrated_lufs, 'truePeakDbtp', l.true_peak_dbtp,
      'samplePeakDbfs', l.sample_peak_dbfs, 'clippedSamples', l.clipped_samples,
      'leadingSilenceSeconds', l.leading_silence_seconds,
      'trailingSilenceSeconds', l.trailing_silence_seconds, 'durationSeconds', l.duration_seconds,
      'sampleRate', l.sample_rate, 'bitDepth', l.bit_depth, 'channels', l.channels,
      'complete', l.complete, 'measuredAt', l.measured_at)
      from track_loudness l where l.track_id = t.id and l.upload_id = t.audio_upload_id),
    'contributors', (select ${coalesceArray(
      `json_agg(json_build_object('clientId', k.client_id, 'kind', k.kind, 'firstName', k.first_name,
        'surname', k.surname, 'email', k.email, 'roles', k.roles, 'isPrimaryArtist', k.is_primary_artist,
        'spotifyUrl', k.spotify_url) order by k.position)`,
    )} from track_contributors k where k.track_id = t.id),
    'clips', (select ${coalesceArray(
      `json_agg(json_build_object('startTime', c.start_time, 'endTime', c.end_time,
        'description', c.description, 'status', c.status, 'file', ${uploadJson('c.clip_upload_id')})
        order by c.position)`,
    )} from social_clips c where c.track_id = t.id)
  ) order by t.position)`,
  )} from submission_tracks t where t.submission_id = "submissions"."id")`,
);

const boardSplits = sql.raw(
  `(select ${coalesceArray(
    `json_agg(${splitJson} order by m.position)`,
  )} from master_splits m where m.submission_id = "submissions"."id")`,
);

const boardCatalogueItems = sql.raw(
  `(select ${coalesceArray(
    `json_agg(json_build_object('id', c.id, 'type', c.type, 'title', c.title, 'artist', c.artist,
    'image', c.image, 'spotifyUrl', c.spotify_url, 'releaseDate', c.release_date, 'details', c.details)
    order by c.position)`,
  )} from catalogue_items c where c.submission_id = "submissions"."id")`,
);

// The history on the item: what happened to it. The mail it caused is on the full timeline
// (services/audit/read-timeline.ts).
const boardEvents = sql.raw(`(select ${coalesceArray(
  `json_agg(json_build_object('type', e.type, 'fromStatus', e.from_status, 'toStatus', e.to_status,
    'message', e.message, 'actorName', a.name, 'actorEmail', a.email, 'createdAt', e.created_at)
    order by e.created_at, e.id)`,
)} from submission_events e left join users a on a.id = e.actor_user_id
  where e.submission_id = "submissions"."id" and e.type not in ('mail_queued', 'mail_sent'))`);

const boardReleaseDetails = sql.raw(
  `(select json_build_object('status', r.status, 'submittedAt', r.submitted_at) from release_details r where r.submission_id = "submissions"."id")`,
);

const boardDeliveryState = sql.raw(
  `(select d.state from release_deliveries d where d.submission_id = "submissions"."id")`,
);

const boardAssignee = sql.raw(
  `(select json_build_object('userId', a.id, 'name', a.name, 'email', a.email) from users a where a.id = "submissions"."assigned_user_id")`,
);

/** GET /api/board/items/{itemId}: the whole submission for its review, one statement. */
export async function readBoardItem(
  db: Executor,
  signer: LinkSigner,
  itemId: string,
  now = Date.now(),
  promise?: PromiseClock,
): Promise<BoardItemDetail> {
  // A malformed id would make PostgreSQL refuse the uuid cast: to the reader it is simply not there.
  if (!isRecordId(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const [row] = await db
    .select({
      submission: submissions,
      artwork: sql<BoardItemRow['artwork']>`${sql.raw(uploadJson('"submissions"."artwork_upload_id"'))}`,
      tracks: sql<BoardItemRow['tracks']>`${boardTracks}`,
      splits: sql<BoardItemRow['splits']>`${boardSplits}`,
      catalogueItems: sql<BoardItemRow['catalogueItems']>`${boardCatalogueItems}`,
      events: sql<BoardItemRow['events']>`${boardEvents}`,
      releaseDetails: sql<BoardItemRow['releaseDetails']>`${boardReleaseDetails}`,
      assignee: sql<BoardItemRow['assignee']>`${boardAssignee}`,
      deliveryState: sql<BoardItemRow['deliveryState']>`${boardDeliveryState}`,
    })
    .from(submissions)
    // By its key: planned once (withGenericPlan), where its dozen subqueries cost a planning each time.
    .where(withGenericPlan(eq(submissions.id, itemId)));
  if (!row) throw notFound(SUBMISSION_NOT_FOUND);
  return presentBoardItem(signer, row, now, promise);
}

// --- The release-details form ------------------------------------------------------------------

/** A track as the release-details form starts from it: its stored credits, splits, clips, lyrics and ISRC. */
export interface ReleaseDetailsTrackRow {
  id: string;
  position: number;
  title: string;
  audioUploadId: string | null;
  /** The track's own cover (spec 001 §3 useCustomArtwork), or null. */
  artworkUploadId: string | null;
  /** The audio's stored waveform for the clip picker (`uploads.audio_waveform`), once measured. */
  waveform: AudioWaveform | null;
  isrc: string | null;
  soloWork: boolean;
  productionYear: string | null;
  parentalAdvisory: string | null;
  lyrics: string | null;
  /** In the artist's order. */
  contributors: (ContributorJson & { isFeatured: boolean })[];
  splits: SplitJson[];
  clips: {
    clientId: string;
    startTime: string;
    endTime: string;
    status: string;
    description: string | null;
  }[];
}

// Splits found through the submission's index, then narrowed to the track.
const releaseDetailsTracks = sql.raw(
  `(select ${coalesceArray(
    `json_agg(json_build_object('id', t.id, 'position', t.position, 'title', t.title,
    'audioUploadId', t.audio_upload_id, 'artworkUploadId', t.artwork_upload_id,
    'waveform', (select u.audio_waveform from uploads u where u.id = t.audio_upload_id),
    'isrc', t.isrc, 'soloWork', t.solo_work,
    'productionYear', t.production_year, 'parentalAdvisory', t.parental_advisory, 'lyrics', t.lyrics,
    'contributors', (select ${coalesceArray(
      `json_agg(json_build_object('clientId', k.client_id, 'kind', k.kind, 'firstName', k.first_name,
        'surname', k.surname, 'email', k.email, 'roles', k.roles, 'isFeatured', k.is_featured,
        'isPrimaryArtist', k.is_primary_artist, 'spotifyUrl', k.spotify_url) order by k.position)`,
    )} from track_contributors k where k.track_id = t.id),
    'splits', (select ${coalesceArray(`json_agg(${splitJson} order by m.position)`)} from master_splits m
      where m.submission_id = t.submission_id and m.track_id = t.id),
    'clips', (select ${coalesceArray(
      `json_agg(json_build_object('clientId', c.client_id, 'startTime', c.start_time, 'endTime', c.end_time,
        'status', c.status, 'description', c.description) order by c.position)`,
    )} from social_clips c where c.track_id = t.id)
  ) order by t.position)`,
  )} from submission_tracks t where t.submission_id = "submissions"."id")`,
);

/**
 * The tracks of a submission as the release-details form starts from them (GET, and the answer
 * of a save or submit), each with its stored credits, splits and clips: one statement.
 */
export async function readReleaseDetailsTracks(
  db: Executor,
  submissionId: string,
): Promise<ReleaseDetailsTrackRow[]> {
  const [row] = await db
    .select({ tracks: sql<ReleaseDetailsTrackRow[]>`${releaseDetailsTracks}` })
    .from(submissions)
    .where(withGenericPlan(eq(submissions.id, submissionId)));
  return row?.tracks ?? [];
}

// --- The release schedule -----------------------------------------------------------------------

/** What a release schedule is made from, with the submission's status and artist. */
export interface ReleaseScheduleSourceRow {
  id: string;
  artistId: string;
  status: Submission['status'];
  artistDetails: unknown;
  releaseTitle: string;
  releaseType: string;
  releaseDate: string | null;
  artworkUploadId: string | null;
  tracks: ReleaseDetailsTrackRow[];
}

/**
 * A submission as its release schedule lists it: the release columns and the tracks with their
 * stored credits and splits (the release-details form's reading), one statement. In a change
 * writer's transaction it reads what that transaction wrote.
 */
export async function readReleaseScheduleSource(
  db: Executor,
  submissionId: string,
): Promise<ReleaseScheduleSourceRow | undefined> {
  const [row] = await db
    .select({
      id: submissions.id,
      artistId: submissions.artistId,
      status: submissions.status,
      artistDetails: submissions.artistDetails,
      releaseTitle: submissions.releaseTitle,
      releaseType: submissions.releaseType,
      releaseDate: submissions.releaseDate,
      artworkUploadId: submissions.artworkUploadId,
      tracks: sql<ReleaseDetailsTrackRow[]>`${releaseDetailsTracks}`,
    })
    .from(submissions)
    .where(withGenericPlan(eq(submissions.id, submissionId)));
  return row;
}
