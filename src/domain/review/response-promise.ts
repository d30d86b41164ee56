import { z } from 'zod';
import {
  addDays,
  countDaysBetween,
  formatLongDate,
  getIsoDateOfInstant,
  getStartOfDayInstant,
  type IsoDate,
} from '../common/calendar-date';
import type { SubmissionStatus } from '../status/submission-status';

/**
 * A response promise kept. The label promises an answer to every submission within
 * a number of days; the board marks the submissions near and past it, and a daily job can send the
 * label's polite decline for those past it.
 *
 * - **Awaiting an answer** is Pending only. In progress means the label wants the release and
 *   asked for its details (an answer); Processing, Approved, Live and Active come after that;
 *   Rejected and Failed are answers; Changes requested waits on the artist, not on the label.
 * - **The clock** starts when the submission last came to wait on the label: when it was sent, or
 *   when it came back to Pending (the artist's resubmission, a change request withdrawn, a
 *   decline reopened, staff moving it back). A resubmission is a new version to review, and a
 *   submission staff have just reopened must not be declined by the job the next morning.
 * - **Days are the label's** (LABEL_TIME_ZONE): the answer is due by the end of the day that is
 *   the promise's number of days after the day the clock started. "Due today" on that day,
 *   "Overdue by 1 day" the day after, "near" when at most NEAR days are left.
 */
export const RESPONSE_PROMISE_MIN_DAYS = 1;
export const RESPONSE_PROMISE_MAX_DAYS = 90;
/**
 * The default: the outer bound of what the label's own texts promise. The thank-you page says
 * reviews take 5-7 days (REVIEW_PROMISE) and the waiting list 7-10 days (spec 001 §9), so every
 * artist has been told to expect an answer within 10 days.
 */
export const RESPONSE_PROMISE_DEFAULT_DAYS = 10;
/** A submission with this many days or fewer left is near the promise. */
export const RESPONSE_PROMISE_NEAR_DAYS = 2;

export const RESPONSE_PROMISE_DAYS_INVALID = `Enter the promise as a whole number of days from ${RESPONSE_PROMISE_MIN_DAYS} to ${RESPONSE_PROMISE_MAX_DAYS}.`;
export const OVERDUE_FILTER_INVALID = 'The overdue filter must be true or false.';
export const AUTO_DECLINE_SWITCH_INVALID =
  'Say whether the job declines submissions past the promise (true or false).';
export const AUTO_DECLINE_NEEDS_TEMPLATE =
  'Choose the decline template the job sends before switching automatic declines on.';
export const AUTO_DECLINE_TEMPLATE_NOT_FOUND =
  'The decline template chosen does not exist any more. Choose another one.';
export const AUTO_DECLINE_TEMPLATE_NOT_DECLINE =
  'The template chosen is not a decline template. Choose one made for declining.';
/** What the job's run says when it did nothing for want of a template. */
export const AUTO_DECLINE_NO_TEMPLATE_REASON =
  'No decline template is chosen, so nothing was declined. Choose one on the Response promise page.';
export const AUTO_DECLINE_TEMPLATE_GONE_REASON =
  'The decline template chosen was deleted, so nothing was declined. Choose another one on the Response promise page.';

export const promiseDaysSchema = z
  .number({ error: RESPONSE_PROMISE_DAYS_INVALID })
  .int({ error: RESPONSE_PROMISE_DAYS_INVALID })
  .min(RESPONSE_PROMISE_MIN_DAYS, { error: RESPONSE_PROMISE_DAYS_INVALID })
  .max(RESPONSE_PROMISE_MAX_DAYS, { error: RESPONSE_PROMISE_DAYS_INVALID });

/** The statuses whose submissions wait for the label's answer (see above): Pending alone. */
export function isAwaitingAnswer(status: SubmissionStatus): boolean {
  return status === 'pending';
}

/** When the clock started: the last return to Pending, or else when the submission was sent. */
export function getWaitingSince(createdAt: Date, backToPendingAt: Date | null | undefined): Date {
  return backToPendingAt && backToPendingAt > createdAt ? backToPendingAt : createdAt;
}

/** The last day to answer: the promise's number of days after the day the clock started. */
export function getAnswerByDate(waitingSince: Date, promiseDays: number, timeZone = 'UTC'): IsoDate {
  return addDays(getIsoDateOfInstant(waitingSince, timeZone), promiseDays);
}

export type ResponseDueState = 'on_track' | 'near' | 'due_today' | 'overdue';

export interface ResponseDue {
  /** The last day to answer, in the label's time zone. */
  answerBy: IsoDate;
  /** Whole days from today to the answer-by day: 0 on it, negative past it. */
  daysLeft: number;
  state: ResponseDueState;
}

export function getResponseDueState(daysLeft: number): ResponseDueState {
  if (daysLeft < 0) return 'overdue';
  if (daysLeft === 0) return 'due_today';
  return daysLeft <= RESPONSE_PROMISE_NEAR_DAYS ? 'near' : 'on_track';
}

/** The promise for one submission today, or null when it is not waiting for the label's answer. */
export function getResponseDue(input: {
  status: SubmissionStatus;
  waitingSince: Date;
  promiseDays: number;
  /** Today in the label's time zone. */
  today: IsoDate;
  timeZone?: string;
}): ResponseDue | null {
  if (!isAwaitingAnswer(input.status)) return null;
  const answerBy = getAnswerByDate(input.waitingSince, input.promiseDays, input.timeZone);
  const daysLeft = countDaysBetween(input.today, answerBy);
  return { answerBy, daysLeft, state: getResponseDueState(daysLeft) };
}

/**
 * The instant before which a clock start is past the promise today: a submission waiting since
 * earlier than this is overdue (its answer-by day was yesterday or before). The board's overdue
 * filter and the job compare the stored instants with it, so an index answers both.
 */
export function getOverdueCutoff(today: IsoDate, promiseDays: number, timeZone = 'UTC'): Date {
  return getStartOfDayInstant(addDays(today, -promiseDays), timeZone);
}

const plural = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The chip's words: 'Due in 3 days', 'Due in 1 day', 'Due today', 'Overdue by 2 days'. */
export function formatResponseDue(due: Pick<ResponseDue, 'daysLeft'>): string {
  if (due.daysLeft > 0) return `Due in ${plural(due.daysLeft)}`;
  if (due.daysLeft === 0) return 'Due today';
  return `Overdue by ${plural(-due.daysLeft)}`;
}

/** 'Answer by May 10, 2026'. */
export function formatAnswerBy(answerBy: IsoDate): string {
  return `Answer by ${formatLongDate(answerBy) ?? answerBy}`;
}

/** Plain when on track, amber when near or due today, red when past. */
export function getResponseDueColour(state: ResponseDueState): 'default' | 'warning' | 'error' {
  if (state === 'overdue') return 'error';
  return state === 'on_track' ? 'default' : 'warning';
}

export const responseDueSchema = z.object({
  answerBy: z.string(),
  daysLeft: z.number().int(),
  state: z.enum(['on_track', 'near', 'due_today', 'overdue']),
});
