import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT } from '../common/text';
import {
  CATALOGUE_ITEM_NOT_IN_SUBMISSION,
  FLAG_AT_LEAST_ONE,
  FLAG_NOTE_MAX_LENGTH,
  FLAG_NOTE_REQUIRED,
  FLAG_NOTE_TOO_LONG,
  formatFlaggedTwice,
  MAX_FLAGGED_FIELDS,
  NOTHING_TO_FLAG_IN_TRANSFER,
  TOO_MANY_FLAGS,
  TRACK_NOT_IN_SUBMISSION,
  UNKNOWN_FLAGGED_FIELD,
} from './messages';

/**
 * Field-level change requests: what a reviewer can mark for the artist to fix. The
 * release's own fields (artwork, release date), a track's (audio, title, ISRC, contributors,
 * master splits) named by the track's id, and a catalogue item of a transfer named by its id.
 */
export const FLAGGABLE_FIELDS = [
  'artwork',
  'releaseDate',
  'trackAudio',
  'trackTitle',
  'trackIsrc',
  'trackContributors',
  'trackSplits',
  'catalogueItem',
] as const;
export type FlaggableField = (typeof FLAGGABLE_FIELDS)[number];
export const flaggableFieldSchema = z.enum(FLAGGABLE_FIELDS, { error: UNKNOWN_FLAGGED_FIELD });

export const TRACK_FIELDS = [
  'trackAudio',
  'trackTitle',
  'trackIsrc',
  'trackContributors',
  'trackSplits',
] as const satisfies readonly FlaggableField[];
export type TrackField = (typeof TRACK_FIELDS)[number];

/** Which field: the kind, and the track or catalogue item it belongs to. */
export type FieldTarget =
  | { field: 'artwork' | 'releaseDate' }
  | { field: TrackField; trackId: string }
  | { field: 'catalogueItem'; catalogueItemId: string };

export function isTrackField(field: FlaggableField): field is TrackField {
  return (TRACK_FIELDS as readonly string[]).includes(field);
}

/** The target of a flat record (a stored flag, a view): its track or item id where the field has one. */
export function targetOf(record: {
  field: FlaggableField;
  trackId?: string | undefined;
  catalogueItemId?: string | undefined;
}): FieldTarget {
  if (record.field === 'catalogueItem')
    return { field: record.field, catalogueItemId: record.catalogueItemId ?? '' };
  if (isTrackField(record.field)) return { field: record.field, trackId: record.trackId ?? '' };
  return { field: record.field };
}

/** One string per field of a submission: 'artwork', 'trackTitle:<trackId>', 'catalogueItem:<id>'. */
export function fieldKey(target: FieldTarget): string {
  if ('trackId' in target) return `${target.field}:${target.trackId}`;
  if ('catalogueItemId' in target) return `${target.field}:${target.catalogueItemId}`;
  return target.field;
}

/** The names a field's label needs: the track's number and title, or the catalogue item's title. */
export interface FieldNames {
  trackNumber?: number | undefined;
  trackTitle?: string | undefined;
  catalogueTitle?: string | undefined;
}

const TRACK_PART: Record<TrackField, string> = {
  trackAudio: 'The audio',
  trackTitle: 'The title',
  trackIsrc: 'The ISRC',
  trackContributors: 'The contributors',
  trackSplits: 'The master splits',
};

/** The field as people read it: 'The artwork', 'The title of track 2 "Tide"', 'The catalogue item "Blue"'. */
export function describeField(target: FieldTarget, names: FieldNames = {}): string {
  switch (target.field) {
    case 'artwork':
      return 'The artwork';
    case 'releaseDate':
      return 'The release date';
    case 'catalogueItem':
      return names.catalogueTitle?.trim()
        ? `The catalogue item "${names.catalogueTitle.trim()}"`
        : 'A catalogue item';
    default: {
      const track =
        names.trackNumber !== undefined
          ? `track ${names.trackNumber}${names.trackTitle?.trim() ? ` "${names.trackTitle.trim()}"` : ''}`
          : 'a track';
      return `${TRACK_PART[target.field]} of ${track}`;
    }
  }
}

// --- The reviewer's marks -----------------------------------------------------------------------

