import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT } from '../common/text';
import { STATUS_MESSAGE_MAX_LENGTH } from '../status/status-transitions';
import type { SubmissionStatus } from '../status/submission-status';
import {
  formatMessageTooLong,
  formatTemplateKindMismatch,
  formatUnknownPlaceholder,
  TEMPLATE_BODY_REQUIRED,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_NAME_REQUIRED,
  TEMPLATE_NAME_TOO_LONG,
  UNKNOWN_DECISION_KIND,
} from './messages';

/**
 * Decisions with reasons: staff keep saved messages per kind of decision, with
 * placeholders for the artist's name and the release's title (and the label's name). A decision
 * starts from a template filled for its submission; staff may edit the text before sending, and
 * what was sent is the message of record, with the template it came from.
 */
export const DECISION_KINDS = ['approve', 'request_changes', 'decline'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];
export const decisionKindSchema = z.enum(DECISION_KINDS, { error: UNKNOWN_DECISION_KIND });

const DECISION_WORDS: Record<DecisionKind, string> = {
  approve: 'approve',
  request_changes: 'request changes',
  decline: 'decline',
};

export function getDecisionLabel(kind: DecisionKind): string {
  return { approve: 'Approve', request_changes: 'Request changes', decline: 'Decline' }[kind];
}

/** The analytics' name for declines sent without a template. */
export const DECLINED_WITHOUT_TEMPLATE = 'Without a template';

/** The status a decision sets. */
export const DECISION_STATUSES = {
  approve: 'approved',
  request_changes: 'changes_requested',
  decline: 'rejected',
} as const satisfies Record<DecisionKind, SubmissionStatus>;

/** The decision a status change makes, if it is one (approving, asking for changes, declining). */
export function getDecisionOfStatus(status: SubmissionStatus): DecisionKind | null {
  const entry = Object.entries(DECISION_STATUSES).find(([, to]) => to === status);
  return entry ? (entry[0] as DecisionKind) : null;
}

export function formatTemplateMismatch(templateKind: DecisionKind, decision: DecisionKind): string {
  return formatTemplateKindMismatch(DECISION_WORDS[templateKind], DECISION_WORDS[decision]);
}

export const DECISION_PLACEHOLDERS = ['artistName', 'releaseTitle', 'labelName'] as const;
export type DecisionPlaceholder = (typeof DECISION_PLACEHOLDERS)[number];
export type DecisionValues = Record<DecisionPlaceholder, string>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The placeholders a body uses that are not ones of DECISION_PLACEHOLDERS. */
export function findUnknownPlaceholders(body: string): string[] {
  const known = new Set<string>(DECISION_PLACEHOLDERS);
  const unknown = [...body.matchAll(PLACEHOLDER)]
    .map((match) => match[1] ?? '')
    .filter((name) => !known.has(name));
  return [...new Set(unknown)];
}

/** The template's text with its placeholders filled in ('{{artistName}}' → 'Maya Rivers'). */
export function fillDecisionTemplate(body: string, values: DecisionValues): string {
  return body.replace(PLACEHOLDER, (whole, name: string) =>
    (DECISION_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as DecisionPlaceholder] : whole,
  );
}

const nameSchema = z
  .string({ error: TEMPLATE_NAME_REQUIRED })
  .trim()
  .min(1, { error: TEMPLATE_NAME_REQUIRED })
  .max(TEMPLATE_NAME_MAX_LENGTH, { error: TEMPLATE_NAME_TOO_LONG })
  .refine(isStorableText, UNSTORABLE_TEXT);

const bodySchema = z
  .string({ error: TEMPLATE_BODY_REQUIRED })
  .trim()
  .min(1, { error: TEMPLATE_BODY_REQUIRED })
  .max(STATUS_MESSAGE_MAX_LENGTH, { error: formatMessageTooLong(STATUS_MESSAGE_MAX_LENGTH) })
  .refine(isStorableText, UNSTORABLE_TEXT)
  .superRefine((body, context) => {
    const unknown = findUnknownPlaceholders(body)[0];
    if (unknown !== undefined) {
      context.addIssue({ code: 'custom', message: formatUnknownPlaceholder(unknown, DECISION_PLACEHOLDERS) });
    }
  });

/** POST /api/decision-templates. */
export const decisionTemplateCreateSchema = z.object({
  kind: decisionKindSchema,
  name: nameSchema,
  body: bodySchema,
});
export type DecisionTemplateCreate = z.infer<typeof decisionTemplateCreateSchema>;

/** PUT /api/decision-templates/{templateId}: the kind stays; counts of past decisions keep their meaning. */
export const decisionTemplateUpdateSchema = z.object({ name: nameSchema, body: bodySchema });
export type DecisionTemplateUpdate = z.infer<typeof decisionTemplateUpdateSchema>;

export const decisionTemplateSchema = z.object({
  templateId: z.string(),
  kind: decisionKindSchema,
  name: z.string(),
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who saved it last (name or e-mail). */
  updatedBy: z.string().nullable(),
});
export type DecisionTemplate = z.infer<typeof decisionTemplateSchema>;

export const decisionTemplateListQuerySchema = z.object({ kind: decisionKindSchema.optional() });

export const decisionTemplateListResponseSchema = z.object({
  success: z.literal(true),
  templates: z.array(decisionTemplateSchema),
  placeholders: z.array(z.string()),
});

export const decisionTemplateResponseSchema = z.object({
  success: z.literal(true),
  template: decisionTemplateSchema,
});

/** GET /api/board/items/{itemId}/decision-message?templateId=: the template filled for the submission. */
export const decisionMessageQuerySchema = z.object({ templateId: z.string().max(100) });
export const decisionMessageResponseSchema = z.object({
  success: z.literal(true),
  templateId: z.string(),
  kind: decisionKindSchema,
  name: z.string(),
  message: z.string(),
});
