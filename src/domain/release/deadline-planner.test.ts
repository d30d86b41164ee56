import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, countDaysBetween } from '../common/calendar-date';
import {
  DEFAULT_PLANNER_SETTINGS,
  describeDayDistance,
  findInvalidPlannerSetting,
  findNextDeadline,
  formatPlannerSettingRange,
  formatSingleDateUnreadable,
  getReminderMomentRange,
  listDueReminders,
  measureDayDistance,
  PLAN_NO_RELEASE_DATE,
  type PlannerSettings,
  type PlanTrack,
  planRelease,
  type ReleasePlanInput,
} from './deadline-planner';

const PLANNED_ON = '2027-01-04';
const LEADS = { deliveryLeadDays: 28, pitchLeadDays: 7 };

function track(n: number, overrides: Partial<PlanTrack> = {}): PlanTrack {
  return {
    id: `t${n}`,
    title: `Song ${n}`,
    position: n - 1,
    releaseAsSingle: false,
    singleReleaseDate: null,
    singleOrder: null,
    ...overrides,
  };
}

const single = (n: number, date: string | null, order = n) =>
  track(n, { releaseAsSingle: true, singleReleaseDate: date, singleOrder: order });

function plan(overrides: Partial<ReleasePlanInput> = {}, leads = LEADS) {
  return planRelease(
    {
      releaseTitle: 'Tidewater',
      releaseStrategy: 'together',
      releaseDate: '2027-05-01',
      tracks: [track(1)],
      plannedOn: PLANNED_ON,
      ...overrides,
    },
    leads,
  );
}

/** The key dates as `kind date subject` lines, easy to read in a table. */
const lines = (result: ReturnType<typeof plan>) =>
  result.keyDates.map((keyDate) => `${keyDate.kind} ${keyDate.date} ${keyDate.subject}`);

describe('deadline planner: release together', () => {
  it('gives the delivery deadline 28 days and the pitch deadline 7 days before the release date', () => {
    const result = plan();
    expect(lines(result)).toEqual([
      'delivery 2027-04-03 Tidewater',
      'pitch 2027-04-24 Tidewater',
      'release 2027-05-01 Tidewater',
    ]);
    expect(result.moments).toEqual([
      expect.objectContaining({
        key: 'release',
        kind: 'release',
        date: '2027-05-01',
        deliveryDeadline: '2027-04-03',
        pitchDeadline: '2027-04-24',
        trackTitles: ['Song 1'],
        withSingles: [],
      }),
    ]);
    expect(result.problems).toEqual([]);
  });

  it.each([
    // leads, release date, delivery, pitch
    [{ deliveryLeadDays: 28, pitchLeadDays: 7 }, '2027-03-01', '2027-02-01', '2027-02-22'],
    // Across a leap day, and across a year end.
    [{ deliveryLeadDays: 28, pitchLeadDays: 7 }, '2028-03-10', '2028-02-11', '2028-03-03'],
    [{ deliveryLeadDays: 28, pitchLeadDays: 7 }, '2027-01-10', '2026-12-13', '2027-01-03'],
    // Leads changed by staff.
    [{ deliveryLeadDays: 42, pitchLeadDays: 14 }, '2027-05-01', '2027-03-20', '2027-04-17'],
    [{ deliveryLeadDays: 1, pitchLeadDays: 1 }, '2027-05-01', '2027-04-30', '2027-04-30'],
    [{ deliveryLeadDays: 120, pitchLeadDays: 60 }, '2027-05-01', '2027-01-01', '2027-03-02'],
    // A pitch lead longer than the delivery lead puts the pitch first.
    [{ deliveryLeadDays: 10, pitchLeadDays: 21 }, '2027-05-01', '2027-04-21', '2027-04-10'],
  ])(
    'with leads %o a release on %s has its delivery deadline on %s and pitch deadline on %s',
    (leads, date, delivery, pitch) => {
      const [moment] = plan({ releaseDate: date }, leads).moments;
      expect(moment).toMatchObject({ deliveryDeadline: delivery, pitchDeadline: pitch });
    },
  );

  it('does not move a deadline that falls on a weekend', () => {
    // 2027-05-29 is a Saturday; 28 days before it is also a Saturday.
    const [moment] = plan({ releaseDate: '2027-05-29' }).moments;
    expect(moment?.deliveryDeadline).toBe('2027-05-01');
    expect(new Date(`${moment?.deliveryDeadline}T00:00:00Z`).getUTCDay()).toBe(6);
  });

  it('lists two deadlines of one day delivery first', () => {
    const result = plan({ releaseDate: '2027-05-01' }, { deliveryLeadDays: 7, pitchLeadDays: 7 });
    expect(result.keyDates.map((keyDate) => [keyDate.kind, keyDate.date])).toEqual([
      ['delivery', '2027-04-24'],
      ['pitch', '2027-04-24'],
      ['release', '2027-05-01'],
    ]);
  });

  it('ignores single ticks left on a release that goes out together', () => {
    const result = plan({ tracks: [single(1, '2027-03-01'), track(2)] });
    expect(result.moments.map((moment) => moment.kind)).toEqual(['release']);
    expect(result.moments[0]?.trackTitles).toEqual(['Song 1', 'Song 2']);
  });
});

