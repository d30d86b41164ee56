import { addDays, compareIsoDates, formatLongDate, type IsoDate, isIsoDate } from '../common/calendar-date';
import { RETURNING_ARTIST_MESSAGES } from '../errors/error-messages';
import type { InvitationPrefill } from '../schemas/invitation';
import { isWellFormedToken } from './invitation-rules';

/** Returning-artist links work for 365 days and for any number of releases (spec 001 §2, §6). */
export const RETURNING_LINK_VALID_DAYS = 365;

export function getReturningLinkExpiry(issuedOn: IsoDate): IsoDate {
  return addDays(issuedOn, RETURNING_LINK_VALID_DAYS);
}

/** The expiry instant of a link issued at `issuedAt`. */
export function getReturningLinkExpiryInstant(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + RETURNING_LINK_VALID_DAYS * 86_400_000);
}

/** A link is usable up to and including its expiry date. */
export function isReturningLinkExpired(expiresOn: IsoDate, today: IsoDate): boolean {
  return compareIsoDates(today, expiresOn) > 0;
}

/** What staff are told when they change a link's last day. */
export const RETURNING_LINK_EXPIRY_MESSAGES = {
  invalidDate: 'Enter the last day the link should work.',
  tooLate: 'A returning-artist link can work for at most 365 days from today.',
  revoked: 'This link has been revoked; issue a new one instead.',
} as const;

/**
 * Staff may move a link's last day: earlier (even into the past, which ends it as 'expired',
 * unlike a revocation) or later, up to the lifetime counted from today. Returns the refusal, or
 * null when `lastDay` is allowed.
 */
export function checkReturningLinkLastDay(lastDay: string, today: IsoDate): string | null {
  if (!isIsoDate(lastDay)) return RETURNING_LINK_EXPIRY_MESSAGES.invalidDate;
  if (compareIsoDates(lastDay, getReturningLinkExpiry(today)) > 0)
    return RETURNING_LINK_EXPIRY_MESSAGES.tooLate;
  return null;
}

/** A link whose last day is `lastDay` (UTC) stops working at the next midnight UTC. */
export function getReturningLinkEndOfLastDay(lastDay: IsoDate): Date {
  return new Date(`${addDays(lastDay, 1)}T00:00:00.000Z`);
}

/** Why a returning-artist link failed (spec 001 §2). */
export type ReturningLinkFailure = 'expired' | 'deactivated' | 'wrong-format' | 'unknown';

/** The reasons of the invalid screen, word for word. */
export const RETURNING_LINK_FAILURE_MESSAGES: Record<ReturningLinkFailure, string> = {
  expired: 'This link has expired. Returning-artist links are valid for 365 days.',
  deactivated: 'This link has been deactivated. Please contact us for a new one.',
  'wrong-format': 'This link is not in the right format. Please check you copied the whole link.',
  unknown: RETURNING_ARTIST_MESSAGES.invalidToken,
};

/** The line the approval mail carries. */
export function formatReturningLinkOffer(url: string): string {
  return `Send us your next release: ${url} — this link works for 365 days.`;
}

/**
 * The line an approval mail carries instead when the artist already holds a working link: only
 * its hash is stored, so the mail points back to the one they were sent (the date is the one the
 * welcome-back banner shows as 'Access expires').
 */
export function formatReturningLinkReminder(expiresAt: Date): string {
  const date = formatLongDate(expiresAt.toISOString()) ?? expiresAt.toISOString().slice(0, 10);
  return `Your returning-artist link from our earlier e-mail works until ${date}: use it to send us your next release, or reply to this e-mail if you can't find it.`;
}

export interface ReturningLinkState {
  expiresAt: Date;
  revokedAt: Date | null;
}

export type ReturningTokenVerdict =
  | { ok: true }
  | { ok: false; reason: ReturningLinkFailure; message: string };

const fail = (reason: ReturningLinkFailure): ReturningTokenVerdict => ({
  ok: false,
  reason,
  message: RETURNING_LINK_FAILURE_MESSAGES[reason],
});

/**
 * Whether a returning-artist token may be used now. `link` is the stored link the token's hash
 * found (undefined when none). Revoked is told before expired: staff switched it off on purpose.
 */
export function classifyReturningToken(
  token: string,
  link: ReturningLinkState | undefined,
  now: Date,
): ReturningTokenVerdict {
  if (!isWellFormedToken(token)) return fail('wrong-format');
  if (!link) return fail('unknown');
  if (link.revokedAt) return fail('deactivated');
  if (link.expiresAt.getTime() <= now.getTime()) return fail('expired');
  return { ok: true };
}

export const RETURNING_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ReturningLinkStatus = (typeof RETURNING_LINK_STATUSES)[number];

export function getReturningLinkStatus(link: ReturningLinkState, now: Date): ReturningLinkStatus {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** Admin "how it works" steps (spec 001 §2). */
export const INVITATION_STEPS = [
  'Create the invitation',
  'Set the token status to Generate in the board',
  'Send the link to the artist',
  'The artist submits',
] as const;

/** What the account says about the artist (profile fields may be empty). */
export interface ReturningArtistAccount {
  name: string | null;
  email: string;
  artistName: string | null;
  country: string | null;
  city: string | null;
  spotifyProfile: string | null;
  instagramProfile: string | null;
  tiktokProfile: string | null;
}

/** What the artist's latest submission said: its artist details and its form answers. */
export interface LatestSubmissionAnswers {
  details: Partial<Record<'firstName' | 'surname' | 'artistName' | 'country' | 'city', string>> &
    Partial<Record<'spotifyProfile' | 'instagramProfile' | 'tiktokProfile', string>>;
  form: { noInstagram?: unknown; noTikTok?: unknown };
}

const firstPresent = (...values: (string | null | undefined)[]) =>
  values.find((value) => value?.trim())?.trim() ?? '';

/**
 * The form pre-fill of a returning-artist link: the profile wins over the latest submission (the
 * artist may have edited it since), the name falls back to the account's. An artist who said they
 * have no Instagram or TikTok is not asked again, unless their profile has one now.
 */
export function buildReturningPrefill(
  account: ReturningArtistAccount,
  latest: LatestSubmissionAnswers | undefined,
): InvitationPrefill {
  const last = latest?.details ?? {};
  const [nameFirst, ...nameRest] = (account.name ?? '').trim().split(/\s+/);
  const prefill: InvitationPrefill = {
    firstName: firstPresent(last.firstName, nameFirst),
    surname: firstPresent(last.surname, nameRest.join(' ')),
    email: account.email,
    artistName: firstPresent(account.artistName, last.artistName),
  };
  const optional = {
    country: firstPresent(account.country, last.country),
    city: firstPresent(account.city, last.city),
    spotifyProfile: firstPresent(account.spotifyProfile, last.spotifyProfile),
    instagramProfile: firstPresent(account.instagramProfile, last.instagramProfile),
    tiktokProfile: firstPresent(account.tiktokProfile, last.tiktokProfile),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value) prefill[key as keyof typeof optional] = value;
  }
  if (latest?.form.noInstagram === true && !prefill.instagramProfile) prefill.noInstagram = true;
  if (latest?.form.noTikTok === true && !prefill.tiktokProfile) prefill.noTikTok = true;
  return prefill;
}
