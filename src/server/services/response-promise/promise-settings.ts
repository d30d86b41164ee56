import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import {
  AUTO_DECLINE_NEEDS_TEMPLATE,
  AUTO_DECLINE_TEMPLATE_NOT_DECLINE,
  AUTO_DECLINE_TEMPLATE_NOT_FOUND,
  getIsoDateOfInstant,
  getOverdueCutoff,
  type IsoDate,
  isRecordId,
  type ResponsePromiseSettings,
  type ResponsePromiseUpdate,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { decisionTemplates, submissions } from '../../db/schema';
import { badRequest } from '../../errors';
import { getSetting, setSetting } from '../settings/app-settings';
import { queueResponseRecord } from './response-record';

type TemplateRow = typeof decisionTemplates.$inferSelect;

/** The settings as the job and the page use them: the chosen template's row, if it still exists. */
export interface PromiseSettings {
  promiseDays: number;
  autoDecline: boolean;
  templateId: string | null;
  /** The chosen template, when it exists, is not deleted and is a decline template. */
  template: TemplateRow | null;
}

async function findTemplate(executor: Executor, templateId: string | null): Promise<TemplateRow | null> {
  if (!templateId || !isRecordId(templateId)) return null;
  const [row] = await executor.select().from(decisionTemplates).where(eq(decisionTemplates.id, templateId));
  return row && !row.deletedAt && row.kind === 'decline' ? row : null;
}

export async function readPromiseSettings(executor: Executor): Promise<PromiseSettings> {
  const [promiseDays, autoDecline, templateId] = await Promise.all([
    getSetting(executor, 'responsePromiseDays'),
    getSetting(executor, 'autoDeclineEnabled'),
    getSetting(executor, 'autoDeclineTemplateId'),
  ]);
  return { promiseDays, autoDecline, templateId, template: await findTemplate(executor, templateId) };
}

export function presentPromiseSettings(settings: PromiseSettings): ResponsePromiseSettings {
  return {
    promiseDays: settings.promiseDays,
    autoDecline: settings.autoDecline,
    declineTemplate: settings.template
      ? { templateId: settings.template.id, name: settings.template.name }
      : null,
    declineTemplateDeleted: settings.templateId !== null && settings.template === null,
  };
}

/**
 * PUT /api/response-promise: staff change the promise, the switch and the template. A template
 * must be a decline template in use (400 otherwise); the switch goes on only with one chosen.
 */
export async function updatePromiseSettings(
  db: Database,
  update: ResponsePromiseUpdate,
): Promise<PromiseSettings> {
  const current = await readPromiseSettings(db);
  let templateId = current.templateId;
  if (update.declineTemplateId !== undefined) {
    templateId = update.declineTemplateId;
    if (templateId !== null) {
      const row = isRecordId(templateId)
        ? (
            await db
              .select({ kind: decisionTemplates.kind })
              .from(decisionTemplates)
              .where(and(eq(decisionTemplates.id, templateId), isNull(decisionTemplates.deletedAt)))
          )[0]
        : undefined;
      if (!row) throw badRequest(AUTO_DECLINE_TEMPLATE_NOT_FOUND);
      if (row.kind !== 'decline') throw badRequest(AUTO_DECLINE_TEMPLATE_NOT_DECLINE);
    }
  }
  const autoDecline = update.autoDecline ?? current.autoDecline;
  // Switching on (or keeping on while clearing the template) needs a template in use.
  const templateUsable = templateId !== null && (await findTemplate(db, templateId)) !== null;
  if (
    autoDecline &&
    !templateUsable &&
    (update.autoDecline === true || update.declineTemplateId !== undefined)
  )
    throw badRequest(AUTO_DECLINE_NEEDS_TEMPLATE);

  if (update.promiseDays !== undefined && update.promiseDays !== current.promiseDays) {
    const promiseDays = update.promiseDays;
    // The public record is judged against the promise: judged again under the new one.
    await db.transaction(async (tx) => {
      await setSetting(tx, 'responsePromiseDays', promiseDays);
      await queueResponseRecord(tx);
    });
  }
  if (update.declineTemplateId !== undefined) await setSetting(db, 'autoDeclineTemplateId', templateId);
  if (update.autoDecline !== undefined) await setSetting(db, 'autoDeclineEnabled', update.autoDecline);
  return readPromiseSettings(db);
}

/** What the board needs to mark submissions: the promise, the label's day and the overdue cutoff. */
export interface PromiseClock {
  promiseDays: number;
  timeZone: string;
  today: IsoDate;
  /** A pending submission waiting since before this is past the promise. */
  cutoff: Date;
}

export async function readPromiseClock(
  executor: Executor,
  config: AppConfig,
  now: Date,
): Promise<PromiseClock> {
  const promiseDays = await getSetting(executor, 'responsePromiseDays');
  const timeZone = config.label.timeZone;
  const today = getIsoDateOfInstant(now, timeZone);
  return { promiseDays, timeZone, today, cutoff: getOverdueCutoff(today, promiseDays, timeZone) };
}

/** When a submission's clock started: the last return to Pending, else when it was sent. */
export const waitingSince =
  sql<Date>`coalesce(${submissions.returnedToPendingAt}, ${submissions.createdAt})`.mapWith(
    submissions.createdAt,
  );

/**
 * Pending submissions past the promise, read through submissions_pending_waiting_since_idx. The
 * clock never starts before the submission was sent, so `created_at` before the cutoff holds for
 * every one: it lets a list in created_at order start at the cutoff on its own index.
 */
export function overdueCondition(clock: Pick<PromiseClock, 'cutoff'>): SQL {
  const cutoff = clock.cutoff.toISOString();
  return sql`${submissions.status} = 'pending' and ${waitingSince} < ${cutoff}::timestamptz and ${submissions.createdAt} < ${cutoff}::timestamptz`;
}

export async function countOverdue(executor: Executor, clock: Pick<PromiseClock, 'cutoff'>): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(overdueCondition(clock));
  return row?.n ?? 0;
}