describe('deadline planner: singles first (the waterfall)', () => {
  it('one single then the full release: each has its own deadlines; with 2 tracks nothing is grouped', () => {
    const result = plan({
      releaseStrategy: 'singles_first',
      tracks: [single(1, '2027-03-12'), track(2)],
    });
    expect(lines(result)).toEqual([
      'delivery 2027-02-12 Single 1: "Song 1"',
      'pitch 2027-03-05 Single 1: "Song 1"',
      'single 2027-03-12 Single 1: "Song 1"',
      'delivery 2027-04-03 Tidewater',
      'pitch 2027-04-24 Tidewater',
      'release 2027-05-01 Tidewater',
    ]);
    expect(result.moments[0]).toMatchObject({ key: 'single-t1', singleNumber: 1, trackTitles: ['Song 1'] });
    expect(result.moments[1]).toMatchObject({ key: 'release', trackTitles: ['Song 1', 'Song 2'] });
  });

  it('two singles are numbered in release order, by date, whatever order they were ticked in', () => {
    const result = plan({
      releaseStrategy: 'singles_first',
      tracks: [single(1, '2027-04-09', 1), single(2, '2027-03-12', 2)],
    });
    expect(result.moments.map((m) => [m.key, m.singleNumber, m.date])).toEqual([
      ['single-t2', 1, '2027-03-12'],
      ['single-t1', 2, '2027-04-09'],
      ['release', null, '2027-05-01'],
    ]);
  });

  it('three singles of four tracks: the track that is not a single comes out with the final single', () => {
    const result = plan({
      releaseStrategy: 'singles_first',
      releaseDate: '2027-06-04',
      tracks: [single(1, '2027-02-19'), single(2, '2027-04-02'), track(3), single(4, '2027-05-14')],
    });
    expect(result.moments.map((m) => [m.singleNumber, m.date, m.trackTitles])).toEqual([
      [1, '2027-02-19', ['Song 1']],
      [2, '2027-04-02', ['Song 2']],
      [3, '2027-05-14', ['Song 4', 'Song 3']],
      [null, '2027-06-04', ['Song 1', 'Song 2', 'Song 3', 'Song 4']],
    ]);
    expect(result.keyDates).toHaveLength(12);
    expect(result.problems).toEqual([]);
  });

  it('tracks grouped with the final single, when it comes out on the full release day, come out with the release', () => {
    const result = plan({
      releaseStrategy: 'singles_first',
      releaseDate: '2027-05-01',
      tracks: [single(1, '2027-03-12'), single(2, '2027-05-01'), track(3)],
    });
    expect(result.moments.map((m) => [m.kind, m.date])).toEqual([
      ['single', '2027-03-12'],
      ['release', '2027-05-01'],
    ]);
    expect(result.moments[0]?.trackTitles).toEqual(['Song 1']);
    expect(result.moments[1]).toMatchObject({
      withSingles: ['Song 2'],
      trackTitles: ['Song 1', 'Song 2', 'Song 3'],
    });
    // One set of deadlines for that day, not two.
    expect(result.keyDates.filter((keyDate) => keyDate.date === '2027-04-03')).toHaveLength(1);
  });

  it('two singles on one day are one moment with one set of deadlines', () => {
    const result = plan({
      releaseStrategy: 'singles_first',
      tracks: [single(1, '2027-03-12', 1), single(2, '2027-03-12', 2)],
    });
    expect(result.moments[0]).toMatchObject({
      key: 'single-t1',
      singleNumber: 1,
      title: '"Song 1" and "Song 2"',
      trackTitles: ['Song 1', 'Song 2'],
    });
    expect(result.moments).toHaveLength(2);
  });

  it('a single without a date gets the 6-week spacing from the day the plan was made, after the dated ones', () => {
    const result = plan({
      releaseStrategy: 'singles_first',
      releaseDate: '2027-06-04',
      tracks: [single(1, '2027-02-05', 1), single(2, null, 2), single(3, null, 3)],
    });
    // One single is dated, so the first undated is (1 + 1) × 42 days after the plan, the next (2 + 1) × 42.
    expect(result.moments.map((m) => [m.singleNumber, m.date, m.dateSource])).toEqual([
      [1, '2027-02-05', 'chosen'],
      [2, addDays(PLANNED_ON, 84), 'default'],
      [3, addDays(PLANNED_ON, 126), 'default'],
      [null, '2027-06-04', 'chosen'],
    ]);
    expect(result.problems).toEqual([]);
  });

  it('a single whose stored date is not a calendar date is spaced like an undated one, and says so', () => {
    const result = plan({
      releaseStrategy: 'singles_first',
      tracks: [single(1, '2027-02-30')],
    });
    expect(result.moments[0]).toMatchObject({ date: addDays(PLANNED_ON, 42), dateSource: 'default' });
    expect(result.problems).toEqual([formatSingleDateUnreadable('Song 1')]);
  });

  it('a full release before the last single is reported, and the dates still follow what is stored', () => {
    const result = plan({
      releaseStrategy: 'singles_first',
      releaseDate: '2027-05-01',
      tracks: [single(1, '2027-05-21'), track(2)],
    });
    expect(result.problems).toEqual([
      'Full release date must be on or after your last single (May 21, 2027)',
    ]);
    expect(result.moments.map((m) => [m.kind, m.date])).toEqual([
      ['release', '2027-05-01'],
      ['single', '2027-05-21'],
    ]);
  });

  it("'singles_first' with no single ticked plans as a release together (spec 001 §4)", () => {
    const result = plan({ releaseStrategy: 'singles_first', tracks: [track(1), track(2), track(3)] });
    expect(result.moments.map((m) => m.kind)).toEqual(['release']);
  });

  it('key dates keep their keys when the dates move, so calendar events and reminders follow the same date', () => {
    const before = plan({ releaseStrategy: 'singles_first', tracks: [single(1, '2027-03-12'), track(2)] });
    const after = plan({
      releaseStrategy: 'singles_first',
      releaseDate: '2027-05-08',
      tracks: [single(1, '2027-03-19'), track(2)],
    });
    expect(after.keyDates.map((k) => k.key)).toEqual(before.keyDates.map((k) => k.key));
    expect(before.keyDates.map((k) => k.key)).toEqual([
      'single-t1:delivery',
      'single-t1:pitch',
      'single-t1:single',
      'release:delivery',
      'release:pitch',
      'release:release',
    ]);
  });
});

