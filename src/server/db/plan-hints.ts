import { type SQL, sql } from 'drizzle-orm';
import { GENERIC_PLAN_HINT } from './pglite-statements';

const hint = sql.raw(GENERIC_PLAN_HINT);

/**
 * A statement's WHERE condition, marked as one whose best plan is the same for any of its values
 * (db/pglite-statements.ts: planned once on PGlite, then that plan kept). For a lookup by key, or a
 * list read through one index in its order: never for a search, a range or a filter whose plan
 * depends on how many rows its values match. Check the statement's plan with
 * `explain (generic_plan)` before marking it.
 */
export function withGenericPlan(condition: SQL | undefined): SQL {
  return condition ? sql`${hint} ${condition}` : sql`${hint} true`;
}
