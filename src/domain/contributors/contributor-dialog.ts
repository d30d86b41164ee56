import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../common/email';
import { type FieldError, isBlank } from '../common/field-error';
import { FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED } from '../common/messages';
import type { Contributor, TrackMetadata } from '../schemas/track';
import { parseSpotifyArtistUrl } from '../spotify/spotify-url';
import { SELECT_A_ROLE } from './messages';

/**
 * Contributor dialog rules (spec 001 §5): first name, last name and a role are required, and a
 * primary artist needs a Spotify artist URL. The dialog keeps Add/Save disabled while this
 * returns problems; the messages let it say why.
 */
export function validateContributor(
  draft: Pick<Contributor, 'firstName' | 'surname' | 'roles' | 'isPrimaryArtist' | 'spotifyUrl' | 'email'>,
): FieldError[] {
  const errors: FieldError[] = [];
  if (isBlank(draft.firstName)) errors.push({ field: 'firstName', message: FIRST_NAME_REQUIRED });
  if (isBlank(draft.surname)) errors.push({ field: 'surname', message: LAST_NAME_REQUIRED });
  if (draft.roles.length === 0) errors.push({ field: 'roles', message: SELECT_A_ROLE });
  if (!isBlank(draft.email) && !isValidEmail(draft.email ?? '')) {
    errors.push({ field: 'email', message: INVALID_EMAIL_MESSAGE });
  }
  if (draft.isPrimaryArtist) {
    const spotify = parseSpotifyArtistUrl(draft.spotifyUrl ?? '');
    if (!spotify.ok) errors.push({ field: 'spotifyUrl', message: spotify.message });
  }
  return errors;
}

export function canSaveContributor(draft: Parameters<typeof validateContributor>[0]): boolean {
  return validateContributor(draft).length === 0;
}

export type ContributorList = 'featuredArtists' | 'producers' | 'nonFeaturedArtists';
const CONTRIBUTOR_LISTS: readonly ContributorList[] = ['featuredArtists', 'producers', 'nonFeaturedArtists'];

/** Placement: featured first, else anyone with the Producer role is a producer, else non-featured. */
export function chooseContributorList(
  contributor: Pick<Contributor, 'isFeatured' | 'roles'>,
): ContributorList {
  if (contributor.isFeatured) return 'featuredArtists';
  if (contributor.roles.includes('Producer')) return 'producers';
  return 'nonFeaturedArtists';
}

/** Trimmed names, and the Spotify URL kept only for a primary artist (spec 001 §3). */
export function normaliseContributor(contributor: Contributor): Contributor {
  const { spotifyUrl, ...rest } = contributor;
  const email = contributor.email?.trim();
  return {
    ...rest,
    firstName: contributor.firstName.trim(),
    surname: contributor.surname.trim(),
    email: email ? email : undefined,
    ...(contributor.isPrimaryArtist && spotifyUrl ? { spotifyUrl: spotifyUrl.trim() } : {}),
  };
}

type ContributorLists = Pick<TrackMetadata, ContributorList>;

/**
 * Adds or saves a contributor. An edit that keeps the contributor in the same list keeps its
 * position; one that changes list (e.g. ticking Featured) moves it to the end of the new list.
 */
export function saveContributor<M extends ContributorLists>(metadata: M, contributor: Contributor): M {
  const saved = normaliseContributor(contributor);
  const target = chooseContributorList(saved);
  const next = { ...metadata };
  for (const list of CONTRIBUTOR_LISTS) {
    const current = metadata[list];
    if (list === target) {
      const index = current.findIndex((c) => c.id === saved.id);
      next[list] = index === -1 ? [...current, saved] : current.map((c) => (c.id === saved.id ? saved : c));
    } else {
      next[list] = current.filter((c) => c.id !== saved.id);
    }
  }
  return next;
}

export function removeContributor<M extends ContributorLists>(metadata: M, contributorId: string): M {
  const next = { ...metadata };
  for (const list of CONTRIBUTOR_LISTS) next[list] = metadata[list].filter((c) => c.id !== contributorId);
  return next;
}

/** Contributors are satisfied by solo work or at least one person in any list (spec 001 §5). */
export function hasContributors(
  metadata: Pick<TrackMetadata, 'soloWork' | ContributorList> | undefined,
): boolean {
  if (!metadata) return false;
  return (
    metadata.soloWork ||
    metadata.featuredArtists.length > 0 ||
    metadata.nonFeaturedArtists.length > 0 ||
    metadata.producers.length > 0
  );
}
