import { z } from 'zod';
import {
  formatPlannerSettingRange,
  PLANNER_SETTING_LIMITS,
  type PlannerSettingKey,
} from '../release/deadline-planner';

/** The deadline planner's API shapes. */

const keyDateKindSchema = z.enum(['delivery', 'pitch', 'single', 'release']);

export const releaseMomentSchema = z.object({
  key: z.string(),
  kind: z.enum(['release', 'single']),
  singleNumber: z.number().int().positive().nullable(),
  title: z.string(),
  date: z.string(),
  dateSource: z.enum(['chosen', 'default']),
  trackTitles: z.array(z.string()),
  withSingles: z.array(z.string()),
  deliveryDeadline: z.string(),
  pitchDeadline: z.string(),
});

export const keyDateSchema = z.object({
  key: z.string(),
  kind: keyDateKindSchema,
  date: z.string(),
  momentKey: z.string(),
  subject: z.string(),
});

/** A whole number of days in the setting's range, refused in staff's words. */
function settingDaysSchema(key: PlannerSettingKey) {
  const message = formatPlannerSettingRange(key);
  const { min, max } = PLANNER_SETTING_LIMITS[key];
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

export const plannerSettingsSchema = z.object({
  deliveryLeadDays: settingDaysSchema('deliveryLeadDays'),
  pitchLeadDays: settingDaysSchema('pitchLeadDays'),
  reminderDaysBefore: settingDaysSchema('reminderDaysBefore'),
});

export const plannerSettingSchemas = plannerSettingsSchema.shape;

/**
 * The plan of one submission: its moments, every date, what is wrong with it, and the settings it
 * was worked out with. `keyDates` is null for a catalogue transfer (nothing new comes out).
 */
export const keyDatesSchema = z.object({
  releaseTitle: z.string(),
  settings: plannerSettingsSchema,
  moments: z.array(releaseMomentSchema),
  keyDates: z.array(keyDateSchema),
  problems: z.array(z.string()),
});
export type KeyDatesView = z.infer<typeof keyDatesSchema>;

export const keyDatesResponseSchema = z.object({
  success: z.literal(true),
  keyDates: keyDatesSchema.nullable(),
});
export type KeyDatesResponse = z.infer<typeof keyDatesResponseSchema>;

export const plannerSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: plannerSettingsSchema,
});
export type PlannerSettingsResponse = z.infer<typeof plannerSettingsResponseSchema>;

/** GET /api/board/next-deadlines?ids=…: the board rows' next deadline, by item id. */
export const BOARD_DEADLINE_IDS_MAX = 100;
export const INVALID_DEADLINE_IDS = `Name from 1 to ${BOARD_DEADLINE_IDS_MAX} submissions, their ids separated by commas`;

export const nextDeadlinesResponseSchema = z.object({
  success: z.literal(true),
  /** Items with no deadline ahead (transfers, declined, all passed) are left out. */
  deadlines: z.record(z.string(), keyDateSchema),
});
export type NextDeadlinesResponse = z.infer<typeof nextDeadlinesResponseSchema>;

/**
 * POST /api/test-hooks/deadline-reminders/run (the end-to-end suite only, IMPRINT_TEST_HOOKS): the
 * reminder job's work on the clock the spec sets, for the spec's own submissions.
 */
export const testRemindersRunPayloadSchema = z.object({
  now: z.iso.datetime({ offset: true }),
  itemIds: z.array(z.string().max(100)).min(1).max(100),
});

export const testRemindersRunResponseSchema = z.object({
  success: z.literal(true),
  /** Reminder mails queued by this run (one per deadline due and recipient, never twice). */
  queued: z.number().int().nonnegative(),
});
