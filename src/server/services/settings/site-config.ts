import {
  checkReopenDate,
  getIsoDateOfInstant,
  presentResponsePromise,
  REOPEN_DATE_WHILE_OPEN,
  type SiteConfigResponse,
  visibleReopenDate,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { badRequest } from '../../errors';
import { getSetting, setSetting } from './app-settings';

/**
 * What `GET /api/config` answers and every prerendered page is rendered with (routes/web.ts): the
 * mode; while closed, the reopening day unless it has passed (the label's today); and the response
 * promise with the record the job stored (never typed by hand). Four settings, each from the read
 * cache.
 */
export async function readSiteConfig(
  executor: Executor,
  config: Pick<AppConfig, 'label'>,
  now: Date,
): Promise<Required<SiteConfigResponse>> {
  const [submissionsEnabled, reopensOn, promiseDays, record] = await Promise.all([
    getSetting(executor, 'submissionsEnabled'),
    getSetting(executor, 'submissionsReopenOn'),
    getSetting(executor, 'responsePromiseDays'),
    getSetting(executor, 'responsePromiseRecord'),
  ]);
  const today = getIsoDateOfInstant(now, config.label.timeZone);
  return {
    submissionsEnabled,
    reopensOn: submissionsEnabled ? null : visibleReopenDate(reopensOn, today),
    responsePromise: presentResponsePromise(promiseDays, record),
  };
}

export interface SubmissionModeChange {
  submissionsEnabled: boolean;
  /** While closed: the day they reopen, null for none; left out, the day set before stays. */
  reopensOn?: string | null | undefined;
}

/**
 * `POST /api/config/set` (spec 001 §7): staff open or close submissions. Closing may say when they
 * reopen (today or later, in the label's days); opening clears that day, so closing again later
 * never shows an old one. A day given while opening is refused rather than dropped.
 */
export async function setSubmissionMode(
  db: Database,
  config: Pick<AppConfig, 'label'>,
  change: SubmissionModeChange,
  now: Date,
): Promise<{ submissionsEnabled: boolean; reopensOn: string | null }> {
  if (change.submissionsEnabled) {
    if (change.reopensOn) throw badRequest(REOPEN_DATE_WHILE_OPEN);
    await db.transaction(async (tx) => {
      await setSetting(tx, 'submissionsEnabled', true);
      await setSetting(tx, 'submissionsReopenOn', null);
    });
    return { submissionsEnabled: true, reopensOn: null };
  }
  const today = getIsoDateOfInstant(now, config.label.timeZone);
  if (change.reopensOn !== undefined) {
    const refusal = checkReopenDate(change.reopensOn, today);
    if (refusal) throw badRequest(refusal);
  }
  const reopensOn = await db.transaction(async (tx) => {
    await setSetting(tx, 'submissionsEnabled', false);
    if (change.reopensOn !== undefined) await setSetting(tx, 'submissionsReopenOn', change.reopensOn);
    return getSetting(tx, 'submissionsReopenOn');
  });
  return { submissionsEnabled: false, reopensOn: visibleReopenDate(reopensOn, today) };
}
