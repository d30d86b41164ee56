import { buildKeyDatesCalendar, getKeyDatesFileName, NO_KEY_DATES } from '../../../domain';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import { type KeyDatesReader, loadReleasePlan } from './release-plans';

export interface KeyDatesFile {
  fileName: string;
  body: string;
}

/**
 * GET …/dates.ics: the key dates as an iCalendar file, for the submission's artist
 * (or staff). The events link to the page where the reader sees the dates; a submission with no
 * dates to plan (a transfer, no release date) is a 404 with the reason.
 */
export async function buildKeyDatesFile(
  deps: { db: Executor; config: AppConfig },
  itemId: string,
  reader: KeyDatesReader,
  now: Date,
): Promise<KeyDatesFile> {
  const { submission, settings } = await loadReleasePlan(deps.db, itemId, reader);
  if (!submission.plan || submission.plan.keyDates.length === 0) throw notFound(NO_KEY_DATES);
  const page = reader === 'staff' ? 'details' : 'submission';
  const body = buildKeyDatesCalendar({
    submissionId: submission.id,
    releaseTitle: submission.releaseTitle,
    keyDates: submission.plan.keyDates,
    labelName: deps.config.label.name,
    pageUrl: `${deps.config.publicUrl}/${page}/${submission.id}`,
    uidDomain: new URL(deps.config.publicUrl).hostname,
    reminderDaysBefore: settings.reminderDaysBefore,
    stamp: now,
  });
  return { fileName: getKeyDatesFileName(submission.releaseTitle), body };
}
