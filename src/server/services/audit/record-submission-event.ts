import type { SubmissionEventType, SubmissionStatus } from '../../../domain';
import type { Executor } from '../../db/client';
import { submissionEvents } from '../../db/schema';

export interface SubmissionEventInput {
  submissionId: string;
  type: SubmissionEventType;
  /** Who did it; null for the system (a job) or an anonymous submitter. */
  actorUserId?: string | null | undefined;
  fromStatus?: SubmissionStatus | null | undefined;
  toStatus?: SubmissionStatus | null | undefined;
  message?: string | null | undefined;
  templateId?: string | null | undefined;
  roundId?: string | null | undefined;
  data?: Record<string, unknown> | null | undefined;
}

/**
 * One entry of a submission's audit trail. Call it with the transaction of the change
 * it records, so the change and its record commit together or not at all. Answers the event's id: a
 * decision's is what the artist rates, and its mail links to.
 */
export async function recordSubmissionEvent(
  executor: Executor,
  input: SubmissionEventInput,
): Promise<number> {
  const [row] = await executor
    .insert(submissionEvents)
    .values({
      submissionId: input.submissionId,
      type: input.type,
      actorUserId: input.actorUserId ?? null,
      fromStatus: input.fromStatus ?? null,
      toStatus: input.toStatus ?? null,
      message: input.message ?? null,
      templateId: input.templateId ?? null,
      roundId: input.roundId ?? null,
      data: input.data ?? null,
    })
    .returning({ id: submissionEvents.id });
  if (!row) throw new Error('recordSubmissionEvent: no event written');
  return row.id;
}