describe('deadline planner: invalid input', () => {
  it.each([null, '', '2027-13-01', 'next spring'])(
    'a release date of %j gives no release moment and says why',
    (date) => {
      const result = plan({ releaseDate: date });
      expect(result.moments).toEqual([]);
      expect(result.keyDates).toEqual([]);
      expect(result.problems).toEqual([PLAN_NO_RELEASE_DATE]);
    },
  );

  it('singles are still planned when the full release date is missing', () => {
    const result = plan({
      releaseStrategy: 'singles_first',
      releaseDate: null,
      tracks: [single(1, '2027-03-12')],
    });
    expect(result.moments.map((m) => m.kind)).toEqual(['single']);
    expect(result.problems).toEqual([PLAN_NO_RELEASE_DATE]);
  });

  it.each([
    [{ deliveryLeadDays: 0, pitchLeadDays: 7 }, 'deliveryLeadDays'],
    [{ deliveryLeadDays: 28, pitchLeadDays: -1 }, 'pitchLeadDays'],
    [{ deliveryLeadDays: 28.5, pitchLeadDays: 7 }, 'deliveryLeadDays'],
    [{ deliveryLeadDays: 28, pitchLeadDays: Number.NaN }, 'pitchLeadDays'],
    [{ deliveryLeadDays: 121, pitchLeadDays: 7 }, 'deliveryLeadDays'],
  ] as const)('leads %o are refused (%s)', (leads, key) => {
    expect(() => plan({}, leads)).toThrow(formatPlannerSettingRange(key));
  });

  it('a plan day that is not a date is refused', () => {
    expect(() => plan({ plannedOn: '2027-02-29' })).toThrow(RangeError);
  });
});

