import {
  addDays,
  compareIsoDates,
  countDaysBetween,
  formatLongDate,
  type IsoDate,
  isIsoDate,
} from '../common/calendar-date';
import { formatFullReleaseBeforeLastSingle } from '../music/messages';
import { SINGLE_SPACING_DAYS } from '../music/release-dates';
import { MIN_TRACKS_FOR_GROUPING } from '../music/release-strategy';

/**
 * The deadline planner: from a submission's release plan, the dates that follow. Each
 * release moment (the release, or each single of a singles-first plan) has the label's delivery
 * deadline and the editorial pitch deadline, a number of days before it that staff set. Calendar
 * dates only (calendar-date.ts); weekends are not skipped, since neither the spec nor the
 * distributors' rules the label follows move a deadline off a weekend.
 */

/** How many days before a release its deadlines fall, and before a deadline its reminder goes. */
export interface PlannerSettings {
  /** The label's delivery deadline: everything final, this many days before the release. */
  deliveryLeadDays: number;
  /** The editorial pitch deadline: the last day to pitch to streaming editors. */
  pitchLeadDays: number;
  /** The reminder mail goes this many days before each deadline (0: on the day). */
  reminderDaysBefore: number;
}

export type PlannerSettingKey = keyof PlannerSettings;

/** Each setting's range and default: whole days. */
export const PLANNER_SETTING_LIMITS: Readonly<
  Record<PlannerSettingKey, { min: number; max: number; default: number }>
> = {
  deliveryLeadDays: { min: 1, max: 120, default: 28 },
  pitchLeadDays: { min: 1, max: 60, default: 7 },
  reminderDaysBefore: { min: 0, max: 30, default: 3 },
};

export const DEFAULT_PLANNER_SETTINGS: PlannerSettings = {
  deliveryLeadDays: PLANNER_SETTING_LIMITS.deliveryLeadDays.default,
  pitchLeadDays: PLANNER_SETTING_LIMITS.pitchLeadDays.default,
  reminderDaysBefore: PLANNER_SETTING_LIMITS.reminderDaysBefore.default,
};

const SETTING_NAMES: Record<PlannerSettingKey, string> = {
  deliveryLeadDays: 'The delivery deadline',
  pitchLeadDays: 'The editorial pitch deadline',
  reminderDaysBefore: 'The reminder',
};

/** The refusal of a setting outside its range or not a whole number of days, in staff's words. */
export function formatPlannerSettingRange(key: PlannerSettingKey): string {
  const { min, max } = PLANNER_SETTING_LIMITS[key];
  const unit = key === 'reminderDaysBefore' ? 'days before each deadline' : 'days before the release';
  return `${SETTING_NAMES[key]} must be a whole number of days from ${min} to ${max} ${unit}`;
}

/** The first setting that is not a whole number of days in its range, or null when all are. */
export function findInvalidPlannerSetting(settings: PlannerSettings): PlannerSettingKey | null {
  for (const key of Object.keys(PLANNER_SETTING_LIMITS) as PlannerSettingKey[]) {
    const value = settings[key];
    const { min, max } = PLANNER_SETTING_LIMITS[key];
    if (!Number.isInteger(value) || value < min || value > max) return key;
  }
  return null;
}

/** One track of the plan, as stored with the submission. */
export interface PlanTrack {
  id: string;
  title: string;
  /** The track's place in the release, from 0. */
  position: number;
  releaseAsSingle: boolean;
  singleReleaseDate: string | null;
  /** The order the artist ticked the singles in (gaps after an untick). */
  singleOrder: number | null;
}

export interface ReleasePlanInput {
  releaseTitle: string;
  releaseStrategy: string;
  /** The release date ('together') or the full release date ('singles_first'). */
  releaseDate: string | null;
  tracks: readonly PlanTrack[];
  /**
   * The day the plan was made (the submission's date). A single ticked without a date is placed
   * where the form would have put it that day: (dated singles + 1) × 6 weeks later (spec 001 §4).
   */
  plannedOn: IsoDate;
}