const noteSchema = z
  .string({ error: FLAG_NOTE_REQUIRED })
  .trim()
  .min(1, { error: FLAG_NOTE_REQUIRED })
  .max(FLAG_NOTE_MAX_LENGTH, { error: FLAG_NOTE_TOO_LONG })
  .refine(isStorableText, UNSTORABLE_TEXT);
/** Record ids; one that names nothing of this submission is refused by the server in these words. */
const trackIdSchema = z
  .string({ error: TRACK_NOT_IN_SUBMISSION })
  .max(100, { error: TRACK_NOT_IN_SUBMISSION });
const catalogueItemIdSchema = z
  .string({ error: CATALOGUE_ITEM_NOT_IN_SUBMISSION })
  .max(100, { error: CATALOGUE_ITEM_NOT_IN_SUBMISSION });

const trackFlag = <F extends TrackField>(field: F) =>
  z.object({ field: z.literal(field), trackId: trackIdSchema, note: noteSchema });

/** One marked field with the reviewer's note: a discriminated union on `field`. */
export const flaggedFieldSchema = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('artwork'), note: noteSchema }),
    z.object({ field: z.literal('releaseDate'), note: noteSchema }),
    trackFlag('trackAudio'),
    trackFlag('trackTitle'),
    trackFlag('trackIsrc'),
    trackFlag('trackContributors'),
    trackFlag('trackSplits'),
    z.object({ field: z.literal('catalogueItem'), catalogueItemId: catalogueItemIdSchema, note: noteSchema }),
  ],
  { error: UNKNOWN_FLAGGED_FIELD },
);
export type FlaggedField = z.infer<typeof flaggedFieldSchema>;

export const flaggedFieldListSchema = z
  .array(flaggedFieldSchema, { error: FLAG_AT_LEAST_ONE })
  .min(1, { error: FLAG_AT_LEAST_ONE })
  .max(MAX_FLAGGED_FIELDS, { error: TOO_MANY_FLAGS });

/** What a submission offers to mark: its tracks (id, title) and catalogue items (id, title), in order. */
export interface FlaggableSubmission {
  uploadType: string;
  tracks: readonly { id: string; title: string }[];
  catalogueItems: readonly { id: string; title: string }[];
}

/** The names for a field's label, looked up in the submission (undefined parts when it names nothing). */
export function namesOfField(target: FieldTarget, submission: FlaggableSubmission): FieldNames {
  if ('trackId' in target) {
    const index = submission.tracks.findIndex((track) => track.id === target.trackId);
    return index < 0 ? {} : { trackNumber: index + 1, trackTitle: submission.tracks[index]?.title };
  }
  if ('catalogueItemId' in target) {
    const item = submission.catalogueItems.find((entry) => entry.id === target.catalogueItemId);
    return item ? { catalogueTitle: item.title } : {};
  }
  return {};
}

/** Whether the field exists in this submission: its track or item is there, a transfer has no artwork. */
export function checkFieldTarget(target: FieldTarget, submission: FlaggableSubmission): string | null {
  if ('trackId' in target) {
    return submission.tracks.some((track) => track.id === target.trackId) ? null : TRACK_NOT_IN_SUBMISSION;
  }
  if ('catalogueItemId' in target) {
    return submission.catalogueItems.some((item) => item.id === target.catalogueItemId)
      ? null
      : CATALOGUE_ITEM_NOT_IN_SUBMISSION;
  }
  return submission.uploadType === 'transfer' ? NOTHING_TO_FLAG_IN_TRANSFER : null;
}

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * A change request's marks against the submission: each names a field it has, and no field is
 * marked twice. `at` is the path of the list in the request (`fields`).
 */
export function checkFlags(
  flags: readonly FlaggedField[],
  submission: FlaggableSubmission,
  at = 'fields',
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  flags.forEach((flag, index) => {
    const missing = checkFieldTarget(flag, submission);
    if (missing) {
      problems.push({ field: `${at}.${index}`, message: missing });
      return;
    }
    const key = fieldKey(flag);
    if (seen.has(key)) {
      problems.push({
        field: `${at}.${index}`,
        message: formatFlaggedTwice(describeField(flag, namesOfField(flag, submission))),
      });
    }
    seen.add(key);
  });
  return problems;
}
