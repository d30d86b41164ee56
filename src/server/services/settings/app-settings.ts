import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { appSettings } from '../../db/schema';

/**
 * Installation-wide settings staff change at run time, each with its schema and default. They live
 * in the database, not in memory, so every app instance sees the same value.
 */
export const settingDefinitions = {
  submissionsEnabled: { schema: z.boolean(), default: true },
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

export async function getSetting<K extends SettingKey>(executor: Executor, key: K): Promise<SettingValue<K>> {
  const definition = settingDefinitions[key];
  const [row] = await executor.select().from(appSettings).where(eq(appSettings.key, key));
  const parsed = definition.schema.safeParse(row?.value);
  return (parsed.success ? parsed.data : definition.default) as SettingValue<K>;
}

export async function setSetting<K extends SettingKey>(
  executor: Executor,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  const checked = settingDefinitions[key].schema.parse(value);
  await executor
    .insert(appSettings)
    .values({ key, value: checked })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: checked, updatedAt: sql`now()` } });
}