/** A day something comes out: the release, or a single of a singles-first plan. */
export interface ReleaseMoment {
  /** 'release', or 'single-<track id>' (the first single of that day): stable while the plan holds. */
  key: string;
  kind: 'release' | 'single';
  /** The single's number in release order ('Single 1' comes out first); null for the release. */
  singleNumber: number | null;
  /** The release title, or the single's track title(s). */
  title: string;
  date: IsoDate;
  /** 'default': the single had no date of its own, so the spec's 6-week spacing gave it one. */
  dateSource: 'chosen' | 'default';
  /** The tracks that come out that day: the single(s), and with the final single the grouped tracks. */
  trackTitles: string[];
  /** Singles that come out on the release day itself, with the release. */
  withSingles: string[];
  deliveryDeadline: IsoDate;
  pitchDeadline: IsoDate;
}

export type KeyDateKind = 'delivery' | 'pitch' | 'single' | 'release';

export const DEADLINE_KINDS = ['delivery', 'pitch'] as const satisfies readonly KeyDateKind[];
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

/** One date of the plan: a deadline or a release moment itself. */
export interface KeyDate {
  /** `<moment key>:<kind>`: the same date of the same moment keeps its key (calendar UIDs, reminders). */
  key: string;
  kind: KeyDateKind;
  date: IsoDate;
  momentKey: string;
  /** What the date is for, in words: 'Tidewater' or 'Single 1: "Low Tide"'. */
  subject: string;
}

export interface ReleasePlan {
  moments: ReleaseMoment[];
  /** Every deadline and release day, earliest first. */
  keyDates: KeyDate[];
  /** What is wrong with the plan as stored, in the artist's words (the dates shown still follow it). */
  problems: string[];
}

/** The calendar download of a submission with no date to plan (a transfer, no release date). */
export const NO_KEY_DATES = 'This submission has no release dates to put in a calendar yet';
export const PLAN_NO_RELEASE_DATE = 'No release date is set yet, so the deadlines cannot be worked out.';
export const formatSingleDateUnreadable = (title: string) =>
  `The date of the single "${title}" is not a calendar date; the 6-week spacing gives it one instead.`;

interface DatedSingle {
  track: PlanTrack;
  date: IsoDate;
  dateSource: 'chosen' | 'default';
}

const byTickOrder = (a: PlanTrack, b: PlanTrack) =>
  (a.singleOrder ?? Number.MAX_SAFE_INTEGER) - (b.singleOrder ?? Number.MAX_SAFE_INTEGER) ||
  a.position - b.position;

/**
 * Each single's date: its own when it has one; otherwise, in the order they were ticked, the
 * form's default that day: (count of already-dated singles + 1) × 6 weeks after `plannedOn`.
 */
function dateSingles(singles: readonly PlanTrack[], plannedOn: IsoDate, problems: string[]): DatedSingle[] {
  const dated: DatedSingle[] = singles
    .filter((track) => isIsoDate(track.singleReleaseDate))
    .map((track) => ({ track, date: track.singleReleaseDate as IsoDate, dateSource: 'chosen' }));
  for (const track of singles.filter((t) => !isIsoDate(t.singleReleaseDate)).sort(byTickOrder)) {
    if (track.singleReleaseDate?.trim()) problems.push(formatSingleDateUnreadable(track.title));
    dated.push({
      track,
      date: addDays(plannedOn, (dated.length + 1) * SINGLE_SPACING_DAYS),
      dateSource: 'default',
    });
  }
  // Release order: by date, then the order they were ticked (numberSinglesInReleaseOrder's rule).
  return dated.sort((a, b) => compareIsoDates(a.date, b.date) || byTickOrder(a.track, b.track));
}

function checkSettings(settings: Pick<PlannerSettings, 'deliveryLeadDays' | 'pitchLeadDays'>): void {
  const invalid = findInvalidPlannerSetting({ ...DEFAULT_PLANNER_SETTINGS, ...settings });
  if (invalid) throw new RangeError(formatPlannerSettingRange(invalid));
}

