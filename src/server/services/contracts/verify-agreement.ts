import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ContractVerifyInfo, ContractVerifyResult, ReleaseScheduleContent } from '../../../domain';
import { SIGNING_MESSAGES } from '../../../domain';
import type { Database, Executor } from '../../db/client';
import { releaseSchedules } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage';
import { findSignatureRequest, type SignatureViewer } from './find-signature-request';

async function hashStoredFile(storage: StorageProvider, key: string): Promise<string | null> {
  try {
    const hash = createHash('sha256');
    for await (const chunk of await storage.get(key)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    // A file that cannot be read does not match; the answer says so rather than failing.
    return null;
  }
}

/** The release schedule a request signs (issue 21 §4), with the approved files' hashes. */
async function scheduleOf(
  executor: Executor,
  scheduleId: string | null,
): Promise<ContractVerifyInfo['schedule']> {
  if (!scheduleId) return undefined;
  const [schedule] = await executor
    .select()
    .from(releaseSchedules)
    .where(eq(releaseSchedules.id, scheduleId));
  if (!schedule) return undefined;
  return {
    id: schedule.id,
    submissionId: schedule.submissionId,
    version: schedule.version,
    superseded: schedule.supersededAt !== null,
    content: schedule.content as ReleaseScheduleContent,
  };
}

/**
 * GET /api/contracts/:id/verify (owner or staff): the sealed copy's recorded SHA-256, and whether
 * the stored copy still has it (re-hashed now). A release schedule's request also carries the
 * schedule, so the page can tell whether a file is one approved (hashed in the browser: the file
 * never leaves it).
 */
export async function getAgreementVerification(
  deps: { db: Database; storage: StorageProvider },
  requestId: string,
  viewer: SignatureViewer,
): Promise<ContractVerifyInfo> {
  const row = await findSignatureRequest(deps.db, requestId, viewer);
  const sealed =
    row.sealedFileKey && row.sealedSha256 ? { key: row.sealedFileKey, sha256: row.sealedSha256 } : null;
  const storedHash = sealed ? await hashStoredFile(deps.storage, sealed.key) : null;
  const schedule = await scheduleOf(deps.db, row.scheduleId);
  return {
    success: true,
    requestId: row.id,
    artistId: row.artistId,
    status: row.status,
    signerName: row.signerName,
    ...(row.signedAt ? { signedAt: row.signedAt.toISOString() } : {}),
    ...(row.sealedAt ? { sealedAt: row.sealedAt.toISOString() } : {}),
    templateVersion: row.templateVersion,
    ...(sealed ? { sha256: sealed.sha256, storedCopyMatches: storedHash === sealed.sha256 } : {}),
    ...(schedule ? { schedule } : {}),
  };
}

/** POST /api/contracts/:id/verify: does this copy hash to the sealed agreement's SHA-256? */
export async function verifyAgreementCopy(
  db: Database,
  requestId: string,
  viewer: SignatureViewer,
  copy: Buffer | undefined,
): Promise<ContractVerifyResult> {
  const row = await findSignatureRequest(db, requestId, viewer);
  if (!copy || copy.length === 0) throw badRequest(SIGNING_MESSAGES.verifyNoFile);
  if (!row.sealedSha256) throw conflict(SIGNING_MESSAGES.notSealedYet);
  const sha256 = createHash('sha256').update(copy).digest('hex');
  return { success: true, matches: sha256 === row.sealedSha256, sha256, expectedSha256: row.sealedSha256 };
}
