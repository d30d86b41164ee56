import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  ContractSignature,
  ContractVerifyInfo,
  ContractVerifyResult,
  ReleaseScheduleContent,
} from '../../../domain';
import { SIGNED_DOCUMENT_MAX_BYTES, SIGNING_MESSAGES } from '../../../domain';
import type { Database, Executor } from '../../db/client';
import { releaseSchedules } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage';
import { findSignatureRequest, type SignatureViewer } from './find-signature-request';
import { readPdfSignature } from './read-pdf-signature';

/**
 * The stored copy's SHA-256, and its bytes when small enough to read its signature from: sealed
 * PDFs are tens of kilobytes; a provider's could be larger, and one past the upload limit for a
 * copy to check is hashed without being held.
 */
async function readStoredFile(
  storage: StorageProvider,
  key: string,
): Promise<{ sha256: string; bytes: Buffer | null } | null> {
  try {
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of await storage.get(key)) {
      const piece = chunk as Buffer;
      hash.update(piece);
      size += piece.length;
      if (size <= SIGNED_DOCUMENT_MAX_BYTES) chunks.push(piece);
    }
    return {
      sha256: hash.digest('hex'),
      bytes: size <= SIGNED_DOCUMENT_MAX_BYTES ? Buffer.concat(chunks, size) : null,
    };
  } catch {
    // A file that cannot be read does not match; the answer says so rather than failing.
    return null;
  }
}

/**
 * The signature of the stored copy as the verify page shows it. A signature Imprint cannot read
 * is reported unread and not intact; a copy with none (sealed before sealed PDFs were signed, or a
 * provider's) has no `signature`.
 */
function describeSignature(pdf: Buffer): ContractSignature | undefined {
  const signature = readPdfSignature(pdf);
  if (!signature) return undefined;
  const { timestamp } = signature;
  return {
    ...(signature.signer?.commonName ? { subject: signature.signer.commonName } : {}),
    ...(signature.signer?.organisation ? { organisation: signature.signer.organisation } : {}),
    ...(signature.signedAt ? { signedAt: signature.signedAt.toISOString() } : {}),
    // The authority's time only when its token verifies; else the signingTime, the server's clock.
    timeSource: timestamp?.verifies ? 'timestamp-authority' : 'server-clock',
    ...(timestamp
      ? {
          timestamp: {
            ...(timestamp.at ? { at: timestamp.at.toISOString() } : {}),
            ...(timestamp.authority ? authorityName(timestamp.authority) : {}),
            verifies: timestamp.verifies,
          },
        }
      : {}),
    intact: signature.intact,
    coversWholeFile: signature.coversWholeFile,
  };
}

/** "Example Timestamp Responder 1, Example Trust Ltd": the CN, with the O unless the CN says it. */
function authorityName(name: {
  commonName: string | null;
  organisation: string | null;
}): { authority: string } | Record<string, never> {
  const { commonName, organisation } = name;
  if (!commonName) return organisation ? { authority: organisation } : {};
  return {
    authority:
      organisation && !commonName.includes(organisation) ? `${commonName}, ${organisation}` : commonName,
  };
}

/** The release schedule a request signs, with the approved files' hashes. */
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
 * GET /api/contracts/:id/verify (owner or staff): the sealed copy's recorded SHA-256, whether the
 * stored copy still has it (re-hashed now), and the stored copy's digital signature: who signed,
 * when, and whether the file changed since (read back from the file, as a PDF reader does). A release schedule's request also carries the
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
  const stored = sealed ? await readStoredFile(deps.storage, sealed.key) : null;
  const signature = stored?.bytes ? describeSignature(stored.bytes) : undefined;
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
    ...(sealed ? { sha256: sealed.sha256, storedCopyMatches: stored?.sha256 === sealed.sha256 } : {}),
    ...(signature ? { signature } : {}),
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
