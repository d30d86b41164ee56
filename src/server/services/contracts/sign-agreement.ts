import { and, eq } from 'drizzle-orm';
import {
  checkSignatureInput,
  type SessionUser,
  SIGNING_MESSAGES,
  type SigningSignBody,
} from '../../../domain';
import type { Database, Transaction } from '../../db/client';
import { signatureRequests } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';
import { forgetSessions } from '../auth/session-cache';
import { expireIfOverdue } from './expire-overdue-request';
import { findRequestByToken } from './find-request-by-token';
import type { SignatureRequestRow } from './find-signature-request';
import { closedRequestMessage } from './present-signature-request';
import { queueSealAgreement } from './queue-seal-agreement';
import { recordSignatureEvent, type SignatureActor } from './record-signature-event';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A signature pad's canvas, even at 3x pixel density, is far below this. */
const DRAWING_MAX_SIDE = 4096;
const DRAWING_MAX_PIXELS = 4096 * 1024;

/**
 * A drawn signature must be a PNG indeed (the sealing embeds it as one) of a sane size: its IHDR
 * dimensions are checked before anything decodes it, as a few hundred kilobytes of compressed
 * zeros can claim a picture of gigabytes.
 */
function isPngDataUrl(dataUrl: string): boolean {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length < 24 || !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return false;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return false;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  return (
    width > 0 &&
    height > 0 &&
    width <= DRAWING_MAX_SIDE &&
    height <= DRAWING_MAX_SIDE &&
    width * height <= DRAWING_MAX_PIXELS
  );
}

/**
 * Records a signature on an open request, in the caller's transaction: who signed, how, from where,
 * the link closed, the 'signed' event and the sealing queued. False when the request was no longer
 * open (someone signed it a moment before). The checks of what was signed are the caller's.
 */
export async function recordSignature(
  tx: Transaction,
  row: Pick<SignatureRequestRow, 'id' | 'documentSha256'>,
  body: Pick<SigningSignBody, 'method' | 'typedName' | 'drawnSignature'>,
  actor: SignatureActor,
  now: Date,
): Promise<boolean> {
  const drawn = body.method === 'drawn' ? (body.drawnSignature ?? '') : null;
  const typedName = body.method === 'typed' ? (body.typedName ?? '').trim() : null;
  const [signed] = await tx
    .update(signatureRequests)
    .set({
      status: 'signed',
      signedAt: now,
      signatureMethod: body.method,
      signatureText: typedName,
      signatureImage: drawn,
      signerIp: actor.ip ?? null,
      signerUserAgent: actor.userAgent ?? null,
      tokenHash: null,
      tokenExpiresAt: null,
      updatedAt: now,
    })
    .where(and(eq(signatureRequests.id, row.id), eq(signatureRequests.status, 'awaiting_signature')))
    .returning({ id: signatureRequests.id });
  if (!signed) return false;
  await recordSignatureEvent(tx, row.id, 'signed', actor, {
    method: body.method,
    documentSha256: row.documentSha256,
    ...(typedName ? { typedName } : {}),
  });
  await queueSealAgreement(tx, row.id);
  return true;
}

/**
 * POST /api/signing/:token/sign. One transaction records the signature with who signed, from
 * where and how, closes the link, writes the 'signed' event and queues the sealing.
 */
export async function signAgreement(
  db: Database,
  token: string,
  user: SessionUser,
  body: SigningSignBody,
  actor: SignatureActor,
  now: Date,
): Promise<'signed'> {
  const outcome = await db.transaction(async (tx) => {
    const found = await findRequestByToken(tx, token, user, now, { forUpdate: true });
    const row = await expireIfOverdue(tx, found, now);
    if (row.status !== 'awaiting_signature') return { refusal: conflict(closedRequestMessage(row.status)) };
    if (!row.consentedAt) throw badRequest(SIGNING_MESSAGES.consentRequired);
    if (body.documentSha256 !== row.documentSha256) throw conflict(SIGNING_MESSAGES.documentChanged);
    const refusal = checkSignatureInput(body);
    if (refusal) throw badRequest(refusal);
    const drawn = body.method === 'drawn' ? (body.drawnSignature ?? '') : null;
    if (drawn !== null && !isPngDataUrl(drawn)) throw badRequest(SIGNING_MESSAGES.drawingInvalid);
    if (!(await recordSignature(tx, row, body, actor, now)))
      return { refusal: conflict(SIGNING_MESSAGES.alreadySigned) };
    return { refusal: null };
  });
  // A closed request is refused after the commit, so an expiry found on the way is kept.
  if (outcome.refusal instanceof AppError) throw outcome.refusal;
  // The signer's sessions in this process show the agreement on their very next request; other
  // processes forget theirs when the table's trigger announcement arrives.
  forgetSessions({ userId: user.userId });
  return 'signed';
}
