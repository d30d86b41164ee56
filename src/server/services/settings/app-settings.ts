import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_PLANNER_SETTINGS,
  isoDateSchema,
  plannerSettingSchemas,
  promiseDaysSchema,
  RESPONSE_PROMISE_DEFAULT_DAYS,
  storedResponseRecordSchema,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { forgetCached, readThroughCache } from '../../db/read-cache';
import { appSettings } from '../../db/schema';

/**
 * Installation-wide settings staff change at run time, each with its schema and default. They live
 * in the database, so every app instance sees the same value; each process keeps what it read for
 * a few seconds (db/read-cache.ts), since every page and form reads them.
 */
export const settingDefinitions = {
  submissionsEnabled: { schema: z.boolean(), default: true },
  // The deadline planner: days before a release, and before each deadline.
  deliveryLeadDays: {
    schema: plannerSettingSchemas.deliveryLeadDays,
    default: DEFAULT_PLANNER_SETTINGS.deliveryLeadDays,
  },
  pitchLeadDays: {
    schema: plannerSettingSchemas.pitchLeadDays,
    default: DEFAULT_PLANNER_SETTINGS.pitchLeadDays,
  },
  reminderDaysBefore: {
    schema: plannerSettingSchemas.reminderDaysBefore,
    default: DEFAULT_PLANNER_SETTINGS.reminderDaysBefore,
  },
  /** The response promise: days until every submission gets an answer. */
  responsePromiseDays: { schema: promiseDaysSchema, default: RESPONSE_PROMISE_DEFAULT_DAYS },
  /**
   * Whether the daily job declines submissions past the promise. Off until staff switch it on:
   * declining artists' music unattended is the label's choice to make, with its own words.
   */
  autoDeclineEnabled: { schema: z.boolean(), default: false },
  /** The decline template (decision_templates, kind decline) the job sends; null: none chosen. */
  autoDeclineTemplateId: { schema: z.string().nullable(), default: null },
  /** The promise's record, written by `review.response-record` alone (domain/review/response-record.ts). */
  responsePromiseRecord: { schema: storedResponseRecordSchema.nullable(), default: null },
  /** The day submissions reopen, given while they are closed (domain/submission/reopen-date.ts). */
  submissionsReopenOn: { schema: isoDateSchema.nullable(), default: null },
} as const;

/**
 * The installation's key for signed URLs (file downloads, direct uploads). Made once from the CSPRNG
 * and kept in the database, so every instance signs and verifies alike and links survive restarts.
 */
export async function getOrCreateSigningKey(executor: Executor): Promise<Buffer> {
  const key = 'signingKey';
  await executor
    .insert(appSettings)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await executor.select().from(appSettings).where(eq(appSettings.key, key));
  const value = z.string().min(32).parse(row?.value);
  return Buffer.from(value, 'base64url');
}

export type SettingKey = keyof typeof settingDefinitions;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingDefinitions)[K]['schema']>;

const cacheKey = (key: SettingKey) => `setting:${key}`;

/**
 * A setting's value. A change made through this process is seen at once; one made by another
 * process within READ_CACHE_TTL_MS (db/read-cache.ts).
 */
export function getSetting<K extends SettingKey>(executor: Executor, key: K): Promise<SettingValue<K>> {
  return readThroughCache(executor, cacheKey(key), async () => {
    const definition = settingDefinitions[key];
    const [row] = await executor.select().from(appSettings).where(eq(appSettings.key, key));
    const parsed = definition.schema.safeParse(row?.value);
    return (parsed.success ? parsed.data : definition.default) as SettingValue<K>;
  });
}

export async function setSetting<K extends SettingKey>(
  executor: Executor,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  const parsed = settingDefinitions[key].schema.parse(value);
  // A JSON null, not SQL NULL: the column holds JSON (a template that is not chosen, say).
  const checked = parsed === null ? sql`'null'::jsonb` : parsed;
  await executor
    .insert(appSettings)
    .values({ key, value: checked })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: checked, updatedAt: sql`now()` } });
  forgetCached(cacheKey(key));
}
