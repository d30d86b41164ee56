import { z } from 'zod';
import { audioWaveformSchema } from '../audio/waveform-peaks';
import {
  BOARD_SEARCH_MAX_LENGTH,
  BOARD_SORTS,
  isSearchableBoardQuery,
  MAX_BULK_DECISION_ITEMS,
} from '../board/board-rules';
import {
  BAD_RELEASE_DATE_FILTER,
  BOARD_SEARCH_TOO_LONG,
  BOARD_SEARCH_TOO_SHORT,
  BULK_DUPLICATE_IDS,
  BULK_IDS_REQUIRED,
  BULK_TEMPLATE_REQUIRED,
  BULK_TOO_MANY,
  BULK_UNKNOWN_DECISION,
  RELEASE_DATE_RANGE_REVERSED,
  UNKNOWN_BOARD_SORT,
  UNKNOWN_DELIVERY_FILTER,
  UNKNOWN_GENRE_FILTER,
  UNKNOWN_RELEASE_TYPE_FILTER,
} from '../board/messages';
import { isIsoDate } from '../common/calendar-date';
import { BOARD_PAGE_SIZE } from '../pagination/page-rules';
import { PRIMARY_GENRES } from '../reference/genres';
import { OVERDUE_FILTER_INVALID, responseDueSchema } from '../review/response-promise';
import { STATUS_MESSAGE_MAX_LENGTH } from '../status/status-transitions';
import { submissionStatusSchema } from '../status/submission-status-schema';
import { DELIVERY_STATES } from './delivery';
import { pageAnswerFields, pageQueryFields } from './pagination';

/**
 * The staff board: the submissions as the label reviews them. Files are given as signed
 * links (`url` to play or show, `downloadUrl` to save with the original name).
 */

const signedFileSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  url: z.string(),
  downloadUrl: z.string(),
  /** What the content check found (channels, sample rate, ... or width, height). */
  media: z.record(z.string(), z.unknown()).nullable(),
  size: z.number().nonnegative(),
});
export type SignedFile = z.infer<typeof signedFileSchema>;

export const boardItemSummarySchema = z.object({
  itemId: z.string(),
  status: submissionStatusSchema,
  itemName: z.string(),
  artistName: z.string(),
  releaseTitle: z.string(),
  uploadType: z.string(),
  releaseType: z.string(),
  releaseDate: z.string().nullable(),
  createdAt: z.string(),
  trackCount: z.number().int().nonnegative(),
  catalogueItemCount: z.number().int().nonnegative(),
  /** The response promise while it waits for the label's answer; null otherwise. */
  responseDue: responseDueSchema.nullable().optional(),
});
export type BoardItemSummary = z.infer<typeof boardItemSummarySchema>;

/** Staff's private review of a row: never part of an artist's answer. */
const boardRowReviewFields = {
  /** When the status last changed: the "age" order. */
  statusChangedAt: z.string(),
  assignee: z.object({ userId: z.string(), name: z.string().nullable(), email: z.string() }).nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  /**
   * The first track's audio to preview in the list: a signed link (loaded only when played) and
   * its waveform, peak levels 0–100 computed once on the server (null until that job ran).
   */
  preview: z
    .object({
      trackTitle: z.string(),
      url: z.string(),
      peaks: z.array(z.number().min(0).max(100)).nullable(),
    })
    .nullable(),
};

/**
 * Where the release's latest delivery to the stores stands (the chip beside the status); null
 * for a release never sent.
 */
const deliveryStateSchema = z.enum(DELIVERY_STATES).nullable();

export const boardRowSchema = boardItemSummarySchema.extend({
  ...boardRowReviewFields,
  deliveryState: deliveryStateSchema,
});
export type BoardRow = z.infer<typeof boardRowSchema>;

const releaseDateFilter = z
  .string({ error: BAD_RELEASE_DATE_FILTER })
  .refine((value) => isIsoDate(value), { error: BAD_RELEASE_DATE_FILTER })
  .optional();

/**
 * What the board is showing, as GET /api/board/items and GET /api/board/export.csv
 * take it: a search, filters and an order. `q` matches artist and person names, the release
 * title, the e-mail, a track's ISRC or a catalogue item's UPC (board/board-rules.ts).
 */
