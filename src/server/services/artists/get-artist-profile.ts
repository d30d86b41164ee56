import { eq, sql } from 'drizzle-orm';
import {
  type ArtistProfileResponse,
  computeProfileCompletion,
  PROFILE_TEXT_FIELDS,
  parseSubmissionStatus,
  type SessionUser,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { signatureRequests, submissions } from '../../db/schema';
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
export async function getArtistProfile(
  deps: { db: Executor; signer: LinkSigner },
  artist: ArtistRow | undefined,
  user: SessionUser,
): Promise<ArtistProfileView> {
  const { submissionCount, signedAgreementId } = artist
    ? await readProfileFacts(deps.db, artist.id)
    : { submissionCount: 0, signedAgreementId: undefined };
  const name = artist?.name?.trim() || user.name?.trim() || null;
  const fields: Partial<Record<(typeof PROFILE_TEXT_FIELDS)[number] | 'name', string>> = {};
  if (name) fields.name = name;
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = artist?.[field];
    if (value !== undefined && value !== null && value !== '') fields[field] = value;
  }
  const completion = computeProfileCompletion(fields);
  const picture = artist ? presentPicture(deps.signer, artist.picture) : undefined;
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

function buildProfileFacts(db: Executor) {
  const artistId = sql.placeholder('artistId');
  return db
    .select({
      submissionCount: sql<number>`count(*)::int`,
      signedAgreementId: sql<string | null>`(select ${signatureRequests.id} from ${signatureRequests}
        where ${signatureRequests.artistId} = ${artistId} and ${signatureRequests.status} = 'signed'
          and ${signatureRequests.scheduleId} is null
        order by ${signatureRequests.signedAt} desc, ${signatureRequests.createdAt} desc limit 1)`,
    })
    .from(submissions)
    .where(eq(submissions.artistId, artistId))
    .prepare('artist_profile_facts');
}

/** Built once per database: a named prepared statement (PostgreSQL parses and plans it once per connection). */
const profileFactsStatements = new WeakMap<Executor, ReturnType<typeof buildProfileFacts>>();

function profileFactsStatement(db: Executor): ReturnType<typeof buildProfileFacts> {
  let statement = profileFactsStatements.get(db);
  if (!statement) {
    statement = buildProfileFacts(db);
    profileFactsStatements.set(db, statement);
  }
  return statement;
}

/**
 * The artist's submission count and latest signed agreement in one statement (issue 19 §3: the
 * profile is read on every page of the artist area). The agreement is the one
 * `findSignedAgreementId` names, in the same order.
 */
async function readProfileFacts(
  db: Executor,
  artistId: string,
): Promise<{ submissionCount: number; signedAgreementId: string | undefined }> {
  const [row] = await profileFactsStatement(db).execute({ artistId });
  return {
    submissionCount: row?.submissionCount ?? 0,
    signedAgreementId: row?.signedAgreementId ?? undefined,
  };
}
