import { sql } from 'drizzle-orm';
import { detectDeviceType, type WebVitalsBeacon } from '../../../domain';
import type { Database } from '../../db/client';
import { webVitals } from '../../db/schema';
import { tooManyRequests } from '../../errors';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';

/**
 * Beacons per network and minute. A page load sends one or two (the page hidden, then hidden
 * again after more layout shifts); a busy office behind one address opens many pages.
 */
export const WEB_VITALS_PER_IP_PER_MINUTE = 120;
export const WEB_VITALS_RATE_LIMITED = 'Too many measurements from your network. Try again in a minute.';

/**
 * Stores what one page load measured, with the device type read from the user agent (spec 001
 * §9: tablet, mobile, desktop). A metric the same page load sent before is replaced: web-vitals
 * reports CLS and INP again when they grow after the page was first hidden.
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
  const latest = new Map(metrics.map((metric) => [metric.name, metric]));
  await db
    .insert(webVitals)
    .values(
      [...latest.values()].map((metric) => ({
        pageLoadId,
        name: metric.name,
        value: metric.value,
        route,
        deviceType,
        navigationType: metric.navigationType ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [webVitals.pageLoadId, webVitals.name],
      set: { value: sql`excluded.value` },
    });
}
