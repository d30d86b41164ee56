import { z } from 'zod';
import {
  AUTO_DECLINE_SWITCH_INVALID,
  AUTO_DECLINE_TEMPLATE_NOT_FOUND,
  promiseDaysSchema,
} from '../review/response-promise';
import type { StoredResponseRecord } from '../review/response-record';
import { pageAnswerFields, pageQueryFields } from './pagination';

/**
 * The response promise's API (staff only): its settings, and the runs of the job that
 * declines submissions past it. The rules are in review/response-promise.ts.
 */

/** A decision template as the settings name it. */
const templateRefSchema = z.object({ templateId: z.string(), name: z.string() });

export const responsePromiseSettingsSchema = z.object({
  /** Days until every submission gets an answer. */
  promiseDays: z.number().int(),
  /** Whether the daily job declines the submissions past the promise. */
  autoDecline: z.boolean(),
  /** The decline template the job sends; null when none is chosen or the chosen one was deleted. */
  declineTemplate: templateRefSchema.nullable(),
  /** A template was chosen and has been deleted since: the job does nothing until another is chosen. */
  declineTemplateDeleted: z.boolean(),
});
export type ResponsePromiseSettings = z.infer<typeof responsePromiseSettingsSchema>;

/** GET /api/response-promise: the settings, and where the board stands today. */
export const responsePromiseResponseSchema = z.object({
  success: z.literal(true),
  settings: responsePromiseSettingsSchema,
  /** The label's days (LABEL_TIME_ZONE) and today in it. */
  timeZone: z.string(),
  today: z.string(),
  /** At most this many days left is "near". */
  nearDays: z.number().int(),
  /** Submissions past the promise today. */
  overdueCount: z.number().int().nonnegative(),
  /** When the daily job runs next (null while no worker has scheduled it). */
  nextRunAt: z.string().nullable(),
});
export type ResponsePromiseResponse = z.infer<typeof responsePromiseResponseSchema>;

/** PUT /api/response-promise: any of the settings; what is left out stays. */
export const responsePromiseUpdateSchema = z.object({
  promiseDays: promiseDaysSchema.optional(),
  autoDecline: z.boolean({ error: AUTO_DECLINE_SWITCH_INVALID }).optional(),
  declineTemplateId: z
    .string({ error: AUTO_DECLINE_TEMPLATE_NOT_FOUND })
    .max(100, { error: AUTO_DECLINE_TEMPLATE_NOT_FOUND })
    .nullable()
    .optional(),
});
export type ResponsePromiseUpdate = z.infer<typeof responsePromiseUpdateSchema>;

export const RESPONSE_PROMISE_RUN_OUTCOMES = ['running', 'completed', 'skipped'] as const;
export type ResponsePromiseRunOutcome = (typeof RESPONSE_PROMISE_RUN_OUTCOMES)[number];

export const RESPONSE_PROMISE_RUN_TRIGGERS = ['schedule', 'test'] as const;
export type ResponsePromiseRunTrigger = (typeof RESPONSE_PROMISE_RUN_TRIGGERS)[number];

/** One submission a run dealt with. */
export const responsePromiseRunItemSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  result: z.enum(['declined', 'failed']),
  /** Why it failed. */
  reason: z.string().nullable(),
  answerBy: z.string(),
});
export type ResponsePromiseRunItem = z.infer<typeof responsePromiseRunItemSchema>;

/** Submissions listed per run in the list; `itemCount` says how many there were. */
export const RUN_ITEMS_SHOWN = 100;

export const responsePromiseRunSchema = z.object({
  runId: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  trigger: z.enum(RESPONSE_PROMISE_RUN_TRIGGERS),
  outcome: z.enum(RESPONSE_PROMISE_RUN_OUTCOMES),
  /** Why it did nothing (skipped), in staff's words. */
  reason: z.string().nullable(),
  /** The day it ran for, in the label's time zone, and the promise then. */
  today: z.string(),
  promiseDays: z.number().int(),
  templateName: z.string().nullable(),
  declined: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  itemCount: z.number().int().nonnegative(),
  /** The first RUN_ITEMS_SHOWN submissions it dealt with, in the order it did. */
  items: z.array(responsePromiseRunItemSchema),
});
export type ResponsePromiseRun = z.infer<typeof responsePromiseRunSchema>;

/** GET /api/response-promise/runs: newest first, a page at a time. */
export const responsePromiseRunsQuerySchema = z.object(pageQueryFields(10));
export type ResponsePromiseRunsQuery = z.infer<typeof responsePromiseRunsQuerySchema>;

export const responsePromiseRunsResponseSchema = z.object({
  success: z.literal(true),
  runs: z.array(responsePromiseRunSchema),
  ...pageAnswerFields,
});
export type ResponsePromiseRunsResponse = z.infer<typeof responsePromiseRunsResponseSchema>;

/**
 * POST /api/test-hooks/response-promise/run (only with IMPRINT_TEST_HOOKS): a run as of `now`,
 * limited to `itemIds` so a spec running beside others touches only its own submissions.
 */
export const testPromiseRunPayloadSchema = z.object({
  now: z.iso.datetime({ offset: true }),
  itemIds: z.array(z.string().max(100)).min(1).max(100),
});

export const testPromiseRunResponseSchema = z.object({
  success: z.literal(true),
  /** off: switched off, nothing done or recorded. */
  outcome: z.enum(['off', 'skipped', 'completed']),
  runId: z.string().nullable(),
  declined: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  reason: z.string().nullable(),
});

/** The promise's record as the job stores it (app setting `responsePromiseRecord`; review/response-record.ts). */
export const storedResponseRecordSchema = z.object({
  computedAt: z.iso.datetime({ offset: true }),
  promiseDays: z.number().int().positive(),
  windowDays: z.number().int().positive(),
  decisions: z.number().int().nonnegative(),
  onTimePercent: z.number().int().min(0).max(100).nullable(),
  medianDays: z.number().nonnegative().nullable(),
}) satisfies z.ZodType<StoredResponseRecord>;
