import type { Contributor, ContributorList } from '../../../domain';

/** A contributor as people read them: "Sam Reed"; the first name alone while the last is blank. */
export function formatContributorName(contributor: Pick<Contributor, 'firstName' | 'surname'>): string {
  return `${contributor.firstName} ${contributor.surname}`.trim();
}

/** How the track form and the dialog name each contributor list (spec 001 §5 placement). */
export const CONTRIBUTOR_LIST_LABELS: Record<ContributorList, string> = {
  featuredArtists: 'Featured',
  producers: 'Producer',
  nonFeaturedArtists: 'Non-featured',
};
