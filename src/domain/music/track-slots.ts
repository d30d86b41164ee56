import type { ReleaseType } from '../schemas/submission-form';
import type { Track } from '../schemas/track';
import { hasTrackAudio } from './track-audio';

/** Empty track slots shown when a release type is chosen (spec 001 §4, §9). */
export const INITIAL_TRACK_SLOTS: Readonly<Record<ReleaseType, number>> = { single: 1, ep: 3, lp: 6 };

/** The "add another track" control disappears at these counts... */
export const ADD_TRACK_HIDDEN_AT: Readonly<Record<ReleaseType, number>> = { single: 2, ep: 6, lp: 12 };

/** ...while the add handler itself stops at these, so an LP can still reach 20 by other means. */
export const MAX_TRACKS: Readonly<Record<ReleaseType, number>> = { single: 2, ep: 6, lp: 20 };

export function canShowAddTrack(releaseType: ReleaseType, trackCount: number): boolean {
  return trackCount < ADD_TRACK_HIDDEN_AT[releaseType];
}

export function addTrackSlot<T extends Track>(
  tracks: readonly T[],
  releaseType: ReleaseType,
  newTrack: T,
): T[] {
  if (tracks.length >= MAX_TRACKS[releaseType]) return [...tracks];
  return [...tracks, newTrack];
}

/**
 * Changing the release type resets the slots to 1, 3 or 6, keeping tracks that already hold audio
 * (up to that count) so the artist does not lose uploads; the rest are new empty slots.
 */
export function resizeTracksForReleaseType<T extends Track & { file?: unknown }>(
  tracks: readonly T[],
  releaseType: ReleaseType,
  createEmptyTrack: (index: number) => T,
): T[] {
  const slots = INITIAL_TRACK_SLOTS[releaseType];
  const kept = tracks.filter(hasTrackAudio).slice(0, slots);
  const empty = Array.from({ length: slots - kept.length }, (_, i) => createEmptyTrack(kept.length + i));
  return [...kept, ...empty];
}

export type ReleaseSizeName = 'Single' | 'EP' | 'Album';

/** How the strategy screen names a release by its track count: up to 2 Single, up to 6 EP, more Album. */
export function nameReleaseBySize(trackCount: number): ReleaseSizeName {
  if (trackCount <= 2) return 'Single';
  if (trackCount <= 6) return 'EP';
  return 'Album';
}
