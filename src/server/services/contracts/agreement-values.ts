import { createHash } from 'node:crypto';
import { type AgreementValues, formatLongDate, getIsoDateOfInstant, type SessionUser } from '../../../domain';
import type { AppConfig } from '../../config';
import type { ArtistRow } from '../artists/find-artist-of-user';

/**
 * The name the agreement is made out to: the one the artist gave, else their profile's, else
 * their account's (an account without an artist row yet has no profile).
 */
export function agreementArtistName(
  artist: ArtistRow | undefined,
  user: SessionUser,
  given?: string,
): string {
  return (
    given?.trim() ||
    artist?.artistName?.trim() ||
    artist?.name?.trim() ||
    user.artistName?.trim() ||
    user.name?.trim() ||
    user.email
  );
}

/** The placeholder values of an agreement made out today to this artist. */
export function agreementValuesFor(
  config: AppConfig,
  input: { artistName: string; artistEmail: string; now: Date },
): AgreementValues {
  const today = getIsoDateOfInstant(input.now);
  return {
    artistName: input.artistName,
    artistEmail: input.artistEmail,
    labelName: config.label.name,
    date: formatLongDate(today) ?? today,
  };
}

/** SHA-256 (hex) of the agreement text as UTF-8: what the signer saw and what is signed. */
export function hashAgreementText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
