import { eq } from 'drizzle-orm';
import { type SessionUser, SIGNING_MESSAGES } from '../../../domain';
import { escapeHtml } from '../../../domain/display/escape-html';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { signatureRequests } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import type { ComposedMail } from '../../providers/mail/mail';
import { queueMail } from '../mail/queue-mail';
import { listStaffAddresses } from '../staff/list-staff-addresses';
import { expireIfOverdue } from './expire-overdue-request';
import { findRequestByToken } from './find-request-by-token';
import { closedRequestMessage } from './present-signature-request';
import { recordSignatureEvent, type SignatureActor } from './record-signature-event';

export const DECLINE_REASON_MAX = 500;

/** To staff: an artist declined the agreement, with their reason, and where to see the artist. */
export function composeDeclineNotice(
  config: AppConfig,
  to: string,
  notice: { artistId: string; signerName: string; signerEmail: string; reason: string | null },
): ComposedMail {
  const paragraphs = [
    `${notice.signerName} <${notice.signerEmail}> declined to sign the artist agreement.`,
    notice.reason ? `Their reason:\n${notice.reason}` : 'They gave no reason.',
    `See the artist: ${config.publicUrl}/artist/${notice.artistId}`,
  ];
  return {
    kind: 'notices',
    to,
    subject: `Agreement declined: ${notice.signerName}`,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'),
  };
}

/** POST /api/signing/:token/decline: the signer refuses; staff are told in the same transaction. */
export async function declineAgreement(
  deps: { db: Database; config: AppConfig },
  token: string,
  user: SessionUser,
  givenReason: string | undefined,
  actor: SignatureActor,
  now: Date,
): Promise<'declined'> {
  const reason = givenReason?.trim() || null;
  if (reason && reason.length > DECLINE_REASON_MAX) throw badRequest(SIGNING_MESSAGES.declineReasonTooLong);
  const closed = await deps.db.transaction(async (tx) => {
    const found = await findRequestByToken(tx, token, user, now, { forUpdate: true });
    const row = await expireIfOverdue(tx, found, now);
    if (row.status !== 'awaiting_signature') return row.status;
    await tx
      .update(signatureRequests)
      .set({
        status: 'declined',
        declinedAt: now,
        declineReason: reason,
        tokenHash: null,
        tokenExpiresAt: null,
        updatedAt: now,
      })
      .where(eq(signatureRequests.id, row.id));
    await recordSignatureEvent(tx, row.id, 'declined', actor, reason ? { reason } : {});
    for (const address of await listStaffAddresses(tx)) {
      await queueMail(
        tx,
        composeDeclineNotice(deps.config, address, {
          artistId: row.artistId,
          signerName: row.signerName,
          signerEmail: row.signerEmail,
          reason,
        }),
      );
    }
    return null;
  });
  if (closed) throw conflict(closedRequestMessage(closed));
  return 'declined';
}
