import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describeScheduleSource, type ReleaseScheduleSource } from '../../../domain';
import type { Executor } from '../../db/client';
import { releaseSchedules } from '../../db/schema';
import type { ReleaseScheduleSourceRow } from '../submissions/read-submissions';

/** The artist's name as the submission stored it (`artist_details.artistName`). */
export function readArtistName(artistDetails: unknown): string {
  const name = (artistDetails as { artistName?: unknown } | null)?.artistName;
  return typeof name === 'string' ? name.trim() : '';
}

export type ReleaseScheduleRow = typeof releaseSchedules.$inferSelect;

/** The stored rows as the domain's schedule builder takes them. */
export function toScheduleSource(row: ReleaseScheduleSourceRow): ReleaseScheduleSource {
  return {
    artistName: readArtistName(row.artistDetails),
    releaseTitle: row.releaseTitle,
    releaseType: row.releaseType,
    releaseDate: row.releaseDate,
    artworkUploadId: row.artworkUploadId,
    tracks: row.tracks.map((track) => ({
      position: track.position,
      title: track.title,
      isrc: track.isrc,
      audioUploadId: track.audioUploadId,
      artworkUploadId: track.artworkUploadId,
      soloWork: track.soloWork,
      hasLyrics: Boolean(track.lyrics?.trim()),
      contributors: track.contributors.map((c) => ({
        clientId: c.clientId,
        firstName: c.firstName,
        surname: c.surname,
        roles: c.roles,
      })),
      splits: track.splits.map((s) => ({
        contributorClientId: s.contributorClientId,
        firstName: s.firstName,
        lastName: s.lastName,
        percentage: s.percentage,
      })),
    })),
  };
}

/** SHA-256 of what the schedule stands on, file ids in place of file hashes (`release_schedules.source_key`). */
export function scheduleSourceKey(source: ReleaseScheduleSource): string {
  return createHash('sha256').update(describeScheduleSource(source), 'utf8').digest('hex');
}

/** The submission's current (not superseded) schedule, if any. */
export async function findCurrentSchedule(
  executor: Executor,
  submissionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ReleaseScheduleRow | undefined> {
  const query = executor
    .select()
    .from(releaseSchedules)
    .where(and(eq(releaseSchedules.submissionId, submissionId), isNull(releaseSchedules.supersededAt)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}
