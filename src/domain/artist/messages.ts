/** Artist-details messages, word for word from spec 001 §5 ({host} is instagram.com / tiktok.com). */
export const INCLUDE_INSTAGRAM_HOST = 'Please include instagram.com/ in the URL';
export const INCLUDE_TIKTOK_HOST = 'Please include tiktok.com/ in the URL';
/** Wizard banner texts for step 1. */
export const ARTIST_STEP_REQUIRED_FIELDS =
  'Please fill in all required fields: Artist Name, Country, and City';
export const ARTIST_STEP_INVALID_EMAIL = 'Please provide a valid email address';
/** Waiting list. */
export const LISTEN_LINK_REQUIRED = 'Please provide a listen link for your latest project.';

/** Not quoted by the spec, which only says the profiles are required unless the box is ticked. */
export const INSTAGRAM_REQUIRED = 'Instagram profile is required';
export const TIKTOK_REQUIRED = 'TikTok profile is required';

/** The waiting-list alert lists the missing fields; the spec does not quote its wording. */
export function formatMissingFieldsAlert(labels: readonly string[]): string {
  return `Please fill in the following required fields: ${labels.join(', ')}`;
}
