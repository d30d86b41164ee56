import { addDays, compareIsoDates, type IsoDate } from '../common/calendar-date';

/** Returning-artist links work for 365 days and for any number of releases (spec 001 §2, §6). */
export const RETURNING_LINK_VALID_DAYS = 365;

export function getReturningLinkExpiry(issuedOn: IsoDate): IsoDate {
  return addDays(issuedOn, RETURNING_LINK_VALID_DAYS);
}

/** A link is usable up to and including its expiry date. */
export function isReturningLinkExpired(expiresOn: IsoDate, today: IsoDate): boolean {
  return compareIsoDates(today, expiresOn) > 0;
}

/** Why a returning-artist link failed (spec 001 §2). */
export type ReturningLinkFailure = 'expired' | 'deactivated' | 'wrong-format';

/** Admin "how it works" steps (spec 001 §2). */
export const INVITATION_STEPS = [
  'Create the invitation',
  'Set the token status to Generate in the board',
  'Send the link to the artist',
  'The artist submits',
] as const;
