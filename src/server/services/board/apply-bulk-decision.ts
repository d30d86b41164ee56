import { inArray } from 'drizzle-orm';
import {
  type BulkDecisionPayload,
  type BulkDecisionResult,
  DECISION_PLACEHOLDERS,
  DECISION_STATUSES,
  fillDecisionTemplate,
  findUnknownPlaceholders,
  formatTemplateMismatch,
  formatUnknownPlaceholder,
  isRecordId,
  type SessionUser,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { submissions } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { findDecisionTemplate } from '../decision-templates/manage-decision-templates';
import { decisionValuesOf } from '../decision-templates/resolve-decision-message';
import { changeSubmissionStatus } from './change-submission-status';

/** What a submission that failed for another reason than a refusal answers (the error is logged). */
export const BULK_ITEM_FAILED = 'This submission could not be changed just now. Try it again on its own.';

export interface BulkDecisionInput extends BulkDecisionPayload {
  actor: SessionUser;
  now: Date;
}

/**
 * One decision for several submissions: approve or decline each with one template.
 * The template is checked once (it must exist and be of the decision's kind; the message staff
 * edited may only use the known placeholders); then each submission goes through
 * `changeSubmissionStatus`, in a transaction of its own with its audit row and its mail, the
 * template filled for that submission's artist and title. One that cannot take the status (moved
 * on, already decided, unknown) is refused with its reason and the others go on.
 */
export async function applyBulkDecision(
  deps: { db: Database; config: AppConfig; onUnexpected?: (error: unknown, itemId: string) => void },
  input: BulkDecisionInput,
): Promise<BulkDecisionResult[]> {
  const template = await findDecisionTemplate(deps.db, input.templateId);
  if (template.kind !== input.decision)
    throw badRequest(formatTemplateMismatch(template.kind, input.decision));
  const body = input.message?.trim() || template.body;
  const [unknown] = findUnknownPlaceholders(body);
  if (unknown) throw badRequest(formatUnknownPlaceholder(unknown, DECISION_PLACEHOLDERS));

  const ids = input.itemIds.filter(isRecordId);
  const subjects = new Map(
    ids.length === 0
      ? []
      : (
          await deps.db
            .select({
              id: submissions.id,
              releaseTitle: submissions.releaseTitle,
              itemName: submissions.itemName,
              artistDetails: submissions.artistDetails,
            })
            .from(submissions)
            .where(inArray(submissions.id, ids))
        ).map((row) => [row.id, row]),
  );

  const status = DECISION_STATUSES[input.decision];
  const results: BulkDecisionResult[] = [];
  for (const itemId of input.itemIds) {
    const subject = subjects.get(itemId);
    if (!subject) {
      results.push({ itemId, outcome: 'refused', reason: SUBMISSION_NOT_FOUND });
      continue;
    }
    try {
      const changed = await changeSubmissionStatus(deps, {
        itemId,
        status,
        templateId: template.id,
        message: fillDecisionTemplate(body, decisionValuesOf(deps.config, subject)),
        actor: input.actor,
        now: input.now,
      });
      results.push({ itemId, outcome: 'done', status: changed.toStatus });
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) {
        results.push({ itemId, outcome: 'refused', reason: error.message });
      } else {
        deps.onUnexpected?.(error, itemId);
        results.push({ itemId, outcome: 'refused', reason: BULK_ITEM_FAILED });
      }
    }
  }
  return results;
}
