import { eq, sql } from 'drizzle-orm';
import {
  type ArtistProfileResponse,
  computeProfileCompletion,
  PROFILE_TEXT_FIELDS,
  parseSubmissionStatus,
  type SessionUser,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { submissions } from '../../db/schema';
import type { ArtistRow } from '../../policies/artists';
import { findSignedAgreementId } from '../contracts/find-signed-agreement';
import type { LinkSigner } from '../uploads/present-upload';
import { presentPicture } from './artist-picture';

export type ArtistProfileView = ArtistProfileResponse['profile'];

/**
 * The signed-in artist's profile (spec 000 §3) with its completion (§5). The person's name is the
 * artist row's, else the account's; the e-mail is always the account's, the address they sign in
 * with.
 */
export async function getArtistProfile(
  deps: { db: Executor; signer: LinkSigner },
  artist: ArtistRow,
  user: SessionUser,
): Promise<ArtistProfileView> {
  const [counted] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(eq(submissions.artistId, artist.id));
  const signedAgreementId = await findSignedAgreementId(deps.db, artist.id);
  const name = artist.name?.trim() || user.name?.trim() || null;
  const fields: Partial<Record<(typeof PROFILE_TEXT_FIELDS)[number] | 'name', string>> = {};
  if (name) fields.name = name;
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = artist[field];
    if (value !== null && value !== '') fields[field] = value;
  }
  const completion = computeProfileCompletion(fields);
  const picture = presentPicture(deps.signer, artist.picture);
  const status = parseSubmissionStatus(artist.status);
  return {
    userId: user.userId,
    email: user.email,
    ...fields,
    ...(picture ? { picture } : {}),
    ...(status ? { status } : {}),
    profileCompleted: completion >= 100,
    submissionCount: counted?.n ?? 0,
    hasSignedContract: signedAgreementId !== undefined,
    ...(signedAgreementId ? { contractSignatureId: signedAgreementId } : {}),
    completion,
  };
}
