import type { Readable } from 'node:stream';
import { SIGNING_MESSAGES } from '../../../domain';
import type { Database } from '../../db/client';
import { conflict } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage';
import { findSignatureRequest, type SignatureViewer } from './find-signature-request';
import { recordSignatureEvent, type SignatureActor } from './record-signature-event';

/** 'Jane Doe & Co.' → 'jane-doe-co': a file name part from the signer's name. */
export function agreementFileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'artist';
}

export interface AgreementDownload {
  fileName: string;
  size: number;
  body: Readable;
}

/** GET /api/contracts/:id/document (owner or staff): the sealed PDF; each download is logged. */
export async function downloadAgreement(
  deps: { db: Database; storage: StorageProvider },
  requestId: string,
  viewer: SignatureViewer,
  actor: SignatureActor,
): Promise<AgreementDownload> {
  const row = await findSignatureRequest(deps.db, requestId, viewer);
  if (!row.sealedFileKey || !row.sealedSha256) throw conflict(SIGNING_MESSAGES.notSealedYet);
  // The size of the object itself, not the recorded one: a header must never disagree with the body.
  const stored = await deps.storage.head(row.sealedFileKey);
  if (!stored) throw new Error(`Sealed agreement ${row.id} is missing from storage (${row.sealedFileKey})`);
  const body = await deps.storage.get(row.sealedFileKey);
  await recordSignatureEvent(deps.db, row.id, 'downloaded', actor, {
    by: viewer.kind,
    sha256: row.sealedSha256,
  });
  return {
    fileName: `artist-agreement-${agreementFileSlug(row.signerName)}-signed.pdf`,
    size: stored.size,
    body,
  };
}
