/** Completion weights from spec 000 §5; they add up to exactly 100. */
export const PROFILE_COMPLETION_WEIGHTS = {
  name: 10,
  artistName: 10,
  nationality: 10,
  biography: 10,
  country: 5,
  city: 5,
  spotifyProfile: 10,
  appleMusicProfile: 5,
  soundcloudProfile: 5,
  instagramProfile: 5,
  website: 10,
  pplId: 7.5,
  prsId: 7.5,
} as const;

type WeightedField = keyof typeof PROFILE_COMPLETION_WEIGHTS;
export type CompletionInput = Partial<Record<WeightedField, string | null | undefined>>;

/** Weighted sum of the fields that are non-empty after trimming, capped at 100 and rounded. */
export function computeProfileCompletion(profile: CompletionInput): number {
  let total = 0;
  for (const [field, weight] of Object.entries(PROFILE_COMPLETION_WEIGHTS) as [WeightedField, number][]) {
    const value = profile[field];
    if (typeof value === 'string' && value.trim() !== '') total += weight;
  }
  return Math.round(Math.min(100, total));
}

export const COMPLETE_PROFILE_LABEL = 'Complete Profile';
export const EDIT_PROFILE_LABEL = 'Edit Profile';

/** The profile button invites completing the profile until it reaches 100% (spec 000 §2). */
export function getProfileButtonLabel(completion: number): string {
  return completion < 100 ? COMPLETE_PROFILE_LABEL : EDIT_PROFILE_LABEL;
}

/** The bar turns green once the profile is complete. */
export function getProfileBarColour(completion: number): 'success' | 'primary' {
  return completion >= 100 ? 'success' : 'primary';
}

/** Header name: the artist name, else the person's name, else 'User' (spec 000 §2). */
export function getDisplayName(user: { artistName?: string | null; name?: string | null }): string {
  const artistName = user.artistName?.trim();
  if (artistName) return artistName;
  const name = user.name?.trim();
  return name ? name : 'User';
}
