import { desc, eq } from 'drizzle-orm';
import {
  ARTIST_NOT_FOUND,
  computeProfileCompletion,
  getInvitationStatus,
  isRecordId,
  PROFILE_TEXT_FIELDS,
  type StaffArtist,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { artists, invitations, users } from '../../db/schema';
import { AppError } from '../../errors';
import { findSignedAgreementId } from '../contracts/find-signed-agreement';
import { readArtistErasure } from '../data-requests/read-artist-erasure';

/**
 * GET /api/artists/:artistId: the artist's profile with its completion (spec 000 §5) and the
 * invitations sent to them, newest first (through invitations (artist_id, created_at, id)), and, once
 * erased, when, why and by whom. Their submissions are a paged list of their own
 * (readStaffArtistSubmissionsPage).
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

  const [invitationRows, signedAgreementId, erasure] = await Promise.all([
    db
      .select()
      .from(invitations)
      .where(eq(invitations.artistId, artist.id))
      .orderBy(desc(invitations.createdAt), desc(invitations.id)),
    findSignedAgreementId(db, artist.id),
    artist.status === 'erased' ? readArtistErasure(db, artist.id) : null,
  ]);

  return {
    artistId: artist.id,
    email: artist.email,
    status: artist.status,
    createdAt: artist.createdAt.toISOString(),
    ...fields,
    completion: computeProfileCompletion(fields),
    hasSignedContract: signedAgreementId !== undefined,
    erasure,
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

/** Refuses an id that names no artist with the page's 404, before a list of theirs is read. */
export async function requireArtistExists(db: Executor, artistId: string): Promise<void> {
  if (!isRecordId(artistId)) throw new AppError(404, ARTIST_NOT_FOUND);
  const [row] = await db.select({ id: artists.id }).from(artists).where(eq(artists.id, artistId));
  if (!row) throw new AppError(404, ARTIST_NOT_FOUND);
}
