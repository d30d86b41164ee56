import type { FastifyBaseLogger } from 'fastify';
import type { SignatureRequest } from '../../../domain';
import type { Database } from '../../db/client';
import type { ExternalSigning } from '../../providers/signing/external-signing';
import { applyProviderStatus } from './apply-provider-status';
import { expireIfOverdue } from './expire-overdue-request';
import { findSignatureRequest, type SignatureViewer } from './find-signature-request';
import { presentSignatureRequest } from './present-signature-request';

/**
 * GET /api/contracts/:id/status (owner or staff). Expiry is applied on read; a request signed at
 * Dropbox Sign also asks the provider while it awaits, so the tab sees the signature even when the
 * callback is late. A provider that cannot be reached leaves the stored status, which the next
 * poll or the callback corrects.
 */
export async function getSignatureStatus(
  deps: { db: Database; externalSigning: ExternalSigning | undefined; log: FastifyBaseLogger },
  requestId: string,
  viewer: SignatureViewer,
  now: Date,
): Promise<SignatureRequest> {
  let row = await deps.db.transaction(async (tx) => {
    const found = await findSignatureRequest(tx, requestId, viewer, { forUpdate: true });
    return expireIfOverdue(tx, found, now);
  });
  const provider = deps.externalSigning;
  if (
    row.provider === 'dropbox_sign' &&
    row.status === 'awaiting_signature' &&
    row.providerRequestId &&
    provider
  ) {
    try {
      const reported = await provider.getStatus(row.providerRequestId);
      if (reported !== 'awaiting_signature') {
        const current = row;
        row = await deps.db.transaction((tx) =>
          applyProviderStatus(tx, current, reported, new Date(), 'status_check'),
        );
      }
    } catch (error) {
      deps.log.warn({ err: error, requestId: row.id }, 'e-signature provider status check failed');
    }
  }
  return presentSignatureRequest(row);
}