const boardViewQueryFields = {
  q: z
    .string({ error: BOARD_SEARCH_TOO_LONG })
    .max(BOARD_SEARCH_MAX_LENGTH, { error: BOARD_SEARCH_TOO_LONG })
    .trim()
    .refine((value) => value === '' || isSearchableBoardQuery(value), { error: BOARD_SEARCH_TOO_SHORT })
    .optional(),
  status: submissionStatusSchema.optional(),
  releaseType: z.enum(['single', 'ep', 'lp'], { error: UNKNOWN_RELEASE_TYPE_FILTER }).optional(),
  genre: z
    .string({ error: UNKNOWN_GENRE_FILTER })
    .max(100, { error: UNKNOWN_GENRE_FILTER })
    .refine((value) => (PRIMARY_GENRES as string[]).includes(value), { error: UNKNOWN_GENRE_FILTER })
    .optional(),
  releasedFrom: releaseDateFilter,
  releasedTo: releaseDateFilter,
  /** Only submissions past the response promise: `overdue=true`. */
  overdue: z.enum(['true', 'false'], { error: OVERDUE_FILTER_INVALID }).optional(),
  /** Only releases whose latest delivery to the stores stands so. */
  delivery: z.enum(DELIVERY_STATES, { error: UNKNOWN_DELIVERY_FILTER }).optional(),
};

const boardSortField = z.enum(BOARD_SORTS, { error: UNKNOWN_BOARD_SORT }).default('newest');

const releaseRangeInOrder = (query: { releasedFrom?: string | undefined; releasedTo?: string | undefined }) =>
  !query.releasedFrom || !query.releasedTo || query.releasedFrom <= query.releasedTo;

/** GET /api/board/items: the view, a page at a time (pagination.ts). */
export const boardListQuerySchema = z
  .object({
    ...boardViewQueryFields,
    // Without a limit, the board's own page (the web's, and the server-rendered first page's).
    ...pageQueryFields(BOARD_PAGE_SIZE),
    sort: boardSortField,
  })
  .refine(releaseRangeInOrder, { error: RELEASE_DATE_RANGE_REVERSED, path: ['releasedTo'] });
export type BoardListQuery = z.infer<typeof boardListQuerySchema>;

/** GET /api/board/export.csv: the same view, every match (no cursor, no page size). */
export const boardExportQuerySchema = z
  .object({ ...boardViewQueryFields, sort: boardSortField })
  .refine(releaseRangeInOrder, { error: RELEASE_DATE_RANGE_REVERSED, path: ['releasedTo'] });
export type BoardExportQuery = z.infer<typeof boardExportQuerySchema>;

export const boardListResponseSchema = z.object({
  success: z.literal(true),
  items: z.array(boardRowSchema),
  /** `total`: the items that match the search and every filter. */
  ...pageAnswerFields,
  /**
   * Items per status that match the search and every other filter (for the status chips: each
   * says how many the list would hold with that status chosen), as of the first page.
   */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  /** Submissions past the response promise, as of the first page. */
  overdue: z.number().int().nonnegative().optional(),
  /**
   * Counts that stopped at BOARD_COUNT_CAP (a search or filter over a large board): more than that
   * many match. `countsCapped` names such statuses (their count is the cap); `totalCapped` says
   * `total` is a lower bound, and `overdueCapped` the same of `overdue`.
   */
  countsCapped: z.array(submissionStatusSchema).optional(),
  totalCapped: z.boolean().optional(),
  overdueCapped: z.boolean().optional(),
});
export type BoardListResponse = z.infer<typeof boardListResponseSchema>;

const contributorViewSchema = z.object({
  kind: z.enum(['featured', 'non_featured', 'producer']),
  firstName: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  isPrimaryArtist: z.boolean(),
  spotifyUrl: z.string().nullable(),
});

const splitViewSchema = z.object({
  /** The contributor's name when the split names one, else the person's. */
  name: z.string(),
  email: z.string().nullable(),
  percentage: z.number(),
});

const clipViewSchema = z.object({
  startTime: z.string(),
  endTime: z.string(),
  description: z.string().nullable(),
  status: z.enum(['requested', 'ready', 'failed']),
  file: signedFileSchema.nullable(),
});

