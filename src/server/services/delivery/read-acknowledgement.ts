import { eq } from 'drizzle-orm';
import { create } from 'xmlbuilder2';
import type { Database } from '../../db/client';
import { deliveryAttempts } from '../../db/schema';
import type { DeliveryTargets } from '../../providers/delivery';
import { recordSubmissionEvent } from '../audit/record-submission-event';
import { ACKNOWLEDGEMENTS_FOLDER, findDeliveryAttempt } from './send-delivery';

/** Statuses a recipient writes for a batch it took in (DDEX's FileStatus of the choreography's acknowledgement). */
const ACCEPTED_STATUSES = new Set(['fileok', 'ok', 'success', 'successfullyingested', 'accepted']);
const STATUS_ELEMENTS = new Set(['FileStatus', 'MessageStatus', 'Status', 'AcknowledgementStatus']);
const TEXT_ELEMENTS = new Set(['ErrorText', 'ErrorMessage', 'Description', 'Reason', 'StatusText']);

export interface ParsedAcknowledgement {
  status: string;
  accepted: boolean;
  text: string;
}

/**
 * What an acknowledgement says: its status (the first FileStatus, MessageStatus or Status element)
 * and its words (error text or description). A file that is not XML is read as plain words, so a
 * recipient's "OK" or error line is still shown.
 */
export function parseAcknowledgement(bytes: Buffer): ParsedAcknowledgement {
  const body = bytes.toString('utf8').slice(0, 64 * 1024);
  let status = '';
  const texts: string[] = [];
  try {
    const walk = (node: unknown, name?: string): void => {
      if (typeof node === 'string' || typeof node === 'number') {
        const value = String(node).trim();
        if (!value || !name) return;
        if (!status && STATUS_ELEMENTS.has(name)) status = value;
        else if (TEXT_ELEMENTS.has(name)) texts.push(value);
        return;
      }
      if (Array.isArray(node)) for (const item of node) walk(item, name);
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) {
          if (key === '#') walk(value, name);
          else if (!key.startsWith('@')) walk(value, key.replace(/^[^:]+:/, ''));
        }
    };
    walk(create(body).end({ format: 'object' }));
  } catch {
    const line = body.trim().split('\n')[0]?.trim() ?? '';
    status = line.split(/\s+/)[0] ?? '';
    texts.push(line);
  }
  return {
    status: status || 'unknown',
    accepted: ACCEPTED_STATUSES.has(status.toLowerCase()),
    text: texts.join(' ').slice(0, 2000),
  };
}

export type AcknowledgementOutcome =
  | { kind: 'waiting'; sentAt: Date }
  | { kind: 'acknowledged' | 'rejected'; fileName: string }
  | { kind: 'done' };

/**
 * Looks in the target's acknowledgements folder for a file about this delivery (its name carries
 * the batch id or the message id) and records it on the delivery log, with an audit row.
 */
export async function readDeliveryAcknowledgement(
  deps: { db: Database; targets: DeliveryTargets },
  attemptId: string,
  now: Date,
): Promise<AcknowledgementOutcome> {
  const attempt = await findDeliveryAttempt(deps.db, attemptId);
  if (attempt?.status !== 'sent' || !attempt.sentAt) return { kind: 'done' };
  const target = deps.targets[attempt.target as 'sftp' | 's3'];
  if (!target) return { kind: 'done' };
  const names = await target.list(ACKNOWLEDGEMENTS_FOLDER);
  const fileName = names
    .sort()
    .find((name) => name.includes(attempt.batchId) || name.includes(attempt.messageId));
  if (!fileName) return { kind: 'waiting', sentAt: attempt.sentAt };
  const bytes = await target.read(`${ACKNOWLEDGEMENTS_FOLDER}/${fileName}`);
  if (!bytes) return { kind: 'waiting', sentAt: attempt.sentAt };
  const parsed = parseAcknowledgement(bytes);
  const kind = parsed.accepted ? 'acknowledged' : 'rejected';
  await deps.db.transaction(async (tx) => {
    await tx
      .update(deliveryAttempts)
      .set({
        status: kind,
        acknowledgement: { fileName, status: parsed.status, text: parsed.text },
        finishedAt: now,
        ...(parsed.accepted ? {} : { error: `The recipient refused it: ${parsed.text || parsed.status}` }),
      })
      .where(eq(deliveryAttempts.id, attemptId));
    await recordSubmissionEvent(tx, {
      submissionId: attempt.submissionId,
      type: parsed.accepted ? 'delivery_acknowledged' : 'delivery_failed',
      data: { attemptId, fileName, status: parsed.status, text: parsed.text },
    });
  });
  return { kind, fileName };
}
