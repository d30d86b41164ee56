import { z } from 'zod';
import { compareIsoDates, formatLongDate, type IsoDate, isIsoDate } from '../common/calendar-date';
import { type FieldError, isBlank } from '../common/field-error';
import { hasContributors, validateContributor } from '../contributors/contributor-dialog';
import { validateMasterSplits } from '../contributors/master-splits';
import {
  formatFullReleaseBeforeLastSingle,
  formatTrackNeedsContributors,
  RELEASE_DATE_REQUIRED,
  RELEASE_DATE_TOO_SOON,
  TRACK_TITLES_REQUIRED,
} from '../music/messages';
import { hasMinimumLeadTime } from '../music/release-dates';
import { ISRC_INVALID, normaliseIsrc } from '../release/release-details';
import { shortTextSchema } from '../schemas/common';
import { contributorSchema, masterSplitSchema } from '../schemas/track';
import { parseSpotifyCatalogueUrl } from '../spotify/spotify-url';
import type { FieldNames } from './flagged-fields';
import {
  ARTIST_COMMENT_MAX_LENGTH,
  ARTIST_COMMENT_TOO_LONG,
  CATALOGUE_ARTIST_REQUIRED,
  CATALOGUE_ITEM_NOT_IN_SUBMISSION,
  CATALOGUE_TITLE_REQUIRED,
  MAX_FLAGGED_FIELDS,
  NEW_ARTWORK_NOT_USABLE,
  NEW_AUDIO_NOT_USABLE,
  RESUBMIT_AT_LEAST_ONE,
  TRACK_NOT_IN_SUBMISSION,
  UNKNOWN_FLAGGED_FIELD,
} from './messages';

/**
 * What the artist sends back for a marked field: its new value, in the same shape
 * the open request shows the current one, so a page edits what it was given and sends it back.
 * Files are uploads made while signed in, named by id; the server checks them as at the first
 * submission.
 */

const MAX_PEOPLE = 50;
const trackIdSchema = z
  .string({ error: TRACK_NOT_IN_SUBMISSION })
  .max(100, { error: TRACK_NOT_IN_SUBMISSION });
const fileIdOf = (message: string) =>
  z.string({ error: message }).min(1, { error: message }).max(100, { error: message });

export const contributorsValueSchema = z.object({
  soloWork: z.boolean(),
  featuredArtists: z.array(contributorSchema).max(MAX_PEOPLE),
  nonFeaturedArtists: z.array(contributorSchema).max(MAX_PEOPLE),
  producers: z.array(contributorSchema).max(MAX_PEOPLE),
});
export type ContributorsValue = z.infer<typeof contributorsValueSchema>;

export const splitsValueSchema = z.object({
  hasMasterSplit: z.boolean(),
  masterSplits: z.array(masterSplitSchema).max(MAX_PEOPLE),
});
export type SplitsValue = z.infer<typeof splitsValueSchema>;

export const catalogueItemValueSchema = z.object({
  title: shortTextSchema,
  artist: shortTextSchema,
  spotifyUrl: z.string().max(500),
  ...splitsValueSchema.shape,
});
export type CatalogueItemValue = z.infer<typeof catalogueItemValueSchema>;

export const fieldValueSchema = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('artwork'), fileId: fileIdOf(NEW_ARTWORK_NOT_USABLE) }),
    z.object({ field: z.literal('releaseDate'), releaseDate: z.string().max(20) }),
    z.object({
      field: z.literal('trackAudio'),
      trackId: trackIdSchema,
      fileId: fileIdOf(NEW_AUDIO_NOT_USABLE),
    }),
    z.object({ field: z.literal('trackTitle'), trackId: trackIdSchema, title: shortTextSchema }),
    z.object({ field: z.literal('trackIsrc'), trackId: trackIdSchema, isrc: z.string().max(50) }),
    z.object({
      field: z.literal('trackContributors'),
      trackId: trackIdSchema,
      ...contributorsValueSchema.shape,
    }),
    z.object({ field: z.literal('trackSplits'), trackId: trackIdSchema, ...splitsValueSchema.shape }),
    z.object({
      field: z.literal('catalogueItem'),
      catalogueItemId: z
        .string({ error: CATALOGUE_ITEM_NOT_IN_SUBMISSION })
        .max(100, { error: CATALOGUE_ITEM_NOT_IN_SUBMISSION }),
      ...catalogueItemValueSchema.shape,
    }),
  ],
  { error: UNKNOWN_FLAGGED_FIELD },
);
export type FieldValue = z.infer<typeof fieldValueSchema>;

/** POST /api/profile/submissions/{itemId}/resubmit: the new values, and a word to the reviewer. */
export const resubmissionPayloadSchema = z.object({
  changes: z
    .array(fieldValueSchema, { error: RESUBMIT_AT_LEAST_ONE })
    .min(1, { error: RESUBMIT_AT_LEAST_ONE })
    .max(MAX_FLAGGED_FIELDS, { error: RESUBMIT_AT_LEAST_ONE }),
  comment: z.string().trim().max(ARTIST_COMMENT_MAX_LENGTH, { error: ARTIST_COMMENT_TOO_LONG }).optional(),
});
export type ResubmissionPayload = z.infer<typeof resubmissionPayloadSchema>;

/** What a value's rules need to know of the submission. */
export interface FieldValueContext extends FieldNames {
  releaseStrategy?: string | undefined;
  earlyReleaseRequest?: boolean | undefined;
  /** The dates of the singles (singles first), in order. */
  singleDates?: readonly IsoDate[] | undefined;
}

