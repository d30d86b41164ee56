import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  type DeliveryCoverFacts,
  type DeliveryFacts,
  type DeliveryScheduleFacts,
  getEffectiveSignatureStatus,
  isRecordId,
  SCHEDULED_RELEASE_STATUSES,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import {
  releaseDeliveries,
  releaseSchedules,
  submissions,
  submissionTracks,
  trackContributors,
  uploads,
} from '../../db/schema';
import { notFound } from '../../errors';
import { findLatestScheduleRequest } from '../release-schedules/read-release-schedule';
import { readArtistName } from '../release-schedules/schedule-source';

export type ReleaseDeliveryRow = typeof releaseDeliveries.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;
export type TrackRow = typeof submissionTracks.$inferSelect;

/** What the delivery of one submission stands on: its rows, read once, for the domain's checks. */
export interface DeliverySource {
  submission: SubmissionRow;
  delivery: ReleaseDeliveryRow | undefined;
  tracks: TrackRow[];
  facts: DeliveryFacts;
  /** When the artist signed the release's current schedule: the moment the release became final. */
  scheduleSignedAt: Date | null;
  /** Storage keys of the files a package holds: each track's audio by track id, and the cover. */
  files: { audioKeys: Map<string, string>; coverKey: string | null };
}

/** Written without hyphens and in lower case, as the board's ISRC index compares them. */
const codeOf = (column: unknown) => sql`lower(regexp_replace(${column}, '[^A-Za-z0-9]', '', 'g'))`;

interface StoredWavMedia {
  format?: string;
  sampleRate?: number;
  bitDepth?: number;
  channels?: number;
  durationSeconds?: number;
}

/** The cover as the package will hold it: made for the current artwork, refused, or still to make. */
function coverFacts(submission: SubmissionRow, delivery: ReleaseDeliveryRow | undefined): DeliveryCoverFacts {
  if (!submission.artworkUploadId) return { state: 'missing' };
  if (!delivery || delivery.coverSourceUploadId !== submission.artworkUploadId) return { state: 'preparing' };
  if (delivery.coverProblem) return { state: 'refused', reason: delivery.coverProblem };
  if (!delivery.coverKey || !delivery.coverSha256 || delivery.coverBytes === null)
    return { state: 'preparing' };
  return {
    state: 'ready',
    file: {
      fileName: 'cover.jpg',
      bytes: delivery.coverBytes,
      sha256: delivery.coverSha256,
      width: 3000,
      height: 3000,
    },
  };
}

async function scheduleFacts(
  executor: Executor,
  submissionId: string,
  now: Date,
): Promise<{ state: DeliveryScheduleFacts; signedAt: Date | null }> {
  const [schedule] = await executor
    .select({ id: releaseSchedules.id, supersededAt: releaseSchedules.supersededAt })
    .from(releaseSchedules)
    .where(eq(releaseSchedules.submissionId, submissionId))
    .orderBy(sql`${releaseSchedules.version} desc`)
    .limit(1);
  if (!schedule) return { state: 'none', signedAt: null };
  if (schedule.supersededAt) return { state: 'superseded', signedAt: null };
  const request = await findLatestScheduleRequest(executor, schedule.id);
  if (!request) return { state: 'preparing', signedAt: null };
  const state = getEffectiveSignatureStatus(request, now);
  return { state, signedAt: state === 'signed' ? request.signedAt : null };
}

/**
 * Everything the delivery of a submission is checked and built from (staff only; the route has
 * authorised the reader). Another release of this label carrying one of its ISRCs or its ICPN is
 * named, so staff see the clash instead of a silent fix.
 */
