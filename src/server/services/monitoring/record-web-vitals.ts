import { eq, sql } from 'drizzle-orm';
import { detectDeviceType, type WebVitalName, type WebVitalsBeacon, webVitalBin } from '../../../domain';
import type { Database, Transaction } from '../../db/client';
import { webVitalHistograms, webVitals } from '../../db/schema';
import { tooManyRequests } from '../../errors';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';

/**
 * Beacons per network and minute. A page load sends one or two (the page hidden, then hidden
 * again after more layout shifts); a busy office behind one address opens many pages.
 */
export const WEB_VITALS_PER_IP_PER_MINUTE = 120;
export const WEB_VITALS_RATE_LIMITED = 'Too many measurements from your network. Try again in a minute.';

interface HistogramChange {
  name: WebVitalName;
  hour: Date;
  bin: number;
  delta: number;
}

/** Adds the changes to the hourly histograms, netting out a move within one bin. */
async function applyHistogramChanges(tx: Transaction, changes: HistogramChange[]): Promise<void> {
  const net = new Map<string, HistogramChange>();
  for (const change of changes) {
    const key = `${change.name}|${change.hour.toISOString()}|${change.bin}`;
    const entry = net.get(key);
    if (entry) entry.delta += change.delta;
    else net.set(key, { ...change });
  }
  const rows = [...net.values()].filter((change) => change.delta !== 0);
  if (rows.length === 0) return;
  await tx
    .insert(webVitalHistograms)
    .values(rows.map(({ name, hour, bin, delta }) => ({ name, hour, bin, count: delta })))
    .onConflictDoUpdate({
      target: [webVitalHistograms.name, webVitalHistograms.hour, webVitalHistograms.bin],
      set: { count: sql`${webVitalHistograms.count} + excluded.count` },
    });
}

const hourOf = (time: Date) => new Date(Math.floor(time.getTime() / 3_600_000) * 3_600_000);

/**
 * Stores what one page load measured, with the device type read from the user agent (spec 001
 * §9: tablet, mobile, desktop), and counts it in the hourly histograms in the same transaction. A
 * metric the same page load sent before is replaced (web-vitals reports CLS and INP again when they
 * grow after the page was first hidden): its old value leaves its histogram bin.
 */
export async function recordWebVitals(
  db: Database,
  input: { beacon: WebVitalsBeacon; ip: string; userAgent: string | undefined },
): Promise<void> {
  const limit = await consumeRateLimit(db, `web-vitals:ip:${input.ip}`, WEB_VITALS_PER_IP_PER_MINUTE, 60);
  if (!limit.allowed) throw tooManyRequests(WEB_VITALS_RATE_LIMITED, limit.retryAfterSeconds);

  const { pageLoadId, route, metrics } = input.beacon;
  const deviceType = detectDeviceType(input.userAgent ?? '');
  // One row per metric: a beacon naming a metric twice keeps the last value.
  const latest = [...new Map(metrics.map((metric) => [metric.name, metric])).values()];
  await db.transaction(async (tx) => {
    // Two beacons of one page load at once must not both count a metric as new.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`web-vitals:${pageLoadId}`}))`);
    const before = await tx
      .select({ name: webVitals.name, bin: webVitals.bin, createdAt: webVitals.createdAt })
      .from(webVitals)
      .where(eq(webVitals.pageLoadId, pageLoadId));
    const stored = await tx
      .insert(webVitals)
      .values(
        latest.map((metric) => ({
          pageLoadId,
          name: metric.name,
          value: metric.value,
          bin: webVitalBin(metric.name, metric.value),
          route,
          deviceType,
          navigationType: metric.navigationType ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [webVitals.pageLoadId, webVitals.name],
        set: { value: sql`excluded.value`, bin: sql`excluded.bin` },
      })
      .returning({ name: webVitals.name, bin: webVitals.bin, createdAt: webVitals.createdAt });
    const changes: HistogramChange[] = stored.map((row) => ({
      name: row.name,
      hour: hourOf(row.createdAt),
      bin: row.bin,
      delta: 1,
    }));
    for (const old of before) {
      if (!stored.some((row) => row.name === old.name)) continue;
      changes.push({ name: old.name, hour: hourOf(old.createdAt), bin: old.bin, delta: -1 });
    }
    await applyHistogramChanges(tx, changes);
  });
}
