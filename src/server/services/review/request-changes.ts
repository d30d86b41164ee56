import { and, eq, sql } from 'drizzle-orm';
import {
  type ChangeRequestPayload,
  canRequestChanges,
  checkFlags,
  describeField,
  type FlaggedFieldView,
  fieldKey,
  formatStatusChangeRefused,
  namesOfField,
  type SessionUser,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { reviewRounds, submissions } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { queueSubmissionMail } from '../audit/queue-submission-mail';
import { recordSubmissionEvent } from '../audit/record-submission-event';
import { STATUS_CHANGED_MEANWHILE } from '../board/change-submission-status';
import { queueBoardSync } from '../board-sync/queue-board-sync';
import { decisionValuesOf, resolveDecisionMessage } from '../decision-templates/resolve-decision-message';
import { composeChangeRequestMail } from '../submissions/submission-mails';
import { flaggableOf, loadFieldState } from './field-state';

export interface RequestChangesInput extends ChangeRequestPayload {
  itemId: string;
  actor: SessionUser;
  now: Date;
}

/**
 * POST /api/board/items/{itemId}/change-requests: staff mark the fields to fix, each
 * with a note. The marks are checked against the submission (its tracks and items, each field
 * once), then one transaction: the status becomes changes_requested (only while it is still the
 * status checked, as any status change), the round is recorded with its number and the fields'
 * labels as they read now, the audit event, ONE mail to the artist listing the points, and the
 * board sync. Answers the new round's id.
 */
export async function requestChanges(
  deps: { db: Database; config: AppConfig },
  input: RequestChangesInput,
): Promise<string> {
  const state = await loadFieldState(deps.db, input.itemId);
  const { submission } = state;
  const from = submission.status;
  if (!canRequestChanges(from)) throw conflict(formatStatusChangeRefused(from, 'changes_requested'));
  const flaggable = flaggableOf(state);
  const problems = checkFlags(input.fields, flaggable);
  if (problems.length > 0) throw badRequest(problems[0]?.message ?? '', problems);
  const { message, template } = await resolveDecisionMessage(deps.db, deps.config, {
    decision: 'request_changes',
    templateId: input.templateId,
    message: input.message,
    submission,
  });
  // The labels are kept as they read now: a title changed in this round keeps the old one here.
  const fields: FlaggedFieldView[] = input.fields.map((flag) => ({
    ...flag,
    key: fieldKey(flag),
    label: describeField(flag, namesOfField(flag, flaggable)),
  }));

  return deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(submissions)
      .set({ status: 'changes_requested', updatedAt: input.now })
      .where(and(eq(submissions.id, submission.id), eq(submissions.status, from)))
      .returning({ id: submissions.id });
    if (updated.length === 0) throw conflict(STATUS_CHANGED_MEANWHILE);
    const [round] = await tx
      .insert(reviewRounds)
      .values({
        submissionId: submission.id,
        number: sql`(select coalesce(max(${reviewRounds.number}), 0) + 1 from ${reviewRounds} where ${reviewRounds.submissionId} = ${submission.id})`,
        status: 'open',
        fromStatus: from,
        fields,
        message,
        templateId: template?.id ?? null,
        requestedByUserId: input.actor.userId,
        createdAt: input.now,
      })
      .returning({ id: reviewRounds.id, number: reviewRounds.number });
    if (!round) throw new Error('requestChanges: no round written');
    const decisionId = await recordSubmissionEvent(tx, {
      submissionId: submission.id,
      type: 'changes_requested',
      actorUserId: input.actor.userId,
      fromStatus: from,
      toStatus: 'changes_requested',
      message,
      templateId: template?.id,
      roundId: round.id,
      data: {
        round: round.number,
        fields: fields.map((field) => field.label),
        decision: 'request_changes',
        ...(template ? { templateName: template.name } : {}),
      },
    });
    const artist = submission.artistDetails as { email?: string };
    if (artist.email) {
      const values = decisionValuesOf(deps.config, submission);
      await queueSubmissionMail(
        tx,
        composeChangeRequestMail(deps.config, artist.email, {
          itemId: submission.id,
          artistName: values.artistName,
          releaseTitle: values.releaseTitle,
          message: message ?? undefined,
          points: fields.map((field) => ({ label: field.label, note: field.note })),
          decisionId,
        }),
        { submissionId: submission.id, purpose: 'change_request', actorUserId: input.actor.userId },
      );
    }
    if (deps.config.monday) await queueBoardSync(tx, 'submission', submission.id);
    return round.id;
  });
}
