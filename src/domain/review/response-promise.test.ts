import { describe, expect, it } from 'vitest';
import { getIsoDateOfInstant, getStartOfDayInstant } from '../common/calendar-date';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../status/submission-status';
import {
  formatAnswerBy,
  formatResponseDue,
  getAnswerByDate,
  getOverdueCutoff,
  getResponseDue,
  getResponseDueColour,
  getResponseDueState,
  getWaitingSince,
  isAwaitingAnswer,
  promiseDaysSchema,
  RESPONSE_PROMISE_DAYS_INVALID,
  RESPONSE_PROMISE_DEFAULT_DAYS,
} from './response-promise';

const at = (iso: string) => new Date(iso);

describe('which statuses wait for the label’s answer', () => {
  const awaiting: Record<SubmissionStatus, boolean> = {
    pending: true,
    // Waits on the artist: the label's clock does not run.
    changes_requested: false,
    // The label wants it and asked for the release details: an answer.
    in_progress: false,
    processing: false,
    approved: false,
    live: false,
    active: false,
    rejected: false,
    failed: false,
  };
  it.each(SUBMISSION_STATUSES.map((status) => [status, awaiting[status]] as const))(
    '%s → %s',
    (status, expected) => {
      expect(isAwaitingAnswer(status)).toBe(expected);
      const due = getResponseDue({
        status,
        waitingSince: at('2026-05-01T10:00:00Z'),
        promiseDays: 10,
        today: '2026-05-20',
      });
      expect(due === null).toBe(!expected);
    },
  );
});

describe('the answer-by date', () => {
  it.each([
    // waiting since (instant), promise, zone, answer by
    ['2026-05-01T10:00:00Z', 10, 'UTC', '2026-05-11'],
    ['2026-05-01T00:00:00Z', 1, 'UTC', '2026-05-02'],
    ['2026-05-01T23:59:59Z', 1, 'UTC', '2026-05-02'],
    ['2026-02-20T12:00:00Z', 10, 'UTC', '2026-03-02'],
    ['2028-02-20T12:00:00Z', 10, 'UTC', '2028-03-01'],
    ['2026-12-25T12:00:00Z', 10, 'UTC', '2027-01-04'],
    ['2026-05-01T10:00:00Z', 90, 'UTC', '2026-07-30'],
    // The label's day, not UTC's: 02:00 UTC on May 1 is still April 30 in New York.
    ['2026-05-01T02:00:00Z', 10, 'America/New_York', '2026-05-10'],
    // ... and 23:30 UTC on April 30 is already May 1 in Tokyo.
    ['2026-04-30T23:30:00Z', 10, 'Asia/Tokyo', '2026-05-11'],
    // The far ends of the map: UTC+14 and UTC−11.
    ['2026-05-01T10:30:00Z', 3, 'Pacific/Kiritimati', '2026-05-05'],
    ['2026-05-01T10:30:00Z', 3, 'Pacific/Pago_Pago', '2026-05-03'],
  ] as const)('sent %s, %i days, %s → answer by %s', (since, days, zone, expected) => {
    expect(getAnswerByDate(at(since), days, zone)).toBe(expected);
  });

  it('counts from the last return to Pending when there was one', () => {
    const created = at('2026-05-01T10:00:00Z');
    expect(getWaitingSince(created, null)).toEqual(created);
    expect(getWaitingSince(created, undefined)).toEqual(created);
    expect(getWaitingSince(created, at('2026-05-08T09:00:00Z'))).toEqual(at('2026-05-08T09:00:00Z'));
  });
});

describe('near, due today and overdue', () => {
  it.each([
    [5, 'on_track', 'Due in 5 days', 'default'],
    [3, 'on_track', 'Due in 3 days', 'default'],
    [2, 'near', 'Due in 2 days', 'warning'],
    [1, 'near', 'Due in 1 day', 'warning'],
    [0, 'due_today', 'Due today', 'warning'],
    [-1, 'overdue', 'Overdue by 1 day', 'error'],
    [-12, 'overdue', 'Overdue by 12 days', 'error'],
  ] as const)('%i days left → %s, "%s", %s', (daysLeft, state, words, colour) => {
    expect(getResponseDueState(daysLeft)).toBe(state);
    expect(formatResponseDue({ daysLeft })).toBe(words);
    expect(getResponseDueColour(state)).toBe(colour);
  });

  it.each([
    // today, days left
    ['2026-05-01', 10],
    ['2026-05-08', 3],
    ['2026-05-09', 2],
    ['2026-05-11', 0],
    ['2026-05-12', -1],
    ['2026-05-21', -10],
  ] as const)('sent May 1 with a 10-day promise, on %s: %i days left', (today, daysLeft) => {
    const due = getResponseDue({
      status: 'pending',
      waitingSince: at('2026-05-01T15:00:00Z'),
      promiseDays: 10,
      today,
    });
    expect(due).toMatchObject({ answerBy: '2026-05-11', daysLeft });
  });

  it('writes the answer-by day in words', () => {
    expect(formatAnswerBy('2026-05-11')).toBe('Answer by May 11, 2026');
  });
});