export async function readDeliverySource(
  executor: Executor,
  config: AppConfig,
  submissionId: string,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<DeliverySource> {
  if (!isRecordId(submissionId)) throw notFound(SUBMISSION_NOT_FOUND);
  const query = executor.select().from(submissions).where(eq(submissions.id, submissionId));
  const [submission] = options.forUpdate ? await query.for('update') : await query;
  if (!submission) throw notFound(SUBMISSION_NOT_FOUND);
  const [delivery] = await executor
    .select()
    .from(releaseDeliveries)
    .where(eq(releaseDeliveries.submissionId, submissionId));
  const tracks = await executor
    .select()
    .from(submissionTracks)
    .where(eq(submissionTracks.submissionId, submissionId))
    .orderBy(asc(submissionTracks.position));
  const trackIds = tracks.map((t) => t.id);
  const contributors =
    trackIds.length === 0
      ? []
      : await executor
          .select()
          .from(trackContributors)
          .where(inArray(trackContributors.trackId, trackIds))
          .orderBy(asc(trackContributors.position));
  const audioIds = tracks.map((t) => t.audioUploadId).filter((id): id is string => id !== null);
  const audioRows =
    audioIds.length === 0 ? [] : await executor.select().from(uploads).where(inArray(uploads.id, audioIds));
  const audioById = new Map(audioRows.map((row) => [row.id, row]));

  const isrcs = tracks.map((t) => t.isrc).filter((isrc): isrc is string => Boolean(isrc));
  const isrcClashes = new Map<string, string>();
  if (isrcs.length > 0) {
    const codes = isrcs.map((isrc) => isrc.replace(/[^A-Za-z0-9]/g, '').toLowerCase());
    const rows = await executor
      .select({ code: sql<string>`${codeOf(submissionTracks.isrc)}`, releaseTitle: submissions.releaseTitle })
      .from(submissionTracks)
      .innerJoin(submissions, eq(submissions.id, submissionTracks.submissionId))
      .where(
        and(
          sql`${codeOf(submissionTracks.isrc)} in (${sql.join(
            codes.map((code) => sql`${code}`),
            sql`, `,
          )})`,
          ne(submissionTracks.submissionId, submissionId),
        ),
      );
    for (const row of rows) if (!isrcClashes.has(row.code)) isrcClashes.set(row.code, row.releaseTitle);
  }
  let icpnClash: string | null = null;
  if (delivery?.icpn) {
    const [row] = await executor
      .select({ releaseTitle: submissions.releaseTitle })
      .from(releaseDeliveries)
      .innerJoin(submissions, eq(submissions.id, releaseDeliveries.submissionId))
      .where(and(eq(releaseDeliveries.icpn, delivery.icpn), ne(releaseDeliveries.submissionId, submissionId)))
      .limit(1);
    icpnClash = row?.releaseTitle ?? null;
  }

  const schedule = await scheduleFacts(executor, submissionId, now);
  const audioKeys = new Map<string, string>();
  const facts: DeliveryFacts = {
    submissionId,
    approved: SCHEDULED_RELEASE_STATUSES.includes(submission.status),
    releaseTitle: submission.releaseTitle,
    releaseType: submission.releaseType,
    releaseDate: submission.releaseDate,
    primaryGenre: submission.primaryGenre,
    subGenre: submission.subGenre,
    artistName: readArtistName(submission.artistDetails),
    labelName: config.label.name,
    icpn: delivery?.icpn ?? null,
    icpnClash,
    pLine: { year: delivery?.pLineYear ?? null, owner: delivery?.pLineOwner ?? null },
    cLine: { year: delivery?.cLineYear ?? null, owner: delivery?.cLineOwner ?? null },
    cover: coverFacts(submission, delivery),
    schedule: schedule.state,
    senderConfigured: config.delivery.sender !== undefined,
    tracks: tracks.map((track) => {
      const audio = track.audioUploadId ? audioById.get(track.audioUploadId) : undefined;
      if (audio) audioKeys.set(track.id, audio.storageKey);
      const media = (audio?.media ?? {}) as StoredWavMedia;
      return {
        trackId: track.id,
        position: track.position,
        title: track.title,
        isrc: track.isrc,
        isrcClash: track.isrc
          ? (isrcClashes.get(track.isrc.replace(/[^A-Za-z0-9]/g, '').toLowerCase()) ?? null)
          : null,
        soloWork: track.soloWork,
        hasLyrics: Boolean(track.lyrics?.trim()),
        productionYear: track.productionYear,
        parentalAdvisory: track.parentalAdvisory,
        contributors: contributors
          .filter((c) => c.trackId === track.id)
          .map((c) => ({
            firstName: c.firstName,
            surname: c.surname,
            roles: c.roles,
            isFeatured: c.isFeatured,
            isPrimaryArtist: c.isPrimaryArtist,
          })),
        audio: audio
          ? {
              fileName: audio.originalName,
              format: media.format ?? null,
              bytes: audio.originalSize,
              sha256: audio.sha256,
              sampleRate: media.sampleRate ?? null,
              bitDepth: media.bitDepth ?? null,
              channels: media.channels ?? null,
              durationSeconds: media.durationSeconds ?? null,
            }
          : null,
      };
    }),
  };
  return {
    submission,
    delivery,
    tracks,
    facts,
    scheduleSignedAt: schedule.signedAt,
    files: { audioKeys, coverKey: facts.cover.state === 'ready' ? (delivery?.coverKey ?? null) : null },
  };
}
