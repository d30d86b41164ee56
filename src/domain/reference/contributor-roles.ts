/** Contributor roles exactly as the spec lists them (001 §3), in its order. */
export const CONTRIBUTOR_ROLES = [
  'Producer',
  'Vocals',
  'Mixing Engineer',
  'Mastering Engineer',
  'Guitar',
  'Bass',
  'Drums',
  'Keyboards',
  'Piano',
  'Saxophone',
  'Trumpet',
  'Violin',
  'Cello',
  'Songwriter',
  'Composer',
  'Arranger',
  'Backing Vocals',
  'Programming',
  'Sound Designer',
] as const;

export type ContributorRole = (typeof CONTRIBUTOR_ROLES)[number];

/** The contributor list shows at most this many role chips per person (spec 001 §9). */
export const MAX_VISIBLE_ROLE_CHIPS = 3;
