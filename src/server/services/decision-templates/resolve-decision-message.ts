import { eq } from 'drizzle-orm';
import {
  type DecisionKind,
  type DecisionValues,
  fillDecisionTemplate,
  formatTemplateMismatch,
  isRecordId,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { submissions } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { findDecisionTemplate } from './manage-decision-templates';

/** What a submission row holds for the placeholders: the artist's details as sent, the titles. */
export interface DecisionSubject {
  releaseTitle: string;
  itemName: string;
  artistDetails: unknown;
}

/** The placeholders' values for one submission: the artist's name as sent, the release's title, the label. */
export function decisionValuesOf(config: AppConfig, submission: DecisionSubject): DecisionValues {
  const artist = (submission.artistDetails ?? {}) as { artistName?: string; firstName?: string };
  return {
    artistName: artist.artistName?.trim() || artist.firstName?.trim() || 'there',
    releaseTitle: submission.releaseTitle.trim() || submission.itemName,
    labelName: config.label.name,
  };
}

export interface ResolvedDecisionMessage {
  message: string | null;
  template: { id: string; name: string } | null;
}

/**
 * The message of a decision: what staff sent (a filled template, maybe edited) with
 * the template it came from; with a template and no message, the template filled for the
 * submission. A template of another kind of decision is refused (400), an unknown one is 404.
 */
export async function resolveDecisionMessage(
  executor: Executor,
  config: AppConfig,
  input: {
    decision: DecisionKind;
    templateId?: string | undefined;
    message?: string | undefined;
    submission: DecisionSubject;
  },
): Promise<ResolvedDecisionMessage> {
  const message = input.message?.trim() || null;
  if (input.templateId === undefined) return { message, template: null };
  const template = await findDecisionTemplate(executor, input.templateId);
  if (template.kind !== input.decision)
    throw badRequest(formatTemplateMismatch(template.kind, input.decision));
  return {
    message: message ?? fillDecisionTemplate(template.body, decisionValuesOf(config, input.submission)),
    template: { id: template.id, name: template.name },
  };
}

/** GET /api/board/items/{itemId}/decision-message: the template filled for this submission, to edit. */
export async function fillTemplateForSubmission(
  executor: Executor,
  config: AppConfig,
  itemId: string,
  templateId: string,
): Promise<{ templateId: string; kind: DecisionKind; name: string; message: string }> {
  if (!isRecordId(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const [submission] = await executor
    .select({
      releaseTitle: submissions.releaseTitle,
      itemName: submissions.itemName,
      artistDetails: submissions.artistDetails,
    })
    .from(submissions)
    .where(eq(submissions.id, itemId));
  if (!submission) throw notFound(SUBMISSION_NOT_FOUND);
  const template = await findDecisionTemplate(executor, templateId);
  return {
    templateId: template.id,
    kind: template.kind,
    name: template.name,
    message: fillDecisionTemplate(template.body, decisionValuesOf(config, submission)),
  };
}
