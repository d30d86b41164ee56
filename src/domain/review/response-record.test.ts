import { describe, expect, it } from 'vitest';
import {
  computeResponseRecord,
  formatPromiseSentence,
  formatRecordSentence,
  formatResponsePromise,
  presentResponsePromise,
  RESPONSE_RECORD_MIN_DECISIONS,
  type ResponseDecision,
} from './response-record';

const now = new Date('2026-06-30T12:00:00Z');
const DAY = 86_400_000;

/** A decision made `agoDays` before now, `tookDays` calendar days after its submission. */
const decision = (tookDays: number, agoDays = 1): ResponseDecision => {
  const decidedAt = new Date(now.getTime() - agoDays * DAY);
  return { submittedAt: new Date(decidedAt.getTime() - tookDays * DAY), decidedAt };
};
const times = (n: number, tookDays: number, agoDays = 1) =>
  Array.from({ length: n }, () => decision(tookDays, agoDays));

describe('computeResponseRecord', () => {
  const promiseDays = 10;
  it.each([
    { name: 'none', decisions: [], counted: 0, onTimePercent: null, medianDays: null },
    {
      name: '19: too few for figures',
      decisions: times(19, 3),
      counted: 19,
      onTimePercent: null,
      medianDays: null,
    },
    {
      name: 'exactly 20, all on time',
      decisions: times(20, 3),
      counted: 20,
      onTimePercent: 100,
      medianDays: 3,
    },
    {
      name: 'on the promise day is on time, a day past is late',
      decisions: [...times(10, 10), ...times(10, 11)],
      counted: 20,
      onTimePercent: 50,
      medianDays: 10.5,
    },
    {
      name: 'late ones lower the share, rounded down',
      decisions: [...times(20, 2), decision(30)],
      counted: 21,
      // 20 / 21 = 95.2%
      onTimePercent: 95,
      medianDays: 2,
    },
    {
      name: 'all late',
      decisions: times(25, 14),
      counted: 25,
      onTimePercent: 0,
      medianDays: 14,
    },
    {
      name: 'decisions older than 90 days are left out',
      decisions: [...times(19, 1), ...times(5, 1, 91)],
      counted: 19,
      onTimePercent: null,
      medianDays: null,
    },
    {
      name: 'a decision 90 days ago still counts',
      decisions: [...times(19, 1), decision(1, 90)],
      counted: 20,
      onTimePercent: 100,
      medianDays: 1,
    },
  ])('$name', ({ decisions, counted, onTimePercent, medianDays }) => {
    expect(computeResponseRecord(decisions, { promiseDays, now })).toEqual({
      promiseDays,
      windowDays: 90,
      decisions: counted,
      onTimePercent,
      medianDays,
    });
  });

  it('counts days in the label’s time zone', () => {
    // Sent at 23:30 on June 1 in New York (03:30 UTC on June 2), answered at 00:30 on June 12
    // there (04:30 UTC): 11 of New York's days, 10 of UTC's.
    const sent = new Date('2026-06-02T03:30:00Z');
    const answered = new Date('2026-06-12T04:30:00Z');
    const decisions = Array.from({ length: RESPONSE_RECORD_MIN_DECISIONS }, () => ({
      submittedAt: sent,
      decidedAt: answered,
    }));
    expect(
      computeResponseRecord(decisions, { promiseDays: 10, now, timeZone: 'America/New_York' }),
    ).toMatchObject({ onTimePercent: 0, medianDays: 11 });
    expect(computeResponseRecord(decisions, { promiseDays: 10, now, timeZone: 'UTC' })).toMatchObject({
      onTimePercent: 100,
      medianDays: 10,
    });
  });
});

describe('presentResponsePromise', () => {
  const figures = { promiseDays: 7, windowDays: 90, decisions: 40, onTimePercent: 94, medianDays: 6 };
  it('shows the figures judged against the promise as it stands', () => {
    expect(presentResponsePromise(7, figures)).toEqual({
      days: 7,
      record: { windowDays: 90, decisions: 40, onTimePercent: 94, medianDays: 6 },
    });
  });
  it('hides figures judged against another promise, too few decisions, or none computed', () => {
    expect(presentResponsePromise(10, figures)).toEqual({ days: 10, record: null });
    expect(presentResponsePromise(7, { ...figures, onTimePercent: null, medianDays: null })).toEqual({
      days: 7,
      record: null,
    });
    expect(presentResponsePromise(7, null)).toEqual({ days: 7, record: null });
  });
});

describe('the sentences', () => {
  it('say the promise and the record in words', () => {
    expect(formatPromiseSentence(10)).toBe('We answer every submission within 10 days.');
    expect(formatPromiseSentence(1)).toBe('We answer every submission within 1 day.');
    expect(formatRecordSentence({ windowDays: 90, decisions: 40, onTimePercent: 94, medianDays: 6 })).toBe(
      'Over the last 90 days we answered 94% of submissions on time, in a median of 6 days.',
    );
    expect(formatResponsePromise({ days: 7, record: null })).toBe(
      'We answer every submission within 7 days.',
    );
    expect(
      formatResponsePromise({
        days: 7,
        record: { windowDays: 90, decisions: 40, onTimePercent: 94, medianDays: 6.5 },
      }),
    ).toBe(
      'We answer every submission within 7 days. Over the last 90 days we answered 94% of submissions on time, in a median of 6.5 days.',
    );
    expect(formatRecordSentence({ windowDays: 90, decisions: 40, onTimePercent: 100, medianDays: 1 })).toBe(
      'Over the last 90 days we answered 100% of submissions on time, in a median of 1 day.',
    );
  });
});