const quoted = (titles: readonly string[]) => titles.map((title) => `"${title}"`).join(' and ');

function momentSubject(moment: ReleaseMoment): string {
  return moment.kind === 'release'
    ? moment.title
    : `Single ${moment.singleNumber}: ${quoted([moment.title])}`;
}

/**
 * The plan's moments and key dates (spec 001 §4 and §5):
 * - 'together': one moment, the release date.
 * - 'singles_first' (at least one single ticked): each single's date is a moment, numbered in
 *   release order; with 3 or more tracks the tracks that are not singles come out with the final
 *   single (they take the latest single date); the full release date is the last moment. Singles
 *   on the same day make one moment; a single on the full release day comes out with the release.
 * - Each moment's delivery and pitch deadlines fall `deliveryLeadDays` and `pitchLeadDays` before it.
 * A plan that breaks a rule (no release date, a full release before the last single) says so in
 * `problems` and still shows what follows from what is stored. Settings outside their ranges throw.
 */
export function planRelease(
  input: ReleasePlanInput,
  settings: Pick<PlannerSettings, 'deliveryLeadDays' | 'pitchLeadDays'>,
): ReleasePlan {
  checkSettings(settings);
  if (!isIsoDate(input.plannedOn)) throw new RangeError(`Not an ISO calendar date: ${input.plannedOn}`);
  const problems: string[] = [];
  const deadlinesOf = (date: IsoDate) => ({
    deliveryDeadline: addDays(date, -settings.deliveryLeadDays),
    pitchDeadline: addDays(date, -settings.pitchLeadDays),
  });

  const ticked = input.tracks.filter((track) => track.releaseAsSingle);
  const singlesFirst = input.releaseStrategy === 'singles_first' && ticked.length > 0;
  const singles = singlesFirst ? dateSingles(ticked, input.plannedOn, problems) : [];
  const releaseDate = isIsoDate(input.releaseDate) ? input.releaseDate : null;
  if (!releaseDate) problems.push(PLAN_NO_RELEASE_DATE);

  const lastSingleDate = singles.at(-1)?.date ?? null;
  if (releaseDate && lastSingleDate && compareIsoDates(releaseDate, lastSingleDate) < 0) {
    problems.push(formatFullReleaseBeforeLastSingle(formatLongDate(lastSingleDate) ?? lastSingleDate));
  }
  const grouped =
    singlesFirst && input.tracks.length >= MIN_TRACKS_FOR_GROUPING
      ? [...input.tracks].filter((track) => !track.releaseAsSingle).sort((a, b) => a.position - b.position)
      : [];

  const moments: ReleaseMoment[] = [];
  const withRelease: string[] = [];
  let number = 0;
  for (let i = 0; i < singles.length; ) {
    const first = singles[i] as DatedSingle;
    const sameDay = singles.slice(i).filter((single) => single.date === first.date);
    i += sameDay.length;
    const titles = sameDay.map((single) => single.track.title);
    const firstNumber = number + 1;
    number += sameDay.length;
    if (releaseDate && first.date === releaseDate) {
      withRelease.push(...titles);
      continue;
    }
    const isFinal = first.date === lastSingleDate;
    moments.push({
      key: `single-${first.track.id}`,
      kind: 'single',
      singleNumber: firstNumber,
      title: titles.length === 1 ? (titles[0] as string) : quoted(titles),
      date: first.date,
      dateSource: sameDay.every((single) => single.dateSource === 'default') ? 'default' : 'chosen',
      trackTitles: [...titles, ...(isFinal ? grouped.map((track) => track.title) : [])],
      withSingles: [],
      ...deadlinesOf(first.date),
    });
  }
  if (releaseDate) {
    moments.push({
      key: 'release',
      kind: 'release',
      singleNumber: null,
      title: input.releaseTitle,
      date: releaseDate,
      dateSource: 'chosen',
      trackTitles: [...input.tracks].sort((a, b) => a.position - b.position).map((track) => track.title),
      withSingles: withRelease,
      ...deadlinesOf(releaseDate),
    });
  }
  moments.sort((a, b) => compareIsoDates(a.date, b.date));

  const keyDates = moments.flatMap((moment): KeyDate[] => {
    const subject = momentSubject(moment);
    const entry = (kind: KeyDateKind, date: IsoDate): KeyDate => ({
      key: `${moment.key}:${kind}`,
      kind,
      date,
      momentKey: moment.key,
      subject,
    });
    return [
      entry('delivery', moment.deliveryDeadline),
      entry('pitch', moment.pitchDeadline),
      entry(moment.kind, moment.date),
    ];
  });
  // Earliest first; on one day, deadlines before releases, and the plan's order otherwise.
  const kindOrder: Record<KeyDateKind, number> = { delivery: 0, pitch: 1, single: 2, release: 3 };
  keyDates.sort((a, b) => compareIsoDates(a.date, b.date) || kindOrder[a.kind] - kindOrder[b.kind]);
  return { moments, keyDates, problems };
}