const loudnessFiguresSchema = z.object({
  integratedLufs: z.number().nullable(),
  truePeakDbtp: z.number().nullable(),
  samplePeakDbfs: z.number().nullable(),
  clippedSamples: z.number().int().nonnegative(),
  leadingSilenceSeconds: z.number().nonnegative(),
  trailingSilenceSeconds: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative(),
});

/**
 * The server's loudness and level check of a track's current audio file, measured
 * by the `media.measure-loudness` job: `measuring` until it has run, `failed` with the reason when
 * the file could not be measured. Staff only: the artist's answers never carry it.
 */
export const trackLoudnessViewSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('measuring') }),
  z.object({ status: z.literal('failed'), reason: z.string(), measuredAt: z.string() }),
  z.object({
    status: z.literal('measured'),
    measurement: loudnessFiguresSchema,
    sampleRate: z.number().int().positive(),
    bitDepth: z.number().int().positive(),
    channels: z.number().int().positive(),
    /** False when the file stopped before the samples its header promised. */
    complete: z.boolean(),
    /** SHA-256 of the bytes measured. */
    sha256: z.string(),
    measuredAt: z.string(),
  }),
]);
export type TrackLoudnessView = z.infer<typeof trackLoudnessViewSchema>;

export const boardTrackSchema = z.object({
  /** The track's id: what a change request names. */
  trackId: z.string(),
  position: z.number().int(),
  title: z.string(),
  audio: signedFileSchema.nullable(),
  /** The track's own cover when the artist chose one (spec 001 §3, useCustomArtwork). */
  customArtwork: signedFileSchema.nullable(),
  releaseAsSingle: z.boolean(),
  singleReleaseDate: z.string().nullable(),
  singleOrder: z.number().int().nullable(),
  groupedWithFinalSingle: z.boolean(),
  soloWork: z.boolean(),
  productionYear: z.string().nullable(),
  parentalAdvisory: z.string(),
  lyrics: z.string().nullable(),
  /** Set by the artist in the release details, written CC-XXX-YY-NNNNN. */
  isrc: z.string().nullable().optional(),
  contributors: z.array(contributorViewSchema),
  splits: z.array(splitViewSchema),
  clips: z.array(clipViewSchema),
  /** The level check of `audio`; null without audio. */
  loudness: trackLoudnessViewSchema.nullable().optional(),
  /** `audio`'s waveform as the server's job measured it; null until then. */
  waveform: audioWaveformSchema.nullable().optional(),
});
export type BoardTrack = z.infer<typeof boardTrackSchema>;

export const boardCatalogueItemSchema = z.object({
  /** The item's id: what a change request names. */
  catalogueItemId: z.string(),
  type: z.string(),
  title: z.string(),
  artist: z.string(),
  image: z.string().nullable(),
  spotifyUrl: z.string().nullable(),
  releaseDate: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  splits: z.array(splitViewSchema),
});

export const boardEventSchema = z.object({
  type: z.string(),
  fromStatus: submissionStatusSchema.nullable(),
  toStatus: submissionStatusSchema.nullable(),
  message: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: z.string(),
});

export const boardItemDetailSchema = boardItemSummarySchema.extend({
  artistId: z.string(),
  artist: z.object({
    firstName: z.string(),
    surname: z.string(),
    email: z.string(),
    phone: z.string().optional(),
    country: z.string(),
    city: z.string(),
    spotifyProfile: z.string(),
    instagramProfile: z.string(),
    tiktokProfile: z.string(),
  }),
  releaseStrategy: z.string(),
  primaryGenre: z.string(),
  subGenre: z.string(),
  earlyReleaseRequest: z.boolean(),
  earlyReleaseReason: z.string(),
  distributor: z.string(),
  bio: z.string(),
  influences: z.string(),
  proNumber: z.string(),
  publishingAdministrationInterest: z.boolean(),
  artwork: signedFileSchema.nullable(),
  tracks: z.array(boardTrackSchema),
  catalogueItems: z.array(boardCatalogueItemSchema),
  events: z.array(boardEventSchema),
  /** The statuses staff may move this item to now (a plain status change). */
  nextStatuses: z.array(submissionStatusSchema),
  /** Whether a change request may be sent now. */
  canRequestChanges: z.boolean(),
  /** The staff member reviewing it, if one is assigned; private to staff. */
  assignee: z.object({ userId: z.string(), name: z.string().nullable(), email: z.string() }).nullable(),
  /** Staff's private 1–5 rating, if given. */
  rating: z.number().int().min(1).max(5).nullable(),
  deliveryState: deliveryStateSchema,
  /** The artist's release details, once they saved a draft or submitted them. */
  releaseDetails: z
    .object({ status: z.enum(['draft', 'submitted']), submittedAt: z.string().nullable() })
    .optional(),
});
export type BoardItemDetail = z.infer<typeof boardItemDetailSchema>;

