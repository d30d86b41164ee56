import { listTrackCredits } from '../contributors/track-credits';
import { formatDisplayArtists } from '../delivery/delivery-preview';
import {
  type DeliveryTrackFacts,
  getDdexReleaseType,
  listTrackDisplayArtists,
} from '../delivery/delivery-readiness';
import { DELIVERY_STATE_LABELS } from '../delivery/delivery-states';
import { normaliseIsrc } from '../release/release-details';
import type { DeliveryState } from '../schemas/delivery';
import { getStatusLabel, type SubmissionStatus } from '../status/submission-status';

/**
 * The board's current view as a CSV file (GET /api/board/export.csv): one line per track, in the
 * columns a distributor's bulk upload sheet asks for, so staff can hand over a batch of releases
 * without copying them out one by one. Pure: the server reads the rows and streams the lines.
 */

/** A track as the export reads it: its stored row and credits (as delivery reads them), its audio file's name and length. */
export type BoardExportTrack = Pick<
  DeliveryTrackFacts,
  | 'position'
  | 'title'
  | 'isrc'
  | 'soloWork'
  | 'hasLyrics'
  | 'productionYear'
  | 'parentalAdvisory'
  | 'contributors'
> & {
  audioFileName: string | null;
  durationSeconds: number | null;
};

export interface BoardExportSubmission {
  submissionId: string;
  /** The release's UPC/EAN-13 once assigned (release_deliveries.icpn). */
  icpn: string | null;
  releaseTitle: string;
  artistName: string;
  releaseType: string;
  labelName: string;
  primaryGenre: string;
  subGenre: string;
  releaseDate: string | null;
  status: SubmissionStatus;
  deliveryState: DeliveryState | null;
  tracks: BoardExportTrack[];
}

export const BOARD_EXPORT_COLUMNS = [
  'UPC',
  'Release title',
  'Release artist',
  'Release type',
  'Label',
  'Genre',
  'Subgenre',
  'Release date',
  'Status',
  'Delivery',
  'Track number',
  'Track title',
  'ISRC',
  'Track artists',
  'Explicit',
  'Production year',
  'Composer/Lyricist/Producer credits',
  'Duration',
  'Audio file name',
  'Submission id',
] as const;

/** Written first, so Excel reads the file as UTF-8 (accents, other scripts) rather than its ANSI page. */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';

/**
 * What a spreadsheet would run as a formula (OWASP's CSV injection list): an artist's title is
 * theirs to write, and "=HYPERLINK(…)" must reach staff's screen as text, not as a live link.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field per RFC 4180: a value starting like a formula gets a leading apostrophe (shown as
 * text, the apostrophe hidden), and a value holding a comma, a quote or a line break is quoted,
 * its quotes doubled. Nothing is empty.
 */
export function formatCsvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of the file, ended with CRLF as RFC 4180 has it. */
export function formatCsvLine(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(formatCsvField).join(',')}\r\n`;
}

/** `imprint-board-2026-03-05.csv`, dated with the label's day. */
export function formatBoardExportFileName(today: string): string {
  return `imprint-board-${today}.csv`;
}

/**
 * m:ss to the nearest second, minutes past 59 included (62:05), as bulk sheets read a duration
 * (formatDuration's h:mm:ss is for people); empty until the audio file was measured.
 */
export function formatExportDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const EXPLICIT_WORDS: Record<string, string> = { yes: 'Yes', no: 'No', cleaned: 'Clean' };

/**
 * The roles this column lists: who wrote the work and who produced the recording, as publishers'
 * and distributors' sheets ask. A songwriter wrote both music and words. Performers and engineers
 * are credited on the release page, not in this sheet.
 */
const WRITING_AND_PRODUCTION_ROLES: ReadonlySet<string> = new Set([
  'Composer',
  'Lyricist',
  'Songwriter',
  'Producer',
]);

function personName(person: { firstName: string; surname: string }): string {
  return [person.firstName, person.surname]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** "Name (Composer, Producer); Name (Lyricist)": a solo track credits its artist (listTrackCredits). */
export function formatWritingCredits(track: BoardExportTrack, artistName: string): string {
  return listTrackCredits(
    {
      soloWork: track.soloWork,
      hasLyrics: track.hasLyrics,
      contributors: track.contributors.map((c) => ({ name: personName(c), roles: c.roles })),
    },
    artistName,
  )
    .map((credit) => ({
      name: credit.name,
      roles: credit.roles.filter((role) => WRITING_AND_PRODUCTION_ROLES.has(role)),
    }))
    .filter((credit) => credit.name !== '' && credit.roles.length > 0)
    .map((credit) => `${credit.name} (${credit.roles.join(', ')})`)
    .join('; ');
}

/** The ISRC as stores take it (12 characters, no hyphens); what is stored when it is not one. */
function exportIsrc(isrc: string | null): string {
  if (!isrc) return '';
  return normaliseIsrc(isrc)?.replaceAll('-', '') ?? isrc;
}

/**
 * The file's lines of one submission, fields unescaped: one per track in the artist's order, or
 * one with the release's fields and the track's left empty when it has none (a catalogue transfer).
 */
export function listBoardExportRows(submission: BoardExportSubmission): string[][] {
  const artistName = submission.artistName.trim();
  const release = [
    submission.icpn ?? '',
    submission.releaseTitle,
    artistName,
    getDdexReleaseType(submission.releaseType) ?? submission.releaseType,
    submission.labelName,
    submission.primaryGenre,
    submission.subGenre,
    submission.releaseDate ?? '',
    getStatusLabel(submission.status),
    submission.deliveryState ? DELIVERY_STATE_LABELS[submission.deliveryState] : '',
  ];
  const tracks = [...submission.tracks].sort((a, b) => a.position - b.position);
  if (tracks.length === 0) {
    return [[...release, '', '', '', '', '', '', '', '', '', submission.submissionId]];
  }
  return tracks.map((track, index) => [
    ...release,
    String(index + 1),
    track.title,
    exportIsrc(track.isrc),
    formatDisplayArtists(listTrackDisplayArtists(artistName, track.contributors)),
    track.parentalAdvisory ? (EXPLICIT_WORDS[track.parentalAdvisory] ?? '') : '',
    track.productionYear ?? '',
    formatWritingCredits(track, artistName),
    formatExportDuration(track.durationSeconds),
    track.audioFileName ?? '',
    submission.submissionId,
  ]);
}
