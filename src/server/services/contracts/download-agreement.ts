import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { type ReleaseScheduleContent, SIGNING_MESSAGES } from '../../../domain';
import type { Database } from '../../db/client';
import { releaseSchedules } from '../../db/schema';
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

/**
 * The sealed PDF's file name: the agreement `artist-agreement-<signer>-signed.pdf`, a release's
 * schedule `release-schedule-<release>-v<version>-signed.pdf`, so the two never overwrite each
 * other in a downloads folder.
 */
export async function sealedFileName(
  db: Database,
  row: { signerName: string; scheduleId: string | null },
): Promise<string> {
  if (!row.scheduleId) return `artist-agreement-${agreementFileSlug(row.signerName)}-signed.pdf`;
  const [schedule] = await db
    .select({ version: releaseSchedules.version, content: releaseSchedules.content })
    .from(releaseSchedules)
    .where(eq(releaseSchedules.id, row.scheduleId));
  const title = (schedule?.content as ReleaseScheduleContent | undefined)?.releaseTitle ?? 'release';
  return `release-schedule-${agreementFileSlug(title)}-v${schedule?.version ?? 1}-signed.pdf`;
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
    fileName: await sealedFileName(deps.db, row),
    size: stored.size,
    body,
  };
}