export const boardItemResponseSchema = z.object({ success: z.literal(true), item: boardItemDetailSchema });

export const changeStatusPayloadSchema = z.object({
  status: submissionStatusSchema,
  /** Optional words to the artist, sent with the status mail: a filled template as edited, or staff's own. */
  message: z.string().trim().max(STATUS_MESSAGE_MAX_LENGTH).optional(),
  /**
   * The decision template the message came from, for approving and declining; with
   * no message, the template filled for the submission is sent.
   */
  templateId: z.string().max(100).optional(),
});
export type ChangeStatusPayload = z.infer<typeof changeStatusPayloadSchema>;

/** The decisions that can be applied to several submissions at once (asking for changes is per field). */
export const BULK_DECISIONS = ['approve', 'decline'] as const;

/**
 * POST /api/board/items/bulk-status: one decision, one template, several
 * submissions. `message`, when given, is the template's text as staff edited it: its placeholders
 * are filled for each submission, so every artist reads their own name and title.
 */
export const bulkDecisionPayloadSchema = z.object({
  itemIds: z
    .array(z.string({ error: BULK_IDS_REQUIRED }).max(100, { error: BULK_IDS_REQUIRED }), {
      error: BULK_IDS_REQUIRED,
    })
    .min(1, { error: BULK_IDS_REQUIRED })
    .max(MAX_BULK_DECISION_ITEMS, { error: BULK_TOO_MANY })
    .refine((ids) => new Set(ids).size === ids.length, { error: BULK_DUPLICATE_IDS }),
  decision: z.enum(BULK_DECISIONS, { error: BULK_UNKNOWN_DECISION }),
  templateId: z.string({ error: BULK_TEMPLATE_REQUIRED }).min(1, { error: BULK_TEMPLATE_REQUIRED }).max(100),
  message: z.string().trim().max(STATUS_MESSAGE_MAX_LENGTH).optional(),
});
export type BulkDecisionPayload = z.infer<typeof bulkDecisionPayloadSchema>;

export const bulkDecisionResultSchema = z.discriminatedUnion('outcome', [
  z.object({ itemId: z.string(), outcome: z.literal('done'), status: submissionStatusSchema }),
  z.object({ itemId: z.string(), outcome: z.literal('refused'), reason: z.string() }),
]);
export type BulkDecisionResult = z.infer<typeof bulkDecisionResultSchema>;

export const bulkDecisionResponseSchema = z.object({
  success: z.literal(true),
  /** One per submission asked for, in the order asked. */
  results: z.array(bulkDecisionResultSchema),
});
export type BulkDecisionResponse = z.infer<typeof bulkDecisionResponseSchema>;

/** POST /api/background/process-social-clips (spec 001 §7; mondayItemId is itemId, design.md §2). */
export const processSocialClipsPayloadSchema = z.object({
  tracksWithClips: z
    .array(
      z.object({
        title: z.string().max(500),
        artistName: z.string().max(500),
        fileId: z.string().max(200),
        bucketName: z.string().max(200).optional(),
        fileName: z.string().max(500).optional(),
        socialClips: z
          .array(
            z.object({
              id: z.string().max(200),
              startTime: z.string().max(10),
              endTime: z.string().max(10),
              description: z.string().max(20_000).optional(),
            }),
          )
          .max(2),
      }),
    )
    .max(20),
  artistName: z.string().max(500),
  audioFolderId: z.string().max(200).optional(),
  itemId: z.string().max(200),
});
export type ProcessSocialClipsPayload = z.infer<typeof processSocialClipsPayloadSchema>;

/** Its answer: the clips are queued (a failure is an error answer). */
export const processSocialClipsResponseSchema = z.object({ success: z.literal(true) });
