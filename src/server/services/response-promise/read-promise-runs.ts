import { sql } from 'drizzle-orm';
import {
  type ResponsePromiseRun,
  type ResponsePromiseRunItem,
  type ResponsePromiseRunOutcome,
  type ResponsePromiseRunsQuery,
  type ResponsePromiseRunTrigger,
  RUN_ITEMS_SHOWN,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { responsePromiseRuns } from '../../db/schema';
import { cursorTimeOf, cutPage, firstPageTotal, keysetOrder } from '../pagination/keyset-page';
import { decodeListCursor, type ListScope } from '../pagination/list-cursor';

// The raw SQL names the outer row "response_promise_runs"."id" (see read-submissions.ts).
const runItems = sql.raw(`(select coalesce(json_agg(json_build_object('itemId', x.submission_id,
    'itemName', x.item_name, 'result', x.result, 'reason', x.reason, 'answerBy', x.answer_by) order by x.id), '[]'::json)
  from (select i.id, i.submission_id, s.item_name, i.result, i.reason, i.answer_by
    from response_promise_run_items i join submissions s on s.id = i.submission_id
    where i.run_id = "response_promise_runs"."id" order by i.id limit ${RUN_ITEMS_SHOWN}) x)`);

const runItemCount = sql.raw(
  `(select count(*)::int from response_promise_run_items i where i.run_id = "response_promise_runs"."id")`,
);

/**
 * GET /api/response-promise/runs (staff): what the job did, newest run first, a keyset page at a
 * time on (created_at, id) with the cursor module of the other lists; each run with the first
 * RUN_ITEMS_SHOWN submissions it declined or failed to.
 */
export async function readPromiseRuns(
  deps: { db: Executor; cursorKey: Buffer },
  query: ResponsePromiseRunsQuery,
): Promise<{ runs: ResponsePromiseRun[]; nextCursor: string | null; total: number }> {
  const scope: ListScope = { list: 'response-promise-runs', sort: query.sort, filters: {} };
  const cursor = query.cursor ? decodeListCursor(deps.cursorKey, scope, query.cursor) : undefined;
  const { where, orderBy } = keysetOrder(responsePromiseRuns, query.sort, cursor?.after);
  const rows = await deps.db
    .select({
      run: responsePromiseRuns,
      id: responsePromiseRuns.id,
      cursorTime: cursorTimeOf(responsePromiseRuns.createdAt),
      items: sql<ResponsePromiseRunItem[]>`${runItems}`,
      itemCount: sql<number>`${runItemCount}`,
    })
    .from(responsePromiseRuns)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const total = await firstPageTotal(cursor?.totals[0], rows.length, query.limit, async () => {
    const [row] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(responsePromiseRuns);
    return row?.n ?? 0;
  });
  const { page, nextCursor } = cutPage(deps.cursorKey, scope, rows, query.limit, [total]);
  return {
    runs: page.map(({ run, items, itemCount }) => ({
      runId: run.id,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      trigger: run.trigger as ResponsePromiseRunTrigger,
      outcome: run.outcome as ResponsePromiseRunOutcome,
      reason: run.reason,
      today: run.today,
      promiseDays: run.promiseDays,
      templateName: run.templateName,
      declined: run.declinedCount,
      failed: run.failedCount,
      itemCount,
      items,
    })),
    nextCursor,
    total,
  };
}
