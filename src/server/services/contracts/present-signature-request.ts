import { SIGNING_MESSAGES, type SignatureRequest, type SignatureStatusValue } from '../../../domain';
import type { SignatureRequestRow } from './find-signature-request';

/** Where the sealed PDF is downloaded (the session decides who may). */
export function agreementDocumentPath(requestId: string): string {
  return `/api/contracts/${requestId}/document`;
}

/** The page that checks a copy of the request's sealed PDF (and, for a schedule, a file it lists). */
export function agreementVerifyPath(requestId: string): string {
  return `/contracts/${requestId}/verify`;
}

/** A request as the tab and the status route show it; the signing link is never part of it. */
export function presentSignatureRequest(row: SignatureRequestRow): SignatureRequest {
  return {
    id: row.id,
    status: row.status,
    ...(row.sealedFileKey && row.sealedSha256 ? { documentUrl: agreementDocumentPath(row.id) } : {}),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ...(row.signedAt ? { signedAt: row.signedAt.toISOString() } : {}),
    ...(row.declinedAt ? { declinedAt: row.declinedAt.toISOString() } : {}),
    templateVersion: row.templateVersion,
  };
}

/** Why a closed request refuses a change. */
export function closedRequestMessage(status: Exclude<SignatureStatusValue, 'awaiting_signature'>): string {
  if (status === 'signed') return SIGNING_MESSAGES.alreadySigned;
  if (status === 'declined') return SIGNING_MESSAGES.declined;
  return SIGNING_MESSAGES.expired;
}
