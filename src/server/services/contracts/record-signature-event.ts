import type { SignatureEventType } from '../../../domain';
import type { Executor } from '../../db/client';
import { signatureEvents } from '../../db/schema';

/** Who did something and from where, as the audit log keeps it. */
export interface SignatureActor {
  userId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * One line of a request's audit trail. Callers pass the transaction of the change it records, so
 * the log never shows a change that did not happen nor misses one that did.
 */
export async function recordSignatureEvent(
  executor: Executor,
  requestId: string,
  type: SignatureEventType,
  actor: SignatureActor = {},
  data?: Record<string, unknown>,
): Promise<void> {
  await executor.insert(signatureEvents).values({
    requestId,
    type,
    actorUserId: actor.userId ?? null,
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ?? null,
    data: data ?? null,
  });
}
