import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUTO_DECLINE_NO_TEMPLATE_REASON,
  AUTO_DECLINE_TEMPLATE_GONE_REASON,
  getAnswerByDate,
  getIsoDateOfInstant,
  getOverdueCutoff,
  isRecordId,
  type ResponsePromiseRunTrigger,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { responsePromiseRunItems, responsePromiseRuns, submissions } from '../../db/schema';
import { AppError } from '../../errors';
import { changeSubmissionStatus } from '../board/change-submission-status';
import { isUniqueViolation } from '../decision-templates/manage-decision-templates';
import { overdueCondition, readPromiseSettings, waitingSince } from './promise-settings';

/** Submissions read per statement; each is declined in a transaction of its own. */
export const DECLINE_BATCH = 50;

/** The status_changed event's data of an automatic decline: how the timeline knows it. */
export const AUTOMATIC_DECLINE = 'response_promise';

export const RUN_STOPPED_EARLY =
  'Stopped before the end (the server was shutting down); the next run declines the rest.';

export interface DeclineOverdueInput {
  /** The run's clock: the job's (the database's, or the one a test sets). */
  now: Date;
  trigger: ResponsePromiseRunTrigger;
  /** Only these submissions (the e2e suite's hook, so a spec touches only its own). */
  onlyItemIds?: string[] | undefined;
  signal?: AbortSignal | undefined;
}

export type DeclineOverdueResult =
  | { outcome: 'off' }
  | { outcome: 'skipped'; runId: string; reason: string }
  | { outcome: 'completed'; runId: string; declined: number; failed: number; stoppedEarly: boolean };

/** The cursor's time with every microsecond (a JavaScript Date keeps milliseconds only). */
const waitingSinceText = sql<string>`to_char(${waitingSince} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A refusal that means someone (staff, or another run) answered the submission meanwhile: the status
 * moved on (409), or another run's declined item is there (the unique index). Anything else, a
 * template deleted mid-run (404) say, is a failure the run reports.
 */
function answeredMeanwhile(error: unknown): boolean {
  if (error instanceof AppError) return error.statusCode === 409;
  return isUniqueViolation(error);
}

function describeFailure(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return `Unexpected error: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
}

/**
 * The response promise kept: every submission past the promise is declined with the
 * label's chosen decline template, through changeSubmissionStatus like a staff member's decision
 * (the status, the audit entry, the mail to the artist with the template filled for them, the
 * board sync), with no user as the actor and the run named in the event. Each decline records its
 * run item in its own transaction; the unique index on declined items and the status check of
 * changeSubmissionStatus make a second run at the same time (another process, WORKERS=N) skip
 * what the first declined, so each submission is declined, and mailed, once.
 *
 * Switched off: nothing happens and nothing is recorded (the page says it is off). Switched on
 * without a usable template: a skipped run says why.
 */
export async function declineOverdueSubmissions(
  deps: { db: Database; config: AppConfig; log?: FastifyBaseLogger | undefined },
  input: DeclineOverdueInput,
): Promise<DeclineOverdueResult> {
  const { db, config, log } = deps;
  const settings = await readPromiseSettings(db);
  if (!settings.autoDecline) {
    log?.info('Response promise: automatic declines are switched off; nothing to do');
    return { outcome: 'off' };
  }
  const timeZone = config.label.timeZone;
  const today = getIsoDateOfInstant(input.now, timeZone);
  const startedReal = Date.now();
  const clockNow = () => new Date(input.now.getTime() + (Date.now() - startedReal));
  const template = settings.template;

  if (!template) {
    const reason =
      settings.templateId === null ? AUTO_DECLINE_NO_TEMPLATE_REASON : AUTO_DECLINE_TEMPLATE_GONE_REASON;
    const [run] = await db
      .insert(responsePromiseRuns)
      .values({
        trigger: input.trigger,
        outcome: 'skipped',
        reason,
        today,
        promiseDays: settings.promiseDays,
        startedAt: input.now,
        finishedAt: input.now,
      })
      .returning({ id: responsePromiseRuns.id });
    log?.warn({ runId: run?.id }, `Response promise: ${reason}`);
    return { outcome: 'skipped', runId: run?.id ?? '', reason };
  }

  const [run] = await db
    .insert(responsePromiseRuns)
    .values({
      trigger: input.trigger,
      today,
      promiseDays: settings.promiseDays,
      templateId: template.id,
      templateName: template.name,
      startedAt: input.now,
    })
    .returning({ id: responsePromiseRuns.id });
  if (!run) throw new Error('The run was not recorded');
  const runId = run.id;
  const cutoff = getOverdueCutoff(today, settings.promiseDays, timeZone);
  const onlyIds = input.onlyItemIds?.filter(isRecordId);

  let declined = 0;
  let failed = 0;
  let stoppedEarly = false;
  let after: { since: string; id: string } | undefined;
  for (;;) {
    if (input.signal?.aborted) {
      stoppedEarly = true;
      break;
    }
    const batch = await db
      .select({ id: submissions.id, waitingSince, sinceText: waitingSinceText })
      .from(submissions)
      .where(
        and(
          overdueCondition({ cutoff }),
          // Declined by the job once already (and since reopened by staff): never again.
          sql`not exists (select 1 from ${responsePromiseRunItems} i
            where i.submission_id = ${submissions.id} and i.result = 'declined')`,
          onlyIds ? (onlyIds.length > 0 ? inArray(submissions.id, onlyIds) : sql`false`) : undefined,
          after
            ? sql`(${waitingSince}, ${submissions.id}) > (${after.since}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(waitingSince, submissions.id)
      .limit(DECLINE_BATCH);
    for (const row of batch) {
      const answerBy = getAnswerByDate(row.waitingSince, settings.promiseDays, timeZone);
      try {
        await changeSubmissionStatus(
          { db, config },
          {
            itemId: row.id,
            status: 'rejected',
            templateId: template.id,
            actor: { userId: null },
            now: clockNow(),
            eventData: { automatic: AUTOMATIC_DECLINE, runId, answerBy, promiseDays: settings.promiseDays },
            alsoInTransaction: async (tx) => {
              await tx.insert(responsePromiseRunItems).values({
                runId,
                submissionId: row.id,
                result: 'declined',
                answerBy,
              });
            },
          },
        );
        declined += 1;
      } catch (error) {
        if (answeredMeanwhile(error)) {
          log?.info({ runId, itemId: row.id }, 'Response promise: answered meanwhile, left alone');
          continue;
        }
        failed += 1;
        const reason = describeFailure(error);
        log?.error({ err: error, runId, itemId: row.id }, 'Response promise: the decline failed');
        await db
          .insert(responsePromiseRunItems)
          .values({ runId, submissionId: row.id, result: 'failed', reason, answerBy });
      }
    }
    const last = batch.at(-1);
    if (!last || batch.length < DECLINE_BATCH) break;
    after = { since: last.sinceText, id: last.id };
  }

  await db
    .update(responsePromiseRuns)
    .set({
      outcome: 'completed',
      declinedCount: declined,
      failedCount: failed,
      finishedAt: clockNow(),
      reason: stoppedEarly ? RUN_STOPPED_EARLY : null,
    })
    .where(eq(responsePromiseRuns.id, runId));
  log?.info({ runId, declined, failed }, 'Response promise: run finished');
  return { outcome: 'completed', runId, declined, failed, stoppedEarly };
}
