import { desc, eq, sql } from 'drizzle-orm';
import {
  ARTIST_NOT_FOUND,
  computeProfileCompletion,
  getInvitationStatus,
  isRecordId,
  PROFILE_TEXT_FIELDS,
  type StaffArtist,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { artists, catalogueItems, invitations, submissions, submissionTracks, users } from '../../db/schema';
import { AppError } from '../../errors';
import { findSignedAgreementId } from '../contracts/find-signed-agreement';

/**
 * GET /api/artists/:artistId: the artist's profile with its completion (spec 000 §5), every
 * submission as the board summarises it, and the invitations sent to them, newest first.
 */
export async function getStaffArtist(db: Executor, artistId: string, now: Date): Promise<StaffArtist> {
  // Anything that is not a uuid cannot name an artist; refused here rather than as a SQL error.
  if (!isRecordId(artistId)) throw new AppError(404, ARTIST_NOT_FOUND);
  const [row] = await db
    .select({ artist: artists, accountName: users.name })
    .from(artists)
    .leftJoin(users, eq(users.id, artists.userId))
    .where(eq(artists.id, artistId));
  if (!row) throw new AppError(404, ARTIST_NOT_FOUND);
  const { artist } = row;

  const fields: Partial<Record<(typeof PROFILE_TEXT_FIELDS)[number] | 'name', string>> = {};
  const name = artist.name?.trim() || row.accountName?.trim();
  if (name) fields.name = name;
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = artist[field];
    if (value !== null && value.trim() !== '') fields[field] = value;
  }

  // Drizzle writes a bare column name inside sql``, which the subquery would read as its own
  // table's; the outer row is named in full.
  const trackCount = sql<number>`(select count(*)::int from ${submissionTracks} where ${submissionTracks.submissionId} = "submissions"."id")`;
  const catalogueItemCount = sql<number>`(select count(*)::int from ${catalogueItems} where ${catalogueItems.submissionId} = "submissions"."id")`;
  const [submissionRows, invitationRows, signedAgreementId] = await Promise.all([
    db
      .select({
        id: submissions.id,
        status: submissions.status,
        itemName: submissions.itemName,
        artistName: sql<string | null>`${submissions.artistDetails}->>'artistName'`,
        releaseTitle: submissions.releaseTitle,
        uploadType: submissions.uploadType,
        releaseType: submissions.releaseType,
        releaseDate: submissions.releaseDate,
        createdAt: submissions.createdAt,
        trackCount,
        catalogueItemCount,
      })
      .from(submissions)
      .where(eq(submissions.artistId, artist.id))
      .orderBy(desc(submissions.createdAt), desc(submissions.id)),
    db
      .select()
      .from(invitations)
      .where(eq(invitations.artistId, artist.id))
      .orderBy(desc(invitations.createdAt), desc(invitations.id)),
    findSignedAgreementId(db, artist.id),
  ]);

  return {
    artistId: artist.id,
    email: artist.email,
    status: artist.status,
    createdAt: artist.createdAt.toISOString(),
    ...fields,
    completion: computeProfileCompletion(fields),
    hasSignedContract: signedAgreementId !== undefined,
    submissions: submissionRows.map((s) => ({
      itemId: s.id,
      status: s.status,
      itemName: s.itemName,
      artistName: s.artistName ?? '',
      releaseTitle: s.releaseTitle,
      uploadType: s.uploadType,
      releaseType: s.releaseType,
      releaseDate: s.releaseDate,
      createdAt: s.createdAt.toISOString(),
      trackCount: s.trackCount,
      catalogueItemCount: s.catalogueItemCount,
    })),
    invitations: invitationRows.map((i) => ({
      itemId: i.id,
      artistName: i.artistName,
      firstName: i.firstName,
      surname: i.surname,
      email: i.email,
      invitationReason: i.invitationReason,
      status: getInvitationStatus(i, now),
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
      usedAt: i.usedAt?.toISOString() ?? null,
      submissionId: i.submissionId,
    })),
  };
}
