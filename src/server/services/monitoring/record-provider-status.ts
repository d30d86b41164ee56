import { inArray, sql } from 'drizzle-orm';
import { MONITORED_PROVIDERS, type MonitoredProvider } from '../../../domain';
import type { Database } from '../../db/client';
import { providerStatus } from '../../db/schema';
import type { ProviderCheckResults } from '../health/check-providers';
import { recordProviderOutage } from './record-error-event';

/**
 * Stores what a provider check found: each provider's status, implementation and words, with
 * `since` moved only when the status changed. An outage writes one error event when it begins (a
 * provider seen down for the first time, or after being up), in the same transaction; two
 * instances recording the same change at once are serialised by the row lock, so it is written
 * once. Answers the providers whose outage began.
 */
export async function recordProviderStatuses(
  db: Database,
  results: Partial<ProviderCheckResults>,
): Promise<MonitoredProvider[]> {
  const checked = MONITORED_PROVIDERS.filter((provider) => results[provider] !== undefined);
  if (checked.length === 0) return [];
  return db.transaction(async (tx) => {
    // Rows exist first, so that `for update` below locks every checked provider.
    await tx
      .insert(providerStatus)
      .values(
        checked.map((provider) => ({
          provider,
          status: 'unknown',
          implementation: results[provider]?.provider ?? '',
        })),
      )
      .onConflictDoNothing();
    const current = await tx
      .select({ provider: providerStatus.provider, status: providerStatus.status })
      .from(providerStatus)
      .where(inArray(providerStatus.provider, checked))
      .for('update');
    const before = new Map(current.map((row) => [row.provider, row.status]));
    const began: MonitoredProvider[] = [];
    for (const provider of checked) {
      const result = results[provider];
      if (!result) continue;
      const changed = before.get(provider) !== result.status;
      const message = result.status === 'fail' ? (result.detail ?? result.message ?? null) : null;
      await tx
        .update(providerStatus)
        .set({
          status: result.status,
          implementation: result.provider,
          message,
          checkedAt: sql`now()`,
          ...(changed ? { since: sql`now()` } : {}),
        })
        .where(sql`${providerStatus.provider} = ${provider}`);
      if (changed && result.status === 'fail') {
        began.push(provider);
        await recordProviderOutage(tx, {
          provider,
          implementation: result.provider,
          message: message ?? 'no answer',
        });
      }
    }
    return began;
  });
}
