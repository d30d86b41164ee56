import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT } from '../common/text';
import { fieldValueSchema, fileSnapshotSchema, makeFieldChangeSchema } from '../review/field-values';
import { flaggableFieldSchema, flaggedFieldListSchema } from '../review/flagged-fields';
import {
  formatMessageTooLong,
  NOTE_MAX_LENGTH,
  NOTE_REQUIRED,
  NOTE_TOO_LONG,
  RATING_OUT_OF_RANGE,
} from '../review/messages';
import { STATUS_MESSAGE_MAX_LENGTH } from '../status/status-transitions';
import { submissionStatusSchema } from '../status/submission-status-schema';
import { boardItemDetailSchema } from './board';
import { pageAnswerFields, pageQueryFields } from './pagination';
import { submissionSchema } from './submission';
import { contributorSchema } from './track';

/**
 * The review workflow's API: change requests and resubmissions, rounds with what changed, the
 * timeline, private notes, ratings and assignment. Decision templates are in
 * review/decision-templates.ts.
 */

/** The final words to the artist: a filled template as edited, or staff's own. */
export const decisionMessageSchema = z
  .string()
  .trim()
  .max(STATUS_MESSAGE_MAX_LENGTH, { error: formatMessageTooLong(STATUS_MESSAGE_MAX_LENGTH) })
  .optional();

/** A decision template by id (decision-templates.ts); one that names none is refused in the domain's words. */
export const templateIdSchema = z.string().max(100).optional();

/** POST /api/board/items/{itemId}/change-requests: the marked fields with their notes (staff). */
export const changeRequestPayloadSchema = z.object({
  fields: flaggedFieldListSchema,
  message: decisionMessageSchema,
  templateId: templateIdSchema,
});
export type ChangeRequestPayload = z.infer<typeof changeRequestPayloadSchema>;

/** A marked field as shown: which field, its label in words, and the reviewer's note. */
export const flaggedFieldViewSchema = z.object({
  key: z.string(),
  field: flaggableFieldSchema,
  trackId: z.string().optional(),
  catalogueItemId: z.string().optional(),
  label: z.string(),
  note: z.string(),
});
export type FlaggedFieldView = z.infer<typeof flaggedFieldViewSchema>;

/** A file of a round with links to open it (null once the file is gone). */
export const fileSnapshotViewSchema = fileSnapshotSchema.extend({
  url: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});
export const fieldChangeViewSchema = makeFieldChangeSchema(fileSnapshotViewSchema);
export type FieldChangeView = z.infer<typeof fieldChangeViewSchema>;

export const REVIEW_ROUND_STATUSES = ['open', 'resubmitted', 'withdrawn'] as const;
export type ReviewRoundStatus = (typeof REVIEW_ROUND_STATUSES)[number];

/** One round (staff): the request, and once the artist answered it, every field's old → new. */
export const reviewRoundSchema = z.object({
  roundId: z.string(),
  number: z.number().int().positive(),
  status: z.enum(REVIEW_ROUND_STATUSES),
  /** The status the submission had when the changes were asked for. */
  fromStatus: submissionStatusSchema,
  requestedAt: z.string(),
  requestedBy: z.string().nullable(),
  /** The message the artist received with the request. */
  message: z.string().nullable(),
  template: z.object({ templateId: z.string(), name: z.string() }).nullable(),
  fields: z.array(flaggedFieldViewSchema),
  resubmittedAt: z.string().nullable(),
  resubmittedBy: z.string().nullable(),
  artistComment: z.string().nullable(),
  /** When staff withdrew the request (status changed while it was open). */
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  changes: z.array(fieldChangeViewSchema),
});
export type ReviewRound = z.infer<typeof reviewRoundSchema>;

export const reviewRoundsResponseSchema = z.object({
  success: z.literal(true),
  rounds: z.array(reviewRoundSchema),
});

export const changeRequestResponseSchema = z.object({
  success: z.literal(true),
  round: reviewRoundSchema,
  item: boardItemDetailSchema,
});

