/** A social clip's start and end as mm:ss (spec 001 §3), minutes up to three digits. */
export const CLIP_TIME_PATTERN = /^\d{1,3}:[0-5]\d$/;

/** Social clips: at most 2 per track (spec 001 §9). */
export const MAX_SOCIAL_CLIPS = 2;
