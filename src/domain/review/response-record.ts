import { countDaysBetween, getIsoDateOfInstant } from '../common/calendar-date';

/**
 * The response promise in public, with its record: `/submit` and the artist's dashboard say "We
 * answer every submission within N days" (N: the `responsePromiseDays` setting) and, once enough
 * decisions back it, how the label kept it over the last 90 days. The figures come from real
 * decisions, computed by a job (jobs/compute-response-record.ts) and stored; nobody types them.
 *
 * - **A decision** is the label's first answer to a submission: the first time it left Pending, for
 *   whatever status (in progress, approved, declined, changes requested, …), by staff or by the
 *   promise's own job (an automatic decline is an answer, a late one). Answers after a
 *   resubmission are not counted again: the record is how long a submission waits for its first
 *   answer. A submission still waiting is not a decision yet; it counts (late, if so) once answered.
 * - **Days to an answer** are calendar days in the label's time zone from the day the submission
 *   was sent to the day of its first answer. **On time** is at most the promise's days: answered by
 *   its answer-by day (response-promise.ts), judged against the promise as it stands now.
 * - **The window** is the decisions made in the last 90 days. With fewer than 20 of them the
 *   figures are null: a share of a handful says little and would swing with every answer.
 * - The share is rounded down to a whole percent, so it never claims more than was kept (99.6%
 *   is 99%, not 100%); the median of an even count is the mean of the middle two (6.5 days).
 */
export const RESPONSE_RECORD_WINDOW_DAYS = 90;
export const RESPONSE_RECORD_MIN_DECISIONS = 20;

const DAY_MS = 86_400_000;

/** One decision: when its submission was sent and when the label first answered it. */
export interface ResponseDecision {
  submittedAt: Date;
  decidedAt: Date;
}

/** The record as computed: the figures are null below RESPONSE_RECORD_MIN_DECISIONS. */
export interface ResponseRecordFigures {
  /** The promise the decisions were judged against. */
  promiseDays: number;
  windowDays: number;
  /** Decisions in the window. */
  decisions: number;
  /** Whole percent answered on time (rounded down), or null. */
  onTimePercent: number | null;
  /** Median days from submission to answer, or null. */
  medianDays: number | null;
}

/** The record as stored by the job: the figures and when they were computed. */
export interface StoredResponseRecord extends ResponseRecordFigures {
  computedAt: string;
}

/** What public pages show: the promise and, when the record backs it, its figures. */
export interface PublicResponsePromise {
  days: number;
  record: { windowDays: number; decisions: number; onTimePercent: number; medianDays: number } | null;
}

/** The window's first instant: decisions made at or after it count. */
export function getResponseRecordWindowStart(now: Date): Date {
  return new Date(now.getTime() - RESPONSE_RECORD_WINDOW_DAYS * DAY_MS);
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/**
 * The record of `decisions` (each a submission's first answer; those outside the window are left
 * out here) under a promise of `promiseDays`, at `now`, with days in `timeZone`.
 */
export function computeResponseRecord(
  decisions: readonly ResponseDecision[],
  options: { promiseDays: number; now: Date; timeZone?: string },
): ResponseRecordFigures {
  const start = getResponseRecordWindowStart(options.now).getTime();
  const end = options.now.getTime();
  const days = decisions
    .filter(({ decidedAt }) => decidedAt.getTime() >= start && decidedAt.getTime() <= end)
    .map(({ submittedAt, decidedAt }) =>
      Math.max(
        0,
        countDaysBetween(
          getIsoDateOfInstant(submittedAt, options.timeZone),
          getIsoDateOfInstant(decidedAt, options.timeZone),
        ),
      ),
    )
    .sort((a, b) => a - b);
  const base = {
    promiseDays: options.promiseDays,
    windowDays: RESPONSE_RECORD_WINDOW_DAYS,
    decisions: days.length,
  };
  if (days.length < RESPONSE_RECORD_MIN_DECISIONS) return { ...base, onTimePercent: null, medianDays: null };
  const onTime = days.filter((n) => n <= options.promiseDays).length;
  return {
    ...base,
    onTimePercent: Math.floor((onTime * 100) / days.length),
    medianDays: median(days),
  };
}

/**
 * The promise as the public pages show it: the setting's days, and the stored figures when there
 * are figures and they were judged against this same promise (a changed promise hides them until
 * the job, queued by the change, has judged the decisions again).
 */
export function presentResponsePromise(
  promiseDays: number,
  stored: ResponseRecordFigures | null,
): PublicResponsePromise {
  if (!stored || stored.promiseDays !== promiseDays) return { days: promiseDays, record: null };
  const { windowDays, decisions, onTimePercent, medianDays } = stored;
  return {
    days: promiseDays,
    record:
      onTimePercent === null || medianDays === null
        ? null
        : { windowDays, decisions, onTimePercent, medianDays },
  };
}

const daysText = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** 'We answer every submission within 10 days.' */
export function formatPromiseSentence(days: number): string {
  return `We answer every submission within ${daysText(days)}.`;
}

/** 'Over the last 90 days we answered 94% of submissions on time, in a median of 6 days.' */
export function formatRecordSentence(record: NonNullable<PublicResponsePromise['record']>): string {
  return `Over the last ${record.windowDays} days we answered ${record.onTimePercent}% of submissions on time, in a median of ${daysText(record.medianDays)}.`;
}

/** The promise, and its record when there is one, as one paragraph's text. */
export function formatResponsePromise(promise: PublicResponsePromise): string {
  const promised = formatPromiseSentence(promise.days);
  return promise.record ? `${promised} ${formatRecordSentence(promise.record)}` : promised;
}
