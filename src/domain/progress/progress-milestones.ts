/**
 * Progress of the submit pipeline (spec 001 §4): fixed milestones, with the audio tracks sharing
 * 15-50 evenly and the artworks filling 55-65 and 70-80, so the bar only ever moves forward.
 */
export const PROGRESS = {
  validating: 5,
  preparing: 10,
  tracksStart: 15,
  tracksEnd: 50,
  artworkStart: 55,
  artworkEnd: 65,
  customArtworkStart: 70,
  customArtworkEnd: 80,
  submittingToBoard: 85,
  entryCreated: 95,
  socialClips: 97,
  done: 100,
} as const;

/** Each progress update waits this long so the artist can read it; success pauses before navigating. */
export const PROGRESS_UPDATE_DELAY_MS = 200;
export const SUCCESS_PAUSE_MS = 1_500;

/** Direct uploads report 0-100 for the transfer alone; it fills 0-90, then 95 processing, 100 done. */
export const DIRECT_UPLOAD_SCALE = 90;
export const DIRECT_UPLOAD_PROCESSING = 95;

function clampFraction(fraction: number): number {
  return Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
}

function spread(start: number, end: number, index: number, total: number, fraction: number): number {
  if (total <= 0) return end;
  const share = (end - start) / total;
  return Math.round(start + share * (index + clampFraction(fraction)));
}

/** Overall progress while uploading track `index` (0-based) of `total`, `fraction` of it done. */
export function getTrackUploadProgress(index: number, total: number, fraction: number): number {
  return spread(PROGRESS.tracksStart, PROGRESS.tracksEnd, index, total, fraction);
}

export function getArtworkUploadProgress(fraction: number): number {
  return spread(PROGRESS.artworkStart, PROGRESS.artworkEnd, 0, 1, fraction);
}

export function getCustomArtworkProgress(index: number, total: number, fraction: number): number {
  return spread(PROGRESS.customArtworkStart, PROGRESS.customArtworkEnd, index, total, fraction);
}

/** A direct upload's own percentage scaled to 0-90 of its bar. */
export function scaleDirectUploadProgress(percent: number): number {
  return Math.round(clampFraction(percent / 100) * DIRECT_UPLOAD_SCALE);
}

export function formatProcessingFile(current: number, total: number): string {
  return `Processing file ${current} of ${total}`;
}

export const LEAVE_DURING_UPLOAD_WARNING =
  'Upload in progress! Are you sure you want to leave? This will cancel your upload.';
