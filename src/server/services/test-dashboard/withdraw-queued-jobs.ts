import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';

/**
 * The database as a service sees it, except that each of its transactions, just before it commits,
 * deletes the jobs it queued itself and notes their names in `withdrawn`. The full submission test
 * runs the real upload and submission services through this: their follow-up work (image variants,
 * the artist's and every staff member's mails, the board sync) is for a submission that is removed
 * a moment later, and since the rows go before the commit, no worker on any instance ever sees
 * them. Everything else, reads included, goes to the database unchanged.
 *
 * "Queued itself" is `xmin` = this transaction's id: rows written by a savepoint carry the
 * savepoint's own id, so a service that queued jobs inside a nested transaction would keep those.
 */
export function withdrawingQueuedJobs(db: Database, withdrawn: string[]): Database {
  const transaction: Database['transaction'] = (run, config) =>
    db.transaction(async (tx) => {
      const result = await run(tx);
      const removed = await tx
        .delete(jobs)
        .where(sql`xmin = pg_current_xact_id()::xid`)
        .returning({ type: jobs.type });
      withdrawn.push(...removed.map((job) => job.type));
      return result;
    }, config);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
