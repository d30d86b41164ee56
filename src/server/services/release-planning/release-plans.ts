import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  findNextDeadline,
  getIsoDateOfInstant,
  type IsoDate,
  isRecordId,
  type KeyDate,
  type KeyDatesView,
  type PlannerSettings,
  type PlanTrack,
  planRelease,
  type ReleasePlan,
  SUBMISSION_NOT_FOUND,
  type SubmissionStatus,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { submissions, submissionTracks } from '../../db/schema';
import { notFound } from '../../errors';
import { readPlannerSettings } from './planner-settings';

/** A submission with the plan its release dates give (null for a catalogue transfer). */
export interface PlannedSubmission {
  id: string;
  artistId: string;
  status: SubmissionStatus;
  releaseTitle: string;
  assignedUserId: string | null;
  plan: ReleasePlan | null;
}

const plannedColumns = {
  id: submissions.id,
  artistId: submissions.artistId,
  status: submissions.status,
  uploadType: submissions.uploadType,
  releaseTitle: submissions.releaseTitle,
  releaseDate: submissions.releaseDate,
  releaseStrategy: submissions.releaseStrategy,
  assignedUserId: submissions.assignedUserId,
  createdAt: submissions.createdAt,
};

/**
 * The submissions `where` selects, each with its plan under `settings`: two queries,
 * the submissions and then their tracks. A transfer alone brings out nothing new, so has no plan.
 */
export async function loadReleasePlans(
  executor: Executor,
  where: SQL | undefined,
  settings: PlannerSettings,
): Promise<PlannedSubmission[]> {
  const rows = await executor.select(plannedColumns).from(submissions).where(where);
  const planned = rows.filter((row) => row.uploadType !== 'transfer').map((row) => row.id);
  const tracks =
    planned.length === 0
      ? []
      : await executor
          .select({
            submissionId: submissionTracks.submissionId,
            id: submissionTracks.id,
            title: submissionTracks.title,
            position: submissionTracks.position,
            releaseAsSingle: submissionTracks.releaseAsSingle,
            singleReleaseDate: submissionTracks.singleReleaseDate,
            singleOrder: submissionTracks.singleOrder,
          })
          .from(submissionTracks)
          .where(inArray(submissionTracks.submissionId, planned))
          .orderBy(asc(submissionTracks.position));
  const tracksOf = new Map<string, PlanTrack[]>();
  for (const { submissionId, ...track } of tracks) {
    tracksOf.set(submissionId, [...(tracksOf.get(submissionId) ?? []), track]);
  }
  return rows.map((row) => ({
    id: row.id,
    artistId: row.artistId,
    status: row.status,
    releaseTitle: row.releaseTitle,
    assignedUserId: row.assignedUserId,
    plan:
      row.uploadType === 'transfer'
        ? null
        : planRelease(
            {
              releaseTitle: row.releaseTitle,
              releaseStrategy: row.releaseStrategy,
              releaseDate: row.releaseDate,
              tracks: tracksOf.get(row.id) ?? [],
              plannedOn: getIsoDateOfInstant(row.createdAt),
            },
            settings,
          ),
  }));
}

/** Whose key dates are asked for: the artist's own submission, or any (staff). */
export type KeyDatesReader = { artistId: string } | 'staff';

/** One submission's plan, if the reader may see it: another artist's or an unknown id is a 404. */
export async function loadReleasePlan(
  executor: Executor,
  itemId: string,
  reader: KeyDatesReader,
): Promise<{ submission: PlannedSubmission; settings: PlannerSettings }> {
  if (!isRecordId(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const settings = await readPlannerSettings(executor);
  const byId = eq(submissions.id, itemId);
  const where = reader === 'staff' ? byId : and(byId, eq(submissions.artistId, reader.artistId));
  const [submission] = await loadReleasePlans(executor, where, settings);
  if (!submission) throw notFound(SUBMISSION_NOT_FOUND);
  return { submission, settings };
}

/**
 * GET …/key-dates: the plan as the pages show it. The dates only: each page says how far away
 * they are from its reader's own today.
 */
export async function readKeyDates(
  executor: Executor,
  itemId: string,
  reader: KeyDatesReader,
): Promise<KeyDatesView | null> {
  const { submission, settings } = await loadReleasePlan(executor, itemId, reader);
  if (!submission.plan) return null;
  return { releaseTitle: submission.releaseTitle, settings, ...submission.plan };
}

/**
 * GET /api/board/next-deadlines: for each of the board's rows asked for, its next deadline from
 * `today` on, left out when it has none (a transfer, a declined submission, all passed).
 */
export async function readNextDeadlines(
  executor: Executor,
  itemIds: readonly string[],
  today: IsoDate,
): Promise<Record<string, KeyDate>> {
  const ids = itemIds.filter(isRecordId);
  if (ids.length === 0) return {};
  const settings = await readPlannerSettings(executor);
  const planned = await loadReleasePlans(executor, inArray(submissions.id, ids), settings);
  const deadlines: Record<string, KeyDate> = {};
  for (const submission of planned) {
    if (!submission.plan || submission.status === 'rejected') continue;
    const next = findNextDeadline(submission.plan, today);
    if (next) deadlines[submission.id] = next;
  }
  return deadlines;
}
