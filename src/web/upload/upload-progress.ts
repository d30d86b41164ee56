import {
  DIRECT_UPLOAD_PROCESSING,
  estimateSecondsRemaining,
  formatTimeRemaining,
  PROGRESS,
  scaleDirectUploadProgress,
} from '../../domain';

/** How the bytes travel: multipart POST, tus (resumable), or a signed-URL PUT. */
export type UploadMethod = 'standard' | 'resumable' | 'direct';
export type UploadPhase = 'uploading' | 'processing' | 'done';

export interface UploadProgress {
  phase: UploadPhase;
  /** 0-90 while bytes move, 95 while the server checks and files them, 100 when done (spec 001 §4). */
  percent: number;
  bytesSent: number;
  bytesTotal: number;
  method: UploadMethod;
  /** The spec's time-remaining text ('Calculating...', 'About 3 minutes', ...). */
  timeRemainingText: string;
}

export interface ProgressReporter {
  /** A new attempt: a fallback starts again from 0 under its own method. */
  begin(method: UploadMethod, bytesTotal: number): void;
  bytes(sent: number): void;
  processing(): void;
  done(): void;
}

/**
 * Turns byte counts into the events the form shows. Every path uses the spec's scale for direct
 * uploads (bytes fill 0-90, then 95, then 100): the standard upload also ends with the server
 * checking and filing the file, and a bar sitting at 100 while it does would be wrong.
 *
 * The rate is measured from the first bytes reported in an attempt, not from zero, so an upload
 * resumed at 60 % does not look impossibly fast. Within an attempt the percentage never goes
 * back (tus may rewind to the last acknowledged byte after a dropped connection), and an event is
 * sent only when something shown changes, not for every 64 KiB written.
 */
export function createProgressReporter(
  onProgress: ((progress: UploadProgress) => void) | undefined,
  now: () => number = Date.now,
): ProgressReporter {
  let method: UploadMethod = 'standard';
  let total = 0;
  let sent = 0;
  let percent = 0;
  let baseline: { time: number; bytes: number } | undefined;
  let last: UploadProgress | undefined;

  function emit(phase: UploadPhase, timeRemainingText: string) {
    const event: UploadProgress = {
      phase,
      percent,
      bytesSent: sent,
      bytesTotal: total,
      method,
      timeRemainingText,
    };
    if (
      last &&
      last.phase === event.phase &&
      last.percent === event.percent &&
      last.method === event.method &&
      last.timeRemainingText === event.timeRemainingText
    )
      return;
    last = event;
    onProgress?.(event);
  }

  function estimate(): string {
    if (!baseline) return formatTimeRemaining(null);
    const remainingAtStart = total - baseline.bytes;
    if (remainingAtStart <= 0) return formatTimeRemaining(0);
    const done = ((sent - baseline.bytes) / remainingAtStart) * 100;
    return formatTimeRemaining(estimateSecondsRemaining(baseline.time, now(), done));
  }

  return {
    begin(nextMethod, bytesTotal) {
      method = nextMethod;
      total = bytesTotal;
      sent = 0;
      percent = 0;
      baseline = undefined;
      emit('uploading', formatTimeRemaining(null));
    },
    bytes(bytesSent) {
      sent = Math.min(Math.max(0, bytesSent), total);
      if (!baseline) baseline = { time: now(), bytes: sent };
      const scaled = total > 0 ? scaleDirectUploadProgress((sent / total) * 100) : 0;
      percent = Math.max(percent, scaled);
      emit('uploading', estimate());
    },
    processing() {
      sent = total;
      percent = Math.max(percent, DIRECT_UPLOAD_PROCESSING);
      emit('processing', formatTimeRemaining(0));
    },
    done() {
      sent = total;
      percent = PROGRESS.done;
      emit('done', formatTimeRemaining(0));
    },
  };
}
