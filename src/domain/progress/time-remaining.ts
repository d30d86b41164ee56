/**
 * Time-remaining text of the upload modal (spec 001 §9). Minutes and hours are rounded down so
 * the text never jumps to the next unit early ('About 60 minutes' never appears).
 */
export const CALCULATING = 'Calculating...';
export const LESS_THAN_A_MINUTE = 'Less than 1 minute';

export function formatTimeRemaining(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return CALCULATING;
  if (seconds < 60) return LESS_THAN_A_MINUTE;
  if (seconds < 3600) {
    const minutes = Math.floor(seconds / 60);
    return `About ${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  const hours = Math.floor(seconds / 3600);
  return `About ${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * Seconds left, extrapolated from the time spent so far; null until some progress is made,
 * because an estimate from 0 percent is meaningless.
 */
export function estimateSecondsRemaining(startTime: number, now: number, progress: number): number | null {
  if (!(progress > 0) || now <= startTime) return null;
  if (progress >= 100) return 0;
  const elapsedSeconds = (now - startTime) / 1000;
  return Math.round((elapsedSeconds / progress) * (100 - progress));
}