describe('the overdue cutoff (what the board filter and the job compare with)', () => {
  /** The rule the cutoff must agree with, for any instant. */
  const overdueByRule = (since: Date, days: number, today: string, zone: string) =>
    getResponseDue({ status: 'pending', waitingSince: since, promiseDays: days, today, timeZone: zone })
      ?.state === 'overdue';

  it.each([
    ['UTC', '2026-05-12', 10, '2026-05-02T00:00:00.000Z'],
    ['America/New_York', '2026-05-12', 10, '2026-05-02T04:00:00.000Z'],
    ['Asia/Kolkata', '2026-05-12', 10, '2026-05-01T18:30:00.000Z'],
    ['Pacific/Kiritimati', '2026-05-12', 10, '2026-05-01T10:00:00.000Z'],
    // Europe/London's clocks go forward on March 29, 2026 (at 01:00 UTC): midnight is still GMT.
    ['Europe/London', '2026-04-08', 10, '2026-03-29T00:00:00.000Z'],
    ['Europe/London', '2026-04-09', 10, '2026-03-29T23:00:00.000Z'],
  ] as const)('%s, today %s, %i days: past the promise before %s', (zone, today, days, cutoff) => {
    expect(getOverdueCutoff(today, days, zone).toISOString()).toBe(cutoff);
  });

  it.each([
    ['UTC'],
    ['America/New_York'],
    ['Europe/London'],
    ['Australia/Lord_Howe'],
    ['Asia/Kathmandu'],
    ['Pacific/Chatham'],
    ['America/Santiago'],
  ])('agrees with the rule at the edges of the day in %s', (zone) => {
    for (const today of ['2026-03-29', '2026-04-05', '2026-09-07', '2026-10-25', '2026-11-01']) {
      for (const days of [1, 2, 10]) {
        const cutoff = getOverdueCutoff(today, days, zone);
        for (const offsetMs of [-3_600_000, -60_000, -1, 0, 1, 60_000, 3_600_000]) {
          const since = new Date(cutoff.getTime() + offsetMs);
          expect(
            overdueByRule(since, days, today, zone),
            `${zone} ${today} ${days} ${since.toISOString()}`,
          ).toBe(offsetMs < 0);
        }
      }
    }
  });

  it('starts a day where a clock change skips its midnight (Chile, September 6, 2026)', () => {
    // America/Santiago springs forward at 24:00 on Saturday: Sunday starts at 01:00 local (04:00 UTC).
    const start = getStartOfDayInstant('2026-09-06', 'America/Santiago');
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(getIsoDateOfInstant(new Date(start.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
    expect(getIsoDateOfInstant(start, 'America/Santiago')).toBe('2026-09-06');
  });

  it('gives the same start again, as a Date of its own, from what it found before', () => {
    const first = getStartOfDayInstant('2026-03-29', 'Europe/London');
    first.setTime(0);
    expect(getStartOfDayInstant('2026-03-29', 'Europe/London').toISOString()).toBe(
      '2026-03-29T00:00:00.000Z',
    );
    expect(getStartOfDayInstant('2026-07-01', 'Europe/London').toISOString()).toBe(
      '2026-06-30T23:00:00.000Z',
    );
    expect(getStartOfDayInstant('2026-07-01').toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });
});

describe('the promise setting', () => {
  it('defaults to 10 days, the outer bound the label’s texts give (5-7 and 7-10 days)', () => {
    expect(RESPONSE_PROMISE_DEFAULT_DAYS).toBe(10);
  });

  it.each([
    [1, true],
    [10, true],
    [90, true],
    [0, false],
    [91, false],
    [-3, false],
    [2.5, false],
    ['10', false],
    [null, false],
    [Number.NaN, false],
  ])('%j days is %s', (value, valid) => {
    const parsed = promiseDaysSchema.safeParse(value);
    expect(parsed.success).toBe(valid);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(RESPONSE_PROMISE_DAYS_INVALID);
  });
});
