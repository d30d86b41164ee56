import { formatDuration, formatLongDate, formatSampleRate, getReleaseTypeLabel } from '../../../../domain';
import { parseIsoDate } from '../../../../domain/common/calendar-date';
import { dateTimePartsOf, mediumDateText, mediumDateTimeText } from '../../../../domain/common/date-text';
import { isUploadType, UPLOAD_TYPE_LABELS } from '../../../../domain/submission/upload-types';

/** Where staff find the board. */
export const BOARD_PATH = '/admin/board';

export const EMPTY_VALUE = '—';

/**
 * When a submission or an event happened, in the reader's time zone: 'Jan 5, 2027, 3:04 PM'; in
 * UTC while a page the server rendered is hydrated (`useReaderTimeZone`).
 */
export function formatSubmittedAt(iso: string, timeZone?: 'UTC'): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return mediumDateTimeText(dateTimePartsOf(ms, timeZone === 'UTC' ? 'UTC' : 'local'));
}

/** The day of `formatSubmittedAt` alone, 'Jan 5, 2027': the board's dense rows (the time on hover). */
export function formatSubmittedDay(iso: string, timeZone?: 'UTC'): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return mediumDateText(dateTimePartsOf(ms, timeZone === 'UTC' ? 'UTC' : 'local'));
}

/**
 * A count on the board: '1,234', or '1,000+' for one that stopped at the cap (a search or filter
 * over a large board counts each status up to BOARD_COUNT_CAP; more is never shown as exact).
 */
export function formatBoardCount(count: number, capped = false): string {
  return `${count.toLocaleString('en-US')}${capped ? '+' : ''}`;
}

/** A calendar date in US long format, or the em dash when there is none. */
export function formatBoardDate(value: string | null | undefined): string {
  if (!value) return EMPTY_VALUE;
  return formatLongDate(value) ?? value;
}

/** A calendar date as the triage list writes it, 'Jan 15, 2025', or the em dash when there is none. */
export function formatShortBoardDate(value: string | null | undefined): string {
  if (!value) return EMPTY_VALUE;
  const ms = parseIsoDate(value);
  return ms === null ? value : mediumDateText(dateTimePartsOf(ms, 'UTC'));
}

/** 'Single', 'EP', 'Album'; a transfer is named as such, and new music with a transfer says so. */
export function formatSubmissionType(uploadType: string, releaseType: string): string {
  if (uploadType === 'transfer') return UPLOAD_TYPE_LABELS.transfer;
  const release = getReleaseTypeLabel(releaseType);
  return uploadType === 'both' ? `${release} + transfer` : release;
}

export function formatUploadType(uploadType: string): string {
  return isUploadType(uploadType) ? UPLOAD_TYPE_LABELS[uploadType] : uploadType;
}

/** A release with no title of its own (a catalogue transfer) still needs words for its link. */
export function releaseTitleOf(item: { releaseTitle: string; uploadType: string }): string {
  return (
    item.releaseTitle.trim() || (item.uploadType === 'transfer' ? 'Catalogue transfer' : 'Untitled release')
  );
}

function numberIn(media: Record<string, unknown> | null, key: string): number | undefined {
  const value = media?.[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** '2 ch · 44.1 kHz · 24-bit · 3:12' from what the upload check found; the format for others ('MP3'). */
export function formatAudioLine(media: Record<string, unknown> | null): string {
  const channels = numberIn(media, 'channels');
  const sampleRate = numberIn(media, 'sampleRate');
  const bitDepth = numberIn(media, 'bitDepth');
  const duration = numberIn(media, 'durationSeconds');
  const parts = [
    channels !== undefined ? `${channels} ch` : undefined,
    sampleRate !== undefined ? formatSampleRate(sampleRate) : undefined,
    bitDepth !== undefined ? `${bitDepth}-bit` : undefined,
    duration !== undefined ? formatDuration(duration) : undefined,
  ].filter((part): part is string => part !== undefined);
  if (parts.length > 0) return parts.join(' · ');
  const format = media?.format;
  return typeof format === 'string' ? format.toUpperCase() : '';
}

/** '640 × 640 px', or '' when the size is unknown. */
export function formatImageSize(media: Record<string, unknown> | null): string {
  const width = numberIn(media, 'width');
  const height = numberIn(media, 'height');
  return width !== undefined && height !== undefined ? `${width} × ${height} px` : '';
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