describe('planner settings', () => {
  it.each([
    [DEFAULT_PLANNER_SETTINGS, null],
    [{ deliveryLeadDays: 1, pitchLeadDays: 1, reminderDaysBefore: 0 }, null],
    [{ deliveryLeadDays: 120, pitchLeadDays: 60, reminderDaysBefore: 30 }, null],
    [{ deliveryLeadDays: 28, pitchLeadDays: 7, reminderDaysBefore: 31 }, 'reminderDaysBefore'],
    [{ deliveryLeadDays: 28, pitchLeadDays: 61, reminderDaysBefore: 3 }, 'pitchLeadDays'],
    [{ deliveryLeadDays: 28, pitchLeadDays: 7, reminderDaysBefore: -1 }, 'reminderDaysBefore'],
    [{ deliveryLeadDays: 2.5, pitchLeadDays: 7, reminderDaysBefore: 3 }, 'deliveryLeadDays'],
  ] as const)('%o: invalid setting %s', (settings, expected) => {
    expect(findInvalidPlannerSetting(settings)).toBe(expected);
  });

  it('defaults to 28, 7 and 3 days', () => {
    expect(DEFAULT_PLANNER_SETTINGS).toEqual({
      deliveryLeadDays: 28,
      pitchLeadDays: 7,
      reminderDaysBefore: 3,
    });
  });

  it('words each range for staff', () => {
    expect(formatPlannerSettingRange('deliveryLeadDays')).toBe(
      'The delivery deadline must be a whole number of days from 1 to 120 days before the release',
    );
    expect(formatPlannerSettingRange('reminderDaysBefore')).toBe(
      'The reminder must be a whole number of days from 0 to 30 days before each deadline',
    );
  });
});

describe('where a date stands from today', () => {
  it.each([
    ['2027-04-03', '2027-04-03', { when: 'today', days: 0 }, 'today'],
    ['2027-04-04', '2027-04-03', { when: 'upcoming', days: 1 }, 'tomorrow'],
    ['2027-04-08', '2027-04-03', { when: 'upcoming', days: 5 }, 'in 5 days'],
    ['2027-04-02', '2027-04-03', { when: 'past', days: 1 }, 'yesterday'],
    ['2027-03-22', '2027-04-03', { when: 'past', days: 12 }, '12 days ago'],
  ] as const)('%s seen on %s', (date, today, distance, words) => {
    expect(measureDayDistance(date, today)).toEqual(distance);
    expect(describeDayDistance(date, today)).toBe(words);
  });
});

describe('next deadline and reminders', () => {
  const waterfall = plan({
    releaseStrategy: 'singles_first',
    tracks: [single(1, '2027-03-12'), track(2)],
  });

  it.each([
    ['2027-01-01', 'single-t1:delivery'],
    ['2027-02-12', 'single-t1:delivery'],
    ['2027-02-13', 'single-t1:pitch'],
    // Past the single's pitch deadline, the release's delivery deadline is next, before the single is out.
    ['2027-03-06', 'release:delivery'],
    ['2027-04-24', 'release:pitch'],
    ['2027-04-25', null],
  ])('on %s the next deadline is %s (deadlines already passed are skipped)', (today, key) => {
    expect(findNextDeadline(waterfall, today)?.key ?? null).toBe(key);
  });

  it.each([
    // today, reminder offset, deadlines whose reminder is due
    ['2027-02-08', 3, []],
    ['2027-02-09', 3, ['single-t1:delivery']],
    ['2027-02-12', 3, ['single-t1:delivery']],
    ['2027-02-13', 3, []],
    ['2027-03-02', 3, ['single-t1:pitch']],
    ['2027-03-05', 0, ['single-t1:pitch']],
    ['2027-03-04', 0, []],
    ['2027-03-31', 3, ['release:delivery']],
    // A long offset: both of the release's deadlines are within it.
    ['2027-04-01', 30, ['release:delivery', 'release:pitch']],
  ] as const)('on %s with an offset of %i days the due reminders are %o', (today, offset, keys) => {
    expect(listDueReminders(waterfall, today, offset).map((k) => k.key)).toEqual(keys);
  });

  it('every due reminder belongs to a moment inside the range the job reads', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: -30, max: 200 }),
        (deliveryLeadDays, pitchLeadDays, reminderDaysBefore, releaseIn, todayOffset) => {
          const settings: PlannerSettings = { deliveryLeadDays, pitchLeadDays, reminderDaysBefore };
          const result = plan({ releaseDate: addDays(PLANNED_ON, releaseIn) }, settings);
          const today = addDays(PLANNED_ON, todayOffset);
          const range = getReminderMomentRange(today, settings);
          for (const due of listDueReminders(result, today, reminderDaysBefore)) {
            const moment = result.moments.find((m) => m.key === due.momentKey);
            expect(moment && countDaysBetween(range.from, moment.date)).toBeGreaterThanOrEqual(0);
            expect(moment && countDaysBetween(moment.date, range.to)).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});
