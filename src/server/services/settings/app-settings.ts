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
