import { and, eq, sql } from 'drizzle-orm';
import type { SignatureStatusValue } from '../../../domain';
import type { Database } from '../../db/client';
import { signatureEvents, signatureRequests } from '../../db/schema';
import type { ExternalSigning } from '../../providers/signing/external-signing';
import { applyProviderStatus } from './apply-provider-status';
import { recordSignatureEvent } from './record-signature-event';

/** A verified Dropbox Sign callback event, as the route read it. */
export interface DropboxSignEvent {
  eventType: string;
  /** Unix seconds, as Dropbox Sign sends it (a string). */
  eventTime: string;
  eventHash: string;
  signatureRequestId: string | undefined;
  relatedSignatureId?: string | null | undefined;
  declineReason?: string | null | undefined;
}

export type DropboxSignEventOutcome =
  | { result: 'ignored'; reason: 'no_signature_request' | 'unknown_request' }
  | { result: 'duplicate'; requestId: string }
  | { result: 'recorded'; requestId: string; status: SignatureStatusValue; changed: boolean };

/** Events that close a request; each is confirmed with the provider before it is applied. */
const CLOSING_EVENTS = new Set([
  'signature_request_signed',
  'signature_request_all_signed',
  'signature_request_declined',
  'signature_request_expired',
  'signature_request_canceled',
]);

const DECLINE_REASON_MAX = 500;

/** The event's own time when it is plausible (not ahead of us, not before the request), else now. */
function eventInstant(eventTime: string, createdAt: Date, now: Date): Date {
  const seconds = Number(eventTime);
  if (!Number.isFinite(seconds) || seconds <= 0) return now;
  const at = new Date(seconds * 1000);
  if (at.getTime() > now.getTime() || at.getTime() < createdAt.getTime()) return now;
  return at;
}

/**
 * Applies a Dropbox Sign callback (already verified by its event_hash) to the request it concerns.
 *
 * Dropbox Sign's event_hash covers only event_time and event_type, not the signature request in
 * the body; so an event that would close a request is never taken on its word: the provider is
 * asked for the request's status (outside the transaction) and that answer is what is applied.
 * Every delivery is kept in the audit trail as a 'provider_event'; a redelivery of the same event
 * (same event_hash) writes nothing, and only an awaiting request changes status.
 */
export async function applyDropboxSignEvent(
  deps: { db: Database; externalSigning: ExternalSigning },
  event: DropboxSignEvent,
  context: { ip: string | null; userAgent: string | null; now: Date },
): Promise<DropboxSignEventOutcome> {
  if (!event.signatureRequestId) return { result: 'ignored', reason: 'no_signature_request' };
  const [found] = await deps.db
    .select()
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.provider, 'dropbox_sign'),
        eq(signatureRequests.providerRequestId, event.signatureRequestId),
      ),
    );
  if (!found) return { result: 'ignored', reason: 'unknown_request' };

  const closing = CLOSING_EVENTS.has(event.eventType);
  const confirmed =
    closing && found.status === 'awaiting_signature' && found.providerRequestId
      ? await deps.externalSigning.getStatus(found.providerRequestId)
      : undefined;

  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, found.id))
      .for('update');
    if (!row) return { result: 'ignored', reason: 'unknown_request' } as const;
    const [seen] = await tx
      .select({ id: signatureEvents.id })
      .from(signatureEvents)
      .where(
        and(
          eq(signatureEvents.requestId, row.id),
          eq(signatureEvents.type, 'provider_event'),
          sql`${signatureEvents.data}->>'eventHash' = ${event.eventHash}`,
        ),
      )
      .limit(1);
    if (seen) return { result: 'duplicate', requestId: row.id } as const;

    const at = eventInstant(event.eventTime, row.createdAt, context.now);
    const declineReason = event.declineReason?.trim().slice(0, DECLINE_REASON_MAX) || undefined;
    await recordSignatureEvent(
      tx,
      row.id,
      'provider_event',
      { ip: context.ip, userAgent: context.userAgent },
      {
        provider: 'dropbox_sign',
        eventType: event.eventType,
        eventTime: at.toISOString(),
        eventHash: event.eventHash,
        ...(event.relatedSignatureId ? { relatedSignatureId: event.relatedSignatureId } : {}),
        ...(confirmed ? { confirmedStatus: confirmed } : {}),
      },
    );

    if (event.eventType === 'signature_request_viewed') {
      if (row.status !== 'awaiting_signature' || row.viewedAt) {
        return { result: 'recorded', requestId: row.id, status: row.status, changed: false } as const;
      }
      await tx
        .update(signatureRequests)
        .set({ viewedAt: at, updatedAt: context.now })
        .where(eq(signatureRequests.id, row.id));
      await recordSignatureEvent(tx, row.id, 'viewed', {}, { provider: 'dropbox_sign', source: 'callback' });
      return { result: 'recorded', requestId: row.id, status: row.status, changed: true } as const;
    }

    if (!confirmed || confirmed === 'awaiting_signature' || row.status !== 'awaiting_signature') {
      return { result: 'recorded', requestId: row.id, status: row.status, changed: false } as const;
    }
    const updated = await applyProviderStatus(tx, row, confirmed, at, 'callback');
    if (updated.status === 'declined' && declineReason) {
      await tx.update(signatureRequests).set({ declineReason }).where(eq(signatureRequests.id, row.id));
    }
    return {
      result: 'recorded',
      requestId: row.id,
      status: updated.status,
      changed: updated.status !== row.status,
    } as const;
  });
}
