import { normaliseEmail } from '../auth/auth-rules';
import type { WaitingListPayload } from '../schemas/site';
import type { ArtistForm } from '../schemas/submission-form';

/**
 * The waiting-list confirmation promises a reply in 7-10 days: the spec keeps it apart from the
 * thank-you page's promise (spec 001 §9, "the two differ"), so it is not the configurable one.
 */
export const WAITING_LIST_REVIEW_PROMISE = '7-10 days';

export const WAITING_LIST_SUCCESS_TITLE = "You're on the waiting list";

export const WAITING_LIST_SUCCESS_MESSAGE = `Thank you for joining our waiting list! We'll listen to your music and get back to you within ${WAITING_LIST_REVIEW_PROMISE}.`;

export const JOIN_WAITING_LIST_LABEL = 'Join Waiting List';

/**
 * The answer to a full submission while staff have switched submissions off. The
 * spec quotes no text for it (001 §1: "disabled (waiting-list mode in which the artist details step
 * collects a short form instead of the full flow)"); these are the submit page's own words for
 * waiting-list mode, so the artist reads the same thing in the form and in the answer.
 */
export const SUBMISSIONS_PAUSED =
  'Full submissions are paused for now: leave your details and a link to your music here to join the waiting list.';

/** Entries per network and hour: far above a real artist, low enough to keep a script out. */
export const WAITING_LIST_REQUESTS_PER_IP = 10;
export const WAITING_LIST_RATE_WINDOW_MINUTES = 60;

/**
 * A second entry for the same address within this window is a retry (a lost answer, a double
 * click): it answers with the first entry instead of adding another.
 */
export const WAITING_LIST_DUPLICATE_WINDOW_HOURS = 24;

export function formatWaitingListRateLimited(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many waiting-list requests from your network. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

type ArtistData = WaitingListPayload['artistData'];
type OptionalField = 'phone' | 'instagramProfile' | 'tiktokProfile' | 'spotifyProfile' | 'projectDescription';

const OPTIONAL_FIELDS: readonly OptionalField[] = [
  'phone',
  'instagramProfile',
  'tiktokProfile',
  'spotifyProfile',
  'projectDescription',
];

/**
 * The entry as it is sent and stored: text trimmed, the address compared trimmed and lower-cased
 * (as accounts are), and blank optional fields left out rather than kept as ''.
 */
export function normaliseWaitingListEntry(form: ArtistData): ArtistData {
  const entry: ArtistData = {
    firstName: form.firstName.trim(),
    surname: form.surname.trim(),
    artistName: form.artistName.trim(),
    email: normaliseEmail(form.email),
    country: form.country.trim(),
    city: form.city.trim(),
    listenLink: form.listenLink.trim(),
  };
  for (const field of OPTIONAL_FIELDS) {
    const value = form[field]?.trim();
    if (value) entry[field] = value;
  }
  return entry;
}

/** POST /api/waiting-list's body from the step-1 form (the no-profile boxes already cleared their fields). */
export function buildWaitingListPayload(form: ArtistForm): WaitingListPayload {
  return {
    artistData: normaliseWaitingListEntry({
      firstName: form.firstName,
      surname: form.surname,
      artistName: form.artistName,
      email: form.email,
      phone: form.phone,
      country: form.country,
      city: form.city,
      instagramProfile: form.noInstagram ? '' : form.instagramProfile,
      tiktokProfile: form.noTikTok ? '' : form.tiktokProfile,
      spotifyProfile: form.spotifyProfile,
      listenLink: form.listenLink ?? '',
      projectDescription: form.projectDescription,
    }),
  };
}
