import { sendDeadlineReminders } from '../services/release-planning/send-deadline-reminders';
import { defineJob, msUntilNextUtcHour } from './define-job';
import { jobPayloads } from './job-names';

/** The hour (UTC) the reminders go out each day: a morning in Europe, before the working day. */
export const DEADLINE_REMINDER_HOUR_UTC = 7;

/** Milliseconds from `now` to the next DEADLINE_REMINDER_HOUR_UTC:00 (tomorrow's, once today's has passed). */
export function msUntilNextReminderRun(now: Date): number {
  return msUntilNextUtcHour(now, DEADLINE_REMINDER_HOUR_UTC);
}

/**
 * `planner.remind-deadlines`, daily: mails the artist and the assigned
 * reviewer of every submission still going ahead a reminder the configured number of days before
 * each delivery and pitch deadline, once per deadline and recipient
 * (services/release-planning/send-deadline-reminders.ts). Its day is the worker's clock (`now`: the
 * database's, or the one a test sets). The first run at start catches up on a day missed; then it
 * runs each morning.
 */
export const remindDeadlinesJob = defineJob({
  name: 'planner.remind-deadlines',
  payload: jobPayloads['planner.remind-deadlines'],
  recurring: true,
  async handle(_payload, { db, config, now, log, signal }) {
    const { queued } = await sendDeadlineReminders({ db, config }, now, signal);
    if (queued > 0) log.info({ queued }, 'deadline reminders queued');
    return { rescheduleAfterMs: msUntilNextReminderRun(now) };
  },
});
