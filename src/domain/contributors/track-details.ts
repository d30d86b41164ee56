import type { FieldError } from '../common/field-error';
import type { SocialClip, TrackMetadata } from '../schemas/track';
import { CLIP_TIME_PATTERN, MAX_SOCIAL_CLIPS } from './clip-time';

/** Helper-text guidance for clips (spec 001 §5): 30-60 seconds, WAV, out 3 weeks before the track. */
export const RECOMMENDED_CLIP_MIN_SECONDS = 30;
export const RECOMMENDED_CLIP_MAX_SECONDS = 60;
export const CLIP_LEAD_WEEKS = 3;
export const DEFAULT_CLIP_STATUS = 'Ready';

/** A new clip covers the first 30 seconds. */
export function createDefaultSocialClip(id: string): SocialClip {
  return { id, startTime: '00:00', endTime: '00:30', status: DEFAULT_CLIP_STATUS };
}

/** Seconds from 'mm:ss', or null when the text is not a time. */
export function parseClipTime(value: string): number | null {
  const match = /^(\d{1,3}):([0-5]\d)$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Clip length is end minus start in seconds; null while either time is unreadable. */
export function getClipLengthSeconds(clip: Pick<SocialClip, 'startTime' | 'endTime'>): number | null {
  const start = parseClipTime(clip.startTime);
  const end = parseClipTime(clip.endTime);
  return start === null || end === null ? null : end - start;
}

export function isRecommendedClipLength(seconds: number): boolean {
  return seconds >= RECOMMENDED_CLIP_MIN_SECONDS && seconds <= RECOMMENDED_CLIP_MAX_SECONDS;
}

export function canAddSocialClip(clips: readonly SocialClip[]): boolean {
  return clips.length < MAX_SOCIAL_CLIPS;
}

export function addSocialClip(clips: readonly SocialClip[], id: string): SocialClip[] {
  return canAddSocialClip(clips) ? [...clips, createDefaultSocialClip(id)] : [...clips];
}

type SplitToggleFields = Pick<TrackMetadata, 'hasMasterSplit' | 'masterSplits'>;

/** Turning master splits off drops the splits, so stale splits are never submitted. */
export function setMasterSplitEnabled<M extends SplitToggleFields>(metadata: M, enabled: boolean): M {
  return { ...metadata, hasMasterSplit: enabled, masterSplits: enabled ? metadata.masterSplits : [] };
}

type ClipToggleFields = Pick<TrackMetadata, 'socialClipsEnabled' | 'socialClips'>;

/** Turning clips on starts with one default clip; turning them off drops them. */
export function setSocialClipsEnabled<M extends ClipToggleFields>(
  metadata: M,
  enabled: boolean,
  newClipId: string,
): M {
  if (!enabled) return { ...metadata, socialClipsEnabled: false, socialClips: [] };
  const socialClips =
    metadata.socialClips.length > 0 ? metadata.socialClips : [createDefaultSocialClip(newClipId)];
  return { ...metadata, socialClipsEnabled: true, socialClips };
}

/** Not quoted by the spec; shown under a clip's time inputs and in the step's problem list. */
export function formatClipTimeInvalid(clipNumber: number, end: 'start' | 'end'): string {
  return `Clip ${clipNumber} ${end} time must be minutes and seconds, e.g. 01:30`;
}

export function formatClipEndsBeforeStart(clipNumber: number): string {
  return `Clip ${clipNumber} must end after it starts`;
}

/**
 * Clip times must be mm:ss (the submission schema refuses anything else) and a clip must have a
 * positive length. `field` is the path of the clips, e.g. `tracks.0.metadata.socialClips`. Clips
 * only count while the clips toggle is on; turning it off clears them.
 */
export function validateSocialClips(
  clips: readonly Pick<SocialClip, 'startTime' | 'endTime'>[],
  field: string,
): FieldError[] {
  return clips.flatMap((clip, index) => {
    const n = index + 1;
    const at = `${field}.${index}`;
    const errors: FieldError[] = [];
    const startOk = CLIP_TIME_PATTERN.test(clip.startTime);
    const endOk = CLIP_TIME_PATTERN.test(clip.endTime);
    if (!startOk) errors.push({ field: `${at}.startTime`, message: formatClipTimeInvalid(n, 'start') });
    if (!endOk) errors.push({ field: `${at}.endTime`, message: formatClipTimeInvalid(n, 'end') });
    const length = getClipLengthSeconds(clip);
    if (startOk && endOk && length !== null && length <= 0) {
      errors.push({ field: `${at}.endTime`, message: formatClipEndsBeforeStart(n) });
    }
    return errors;
  });
}
