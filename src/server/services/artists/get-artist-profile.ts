import {
  type ArtistProfileResponse,
  computeProfileCompletion,
  PROFILE_TEXT_FIELDS,
  parseSubmissionStatus,
  type SessionUser,
} from '../../../domain';
import type { ArtistFacts } from '../auth/resolved-session';
import type { LinkSigner } from '../uploads/present-upload';
import { presentPicture } from './artist-picture';
import type { ArtistRow } from './find-artist-of-user';

export type ArtistProfileView = ArtistProfileResponse['profile'];

/**
 * The signed-in artist's profile (spec 000 §3) with its completion (§5). The person's name is the
 * artist row's, else the account's; the e-mail is always the account's, the address they sign in
 * with. An account without an artist row yet has the profile of an artist with nothing yet: the
 * account's name and address, no submissions, no agreement.
 */
export function getArtistProfile(
  signer: LinkSigner,
  artist: ArtistRow | undefined,
  user: SessionUser,
  /** Read with the session (services/auth/sessions.ts); none without an artist record. */
  facts: ArtistFacts | null,
): ArtistProfileView {
  const submissionCount = artist ? (facts?.submissionCount ?? 0) : 0;
  const signedAgreementId = (artist && facts?.signedAgreementId) || undefined;
  const name = artist?.name?.trim() || user.name?.trim() || null;
  const fields: Partial<Record<(typeof PROFILE_TEXT_FIELDS)[number] | 'name', string>> = {};
  if (name) fields.name = name;
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = artist?.[field];
    if (value !== undefined && value !== null && value !== '') fields[field] = value;
  }
  const completion = computeProfileCompletion(fields);
  const picture = artist ? presentPicture(signer, artist.picture) : undefined;
  const status = artist ? parseSubmissionStatus(artist.status) : undefined;
  return {
    userId: user.userId,
    email: user.email,
    ...fields,
    ...(picture ? { picture } : {}),
    ...(status ? { status } : {}),
    profileCompleted: completion >= 100,
    submissionCount,
    hasSignedContract: signedAgreementId !== undefined,
    ...(signedAgreementId ? { contractSignatureId: signedAgreementId } : {}),
    completion,
  };
}