/**
 * The form's own rules for a new value (spec 001 §5), in its messages. `at` is the value's path
 * in the request (`changes.0`). Files are checked by the server against the uploads.
 */
export function validateFieldValue(
  value: FieldValue,
  at: string,
  context: FieldValueContext,
  today: IsoDate,
): FieldError[] {
  const n = context.trackNumber ?? 0;
  const title = context.trackTitle?.trim() ?? '';
  switch (value.field) {
    case 'artwork':
    case 'trackAudio':
      return [];
    case 'releaseDate': {
      const date = value.releaseDate;
      if (!isIsoDate(date)) return [{ field: `${at}.releaseDate`, message: RELEASE_DATE_REQUIRED }];
      const lastSingle =
        context.releaseStrategy === 'singles_first' ? context.singleDates?.at(-1) : undefined;
      if (lastSingle !== undefined && compareIsoDates(date, lastSingle) < 0) {
        return [
          {
            field: `${at}.releaseDate`,
            message: formatFullReleaseBeforeLastSingle(formatLongDate(lastSingle) ?? lastSingle),
          },
        ];
      }
      if (!context.earlyReleaseRequest && !hasMinimumLeadTime(date, today)) {
        return [{ field: `${at}.releaseDate`, message: RELEASE_DATE_TOO_SOON }];
      }
      return [];
    }
    case 'trackTitle':
      return isBlank(value.title) ? [{ field: `${at}.title`, message: TRACK_TITLES_REQUIRED }] : [];
    case 'trackIsrc': {
      const isrc = value.isrc.trim();
      return isrc !== '' && normaliseIsrc(isrc) === null
        ? [{ field: `${at}.isrc`, message: ISRC_INVALID }]
        : [];
    }
    case 'trackContributors': {
      if (!hasContributors(value)) {
        return [{ field: `${at}`, message: formatTrackNeedsContributors(n, title) }];
      }
      if (value.soloWork) return [];
      const errors: FieldError[] = [];
      for (const list of ['featuredArtists', 'nonFeaturedArtists', 'producers'] as const) {
        value[list].forEach((contributor, c) => {
          for (const problem of validateContributor(contributor)) {
            errors.push({
              field: `${at}.${list}.${c}.${problem.field}`,
              message: `Track ${n} "${title}": ${problem.message}`,
            });
          }
        });
      }
      return errors;
    }
    case 'trackSplits':
      return validateMasterSplits({ title, ...value }, `${at}.masterSplits`);
    case 'catalogueItem': {
      const errors: FieldError[] = [];
      if (isBlank(value.title)) errors.push({ field: `${at}.title`, message: CATALOGUE_TITLE_REQUIRED });
      if (isBlank(value.artist)) errors.push({ field: `${at}.artist`, message: CATALOGUE_ARTIST_REQUIRED });
      const url = parseSpotifyCatalogueUrl(value.spotifyUrl);
      if (!url.ok) errors.push({ field: `${at}.spotifyUrl`, message: url.message });
      errors.push(...validateMasterSplits({ ...value, title: value.title.trim() }, `${at}.masterSplits`));
      return errors;
    }
  }
}

// --- What changed: old → new, field by field -----------------------------------------------------

/** A stored file as a round keeps it: enough to tell the two apart and to open either. */
export const fileSnapshotSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().nonnegative(),
  sha256: z.string(),
});
export type FileSnapshot = z.infer<typeof fileSnapshotSchema>;

const onTrack = { trackId: z.string() };

/**
 * One field's change in a round: its old and new value (before is null when the field had none).
 * `file` is how a file is shown: as stored in the round, or with links added for a reader.
 */
export function makeFieldChangeSchema<S extends z.ZodType>(file: S) {
  const changeOf = <F extends string, V extends z.ZodType, T extends z.ZodRawShape>(
    field: F,
    value: V,
    target: T,
  ) =>
    z.object({
      key: z.string(),
      field: z.literal(field),
      ...target,
      label: z.string(),
      /** False when the artist sent the same value back (a file: the same SHA-256). */
      changed: z.boolean(),
      before: value.nullable(),
      after: value,
    });
  return z.discriminatedUnion('field', [
    changeOf('artwork', file, {}),
    changeOf('releaseDate', z.string(), {}),
    changeOf('trackAudio', file, onTrack),
    changeOf('trackTitle', z.string(), onTrack),
    changeOf('trackIsrc', z.string(), onTrack),
    changeOf('trackContributors', contributorsValueSchema, onTrack),
    changeOf('trackSplits', splitsValueSchema, onTrack),
    changeOf('catalogueItem', catalogueItemValueSchema, { catalogueItemId: z.string() }),
  ]);
}

export const fieldChangeSchema = makeFieldChangeSchema(fileSnapshotSchema);
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const fieldChangeListSchema = z.array(fieldChangeSchema);

/** A value as compared: splits without their ids (stored rows and a form's entries differ only there). */
function comparable(value: unknown): unknown {
  if (!value || typeof value !== 'object' || !('masterSplits' in value)) return value;
  const splits = (value as { masterSplits: readonly { id?: string }[] }).masterSplits;
  return { ...value, masterSplits: splits.map(({ id: _id, ...rest }) => rest) };
}

/** Whether a field kept its value: files by content (SHA-256), everything else by what it says. */
export function isSameValue(before: unknown, after: unknown): boolean {
  const hashOf = (value: unknown) =>
    value && typeof value === 'object' && 'sha256' in value ? (value as FileSnapshot).sha256 : undefined;
  const a = hashOf(before);
  const b = hashOf(after);
  if (a !== undefined || b !== undefined) return a === b;
  return JSON.stringify(comparable(before)) === JSON.stringify(comparable(after));
}
