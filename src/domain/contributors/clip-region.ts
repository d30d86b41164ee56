import { formatClipTime } from '../files/wav-slice';
import type { SocialClip } from '../schemas/track';
import { parseClipTime, RECOMMENDED_CLIP_MAX_SECONDS, RECOMMENDED_CLIP_MIN_SECONDS } from './track-details';

/**
 * A social clip as a span of the track's waveform: the rules of the picker, pure so
 * that the waveform, the keyboard and the mm:ss fields agree. Times are whole seconds, because a
 * clip is stored as mm:ss (spec 001 §3); the length a region may be dragged or resized to is the
 * spec's 30-60 seconds (§5, §9), or the whole track when it is shorter than that.
 */

export interface ClipRegion {
  /** Seconds from the start of the track. */
  start: number;
  end: number;
}

/** Which part of the region the artist moved: an edge (resize) or the whole region (drag, nudge). */
export type ClipRegionEdge = 'start' | 'end' | 'move';

/** Arrow keys move a region by a second, with Shift by five (Page Up / Page Down by ten). */
export const CLIP_NUDGE_SECONDS = 1;
export const CLIP_NUDGE_LARGE_SECONDS = 5;
export const CLIP_NUDGE_PAGE_SECONDS = 10;

/** The last whole second a clip can end on. */
function lastSecond(trackSeconds: number): number {
  return Math.max(0, Math.floor(trackSeconds));
}

/** The lengths a region may take on a track of `trackSeconds`: 30-60 s, or the whole of a shorter track. */
export function getAllowedClipLength(trackSeconds: number): { min: number; max: number } {
  const whole = lastSecond(trackSeconds);
  return {
    min: Math.min(RECOMMENDED_CLIP_MIN_SECONDS, whole),
    max: Math.min(RECOMMENDED_CLIP_MAX_SECONDS, whole),
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/**
 * Where a region lands after the artist dragged `edge` (or the whole of it) to `region`: whole
 * seconds, inside the track, and of an allowed length. A resized edge stops at the length limit
 * while the other edge stays put; a moved region keeps its length (brought into 30-60 s) and stops
 * at the ends of the track.
 */
export function clampClipRegion(region: ClipRegion, trackSeconds: number, edge: ClipRegionEdge): ClipRegion {
  const total = lastSecond(trackSeconds);
  const { min, max } = getAllowedClipLength(trackSeconds);
  let start = clamp(Math.round(region.start), 0, total);
  let end = clamp(Math.round(region.end), 0, total);
  if (edge === 'start') {
    start = clamp(start, end - max, end - min);
    if (start < 0) {
      start = 0;
      end = Math.max(end, min);
    }
    return { start, end };
  }
  if (edge === 'end') {
    end = clamp(end, start + min, start + max);
    if (end > total) {
      end = total;
      start = Math.min(start, total - min);
    }
    return { start, end };
  }
  // A moved region keeps the length it was dragged with, wherever it was let go.
  const length = clamp(Math.round(region.end) - Math.round(region.start), min, max);
  start = clamp(Math.round(region.start), 0, total - length);
  return { start, end: start + length };
}

/** The region moved by `seconds` (negative: earlier), its length kept, stopping at the track's ends. */
export function nudgeClipRegion(region: ClipRegion, seconds: number, trackSeconds: number): ClipRegion {
  const total = lastSecond(trackSeconds);
  const length = Math.max(0, Math.min(total, Math.round(region.end) - Math.round(region.start)));
  const start = clamp(Math.round(region.start) + Math.round(seconds), 0, total - length);
  return { start, end: start + length };
}

/**
 * The region of a clip whose times read as mm:ss and which ends after it starts, as far as it
 * lies on the track; null otherwise (the clip's fields say what is wrong).
 */
export function getClipRegion(
  clip: Pick<SocialClip, 'startTime' | 'endTime'>,
  trackSeconds: number,
): ClipRegion | null {
  const start = parseClipTime(clip.startTime);
  const end = parseClipTime(clip.endTime);
  if (start === null || end === null || end <= start) return null;
  const total = lastSecond(trackSeconds);
  if (start >= total) return null;
  return { start, end: Math.min(end, total) };
}

/** The clip's mm:ss times for a region. */
export function toClipTimes(region: ClipRegion): Pick<SocialClip, 'startTime' | 'endTime'> {
  return { startTime: formatClipTime(region.start), endTime: formatClipTime(region.end) };
}

/** What a screen reader hears after a region moved, e.g. "Clip 1: 00:45 to 01:25, 40 seconds". */
export function describeClipRegion(clipNumber: number, region: ClipRegion): string {
  const { startTime, endTime } = toClipTimes(region);
  return `Clip ${clipNumber}: ${startTime} to ${endTime}, ${region.end - region.start} seconds`;
}

/** Said when a dragged edge stopped at the allowed length. */
export function formatClipLengthLimited(clipNumber: number, seconds: number): string {
  return `Clip ${clipNumber} stops at ${seconds} seconds: clips are ${RECOMMENDED_CLIP_MIN_SECONDS}-${RECOMMENDED_CLIP_MAX_SECONDS} seconds`;
}

/**
 * Where a focused region goes for a key (a slider's keys, WAI-ARIA APG): arrows by a second, with
 * Shift by five, Page Up/Down by ten, Home/End to the start/end of the track. Null: not a key the
 * region answers, so the browser keeps it (Tab, for one).
 */
export function getClipRegionForKey(
  key: string,
  shiftKey: boolean,
  region: ClipRegion,
  trackSeconds: number,
): ClipRegion | null {
  const step = shiftKey ? CLIP_NUDGE_LARGE_SECONDS : CLIP_NUDGE_SECONDS;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return nudgeClipRegion(region, -step, trackSeconds);
    case 'ArrowRight':
    case 'ArrowUp':
      return nudgeClipRegion(region, step, trackSeconds);
    case 'PageDown':
      return nudgeClipRegion(region, -CLIP_NUDGE_PAGE_SECONDS, trackSeconds);
    case 'PageUp':
      return nudgeClipRegion(region, CLIP_NUDGE_PAGE_SECONDS, trackSeconds);
    case 'Home':
      return nudgeClipRegion(region, -region.start, trackSeconds);
    case 'End':
      return nudgeClipRegion(region, trackSeconds, trackSeconds);
    default:
      return null;
  }
}
