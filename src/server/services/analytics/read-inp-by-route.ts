import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { percentileOfHistogram } from '../../../domain';
import type { Database } from '../../db/client';
import { webVitals } from '../../db/schema';

/** How many pages the dashboard lists: the most measured first. */
export const INP_ROUTES_SHOWN = 20;

export interface RouteInp {
  /** The route pattern the page loads reported ('/submission/:id'). */
  route: string;
  /** Interaction to Next Paint at its 75th percentile, in milliseconds. */
  p75: number;
  /** Page loads of this route that measured an interaction in the window. */
  pageLoads: number;
}

/**
 * INP at its 75th percentile per page over [from, to), from the measurements' histogram bins (the
 * same estimate as the dashboard's overall figures, within a bin's 5%). Only pages someone
 * interacted with have an INP: a page only read sends none.
 */
export async function readInpByRoute(db: Database, from: Date, to: Date): Promise<RouteInp[]> {
  const rows = await db
    .select({ route: webVitals.route, bin: webVitals.bin, count: sql<number>`count(*)::int` })
    .from(webVitals)
    .where(and(eq(webVitals.name, 'INP'), gte(webVitals.createdAt, from), lt(webVitals.createdAt, to)))
    .groupBy(webVitals.route, webVitals.bin);
  const byRoute = new Map<string, Map<number, number>>();
  for (const { route, bin, count } of rows) {
    const counts = byRoute.get(route) ?? new Map<number, number>();
    counts.set(bin, (counts.get(bin) ?? 0) + count);
    byRoute.set(route, counts);
  }
  return [...byRoute]
    .map(([route, counts]) => ({
      route,
      p75: percentileOfHistogram('INP', counts) ?? 0,
      pageLoads: [...counts.values()].reduce((sum, count) => sum + count, 0),
    }))
    .sort((a, b) => b.pageLoads - a.pageLoads || a.route.localeCompare(b.route))
    .slice(0, INP_ROUTES_SHOWN);
}