// --- The artist's side ---------------------------------------------------------------------------

/** A marked field as its artist sees it: the note, and the current value to edit and send back. */
export const artistFlaggedFieldSchema = flaggedFieldViewSchema.extend({
  current: fieldValueSchema.nullable(),
  /** The current file of an artwork or audio field, to show or play. */
  file: z.object({ fileName: z.string(), url: z.string() }).nullable(),
  /**
   * For a track's master splits: the people credited on the track now, whom a split may name by
   * id (`contributorId`), so the splits can be shown and edited with their names.
   */
  credited: z.array(contributorSchema).optional(),
});
export type ArtistFlaggedField = z.infer<typeof artistFlaggedFieldSchema>;

export const artistChangeRequestSchema = z.object({
  roundNumber: z.number().int().positive(),
  requestedAt: z.string(),
  message: z.string().nullable(),
  fields: z.array(artistFlaggedFieldSchema),
});
export type ArtistChangeRequest = z.infer<typeof artistChangeRequestSchema>;

/** GET /api/profile/submissions/{itemId}/change-request: null while nothing is asked. */
export const artistChangeRequestResponseSchema = z.object({
  success: z.literal(true),
  submission: submissionSchema,
  changeRequest: artistChangeRequestSchema.nullable(),
});
export type ArtistChangeRequestResponse = z.infer<typeof artistChangeRequestResponseSchema>;

/** POST /api/profile/submissions/{itemId}/resubmit: the submission, back under review. */
export const resubmissionResponseSchema = z.object({
  success: z.literal(true),
  submission: submissionSchema,
  resubmitted: z.object({
    roundNumber: z.number().int().positive(),
    resubmittedAt: z.string(),
    /** The labels of the fields whose value changed. */
    changedFields: z.array(z.string()),
  }),
});

// --- The timeline --------------------------------------------------------------------------------

export const timelineQuerySchema = z.object(pageQueryFields(50));
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

export const timelineEventSchema = z.object({
  eventId: z.string(),
  type: z.string(),
  label: z.string(),
  actor: z.string().nullable(),
  fromStatus: submissionStatusSchema.nullable(),
  toStatus: submissionStatusSchema.nullable(),
  message: z.string().nullable(),
  templateId: z.string().nullable(),
  roundId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const timelineResponseSchema = z.object({
  success: z.literal(true),
  events: z.array(timelineEventSchema),
  ...pageAnswerFields,
});
export type TimelineResponse = z.infer<typeof timelineResponseSchema>;

// --- Private notes, rating, assignment -----------------------------------------------------------

export const staffNotePayloadSchema = z.object({
  body: z
    .string({ error: NOTE_REQUIRED })
    .trim()
    .min(1, { error: NOTE_REQUIRED })
    .max(NOTE_MAX_LENGTH, { error: NOTE_TOO_LONG })
    .refine(isStorableText, UNSTORABLE_TEXT),
});

export const staffNoteSchema = z.object({
  noteId: z.string(),
  body: z.string(),
  author: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffNote = z.infer<typeof staffNoteSchema>;

export const staffNotesResponseSchema = z.object({
  success: z.literal(true),
  notes: z.array(staffNoteSchema),
});
export const staffNoteResponseSchema = z.object({ success: z.literal(true), note: staffNoteSchema });

export const ratingPayloadSchema = z.object({
  rating: z
    .number({ error: RATING_OUT_OF_RANGE })
    .int({ error: RATING_OUT_OF_RANGE })
    .min(1, { error: RATING_OUT_OF_RANGE })
    .max(5, { error: RATING_OUT_OF_RANGE })
    .nullable(),
});

/** A staff member's user id, or null to leave the submission unassigned. */
export const assigneePayloadSchema = z.object({ userId: z.string().max(100).nullable() });

export const reviewerSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
});
export const reviewersResponseSchema = z.object({
  success: z.literal(true),
  reviewers: z.array(reviewerSchema),
});