export function isDeadline(keyDate: Pick<KeyDate, 'kind'>): keyDate is KeyDate & { kind: DeadlineKind } {
  return keyDate.kind === 'delivery' || keyDate.kind === 'pitch';
}

/** Where a date stands from today: 'past', 'today', or 'upcoming', and how many days away. */
export interface DayDistance {
  when: 'past' | 'today' | 'upcoming';
  /** Whole days between today and the date, always 0 or more. */
  days: number;
}

export function measureDayDistance(date: IsoDate, today: IsoDate): DayDistance {
  const days = countDaysBetween(today, date);
  if (days === 0) return { when: 'today', days: 0 };
  return days > 0 ? { when: 'upcoming', days } : { when: 'past', days: -days };
}

/** 'today', 'tomorrow', 'in 5 days', 'yesterday', '12 days ago'. */
export function describeDayDistance(date: IsoDate, today: IsoDate): string {
  const { when, days } = measureDayDistance(date, today);
  if (when === 'today') return 'today';
  if (when === 'upcoming') return days === 1 ? 'tomorrow' : `in ${days} days`;
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/** The first deadline that is today or later, or null when every deadline has passed. */
export function findNextDeadline(plan: Pick<ReleasePlan, 'keyDates'>, today: IsoDate): KeyDate | null {
  return (
    plan.keyDates.find((keyDate) => isDeadline(keyDate) && compareIsoDates(keyDate.date, today) >= 0) ?? null
  );
}

/**
 * The deadlines whose reminder is due today: from `reminderDaysBefore` days before the deadline up
 * to the deadline itself. A day the job did not run, or a submission made inside that window, is
 * caught up on the next run; once the deadline has passed no reminder goes. The job records each
 * one sent, so the window never means more than one mail.
 */
export function listDueReminders(
  plan: Pick<ReleasePlan, 'keyDates'>,
  today: IsoDate,
  reminderDaysBefore: number,
): KeyDate[] {
  return plan.keyDates.filter((keyDate) => {
    if (!isDeadline(keyDate)) return false;
    const days = countDaysBetween(today, keyDate.date);
    return days >= 0 && days <= reminderDaysBefore;
  });
}

/**
 * The release and single dates that can hold a deadline whose reminder is due today: a deadline in
 * [today, today + reminderDaysBefore] belongs to a moment `lead` days later. The job reads only
 * the submissions with a date in this range.
 */
export function getReminderMomentRange(
  today: IsoDate,
  settings: PlannerSettings,
): { from: IsoDate; to: IsoDate } {
  const shortest = Math.min(settings.deliveryLeadDays, settings.pitchLeadDays);
  const longest = Math.max(settings.deliveryLeadDays, settings.pitchLeadDays);
  return { from: addDays(today, shortest), to: addDays(today, longest + settings.reminderDaysBefore) };
}
