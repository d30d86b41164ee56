import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { escapeHtml } from '../../../domain/display/escape-html';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { artists, releaseSchedules, signatureRequests } from '../../db/schema';
import { PermanentJobError } from '../../jobs/queue';
import type { ComposedMail } from '../../providers/mail/mail';
import type { ExternalSigning } from '../../providers/signing/external-signing';
import type { StorageProvider } from '../../providers/storage/storage';
import {
  type TimestampAuthority,
  TimestampAuthorityError,
} from '../../providers/timestamp/timestamp-authority';
import { queueMail } from '../mail/queue-mail';
import { recordSignatureEvent } from './record-signature-event';
import { buildSealedAgreementPdf, type SealedSignature } from './seal-agreement-pdf';
import { loadSealCertificate } from './seal-certificate';

type SignatureRequestRow = typeof signatureRequests.$inferSelect;

export interface SealDeps {
  db: Database;
  storage: StorageProvider;
  externalSigning: ExternalSigning | undefined;
  /** The timestamp authority whose token the seal signature carries (TSA_URL), when configured. */
  timestamps?: TimestampAuthority | undefined;
  config: AppConfig;
  now?: () => Date;
}

export type SealOutcome =
  | { result: 'sealed'; fileKey: string; sha256: string; bytes: number }
  | { result: 'already_sealed' };

/** Where a request's sealed PDF lives in storage. */
export function sealedAgreementKey(artistId: string, requestId: string): string {
  return `agreements/${artistId}/${requestId}.pdf`;
}

export function agreementVerifyUrl(publicUrl: string, requestId: string): string {
  return `${publicUrl}/contracts/${requestId}/verify`;
}

export const SEALED_AGREEMENT_SUBJECT = 'Your signed artist agreement';
export const SEALED_SCHEDULE_SUBJECT = 'Your signed release schedule';

/** Where the signed copy is kept for the artist: the dashboard's tab, or the release's page for a schedule. */
interface SealedCopyPlace {
  subject: string;
  url: string;
  where: string;
  button: string;
}

function sealedCopyPlace(config: AppConfig, submissionId: string | null): SealedCopyPlace {
  if (submissionId)
    return {
      subject: SEALED_SCHEDULE_SUBJECT,
      url: `${config.publicUrl}/submission/${submissionId}`,
      where: "the release's page",
      button: 'Open the release',
    };
  return {
    subject: SEALED_AGREEMENT_SUBJECT,
    url: `${config.publicUrl}/dashboard?tab=1`,
    where: 'the Contract Signing tab of your dashboard',
    button: 'Open your dashboard',
  };
}

/**
 * The artist's notice that their signed copy is ready, with the way to it: the agreement's, or a
 * release schedule's (`submissionId`: the release it belongs to).
 */
export function composeSealedAgreementEmail(
  config: AppConfig,
  to: string,
  request: { id: string; signerName: string; documentTitle: string },
  submissionId: string | null = null,
): ComposedMail {
  const label = config.label.name;
  const place = sealedCopyPlace(config, submissionId);
  const verifyUrl = agreementVerifyUrl(config.publicUrl, request.id);
  const text = [
    place.subject,
    '',
    `Hello ${request.signerName},`,
    '',
    `Thank you for signing "${request.documentTitle}" with ${label}. Your signed copy is sealed and ready: download it from ${place.where}:`,
    place.url,
    '',
    `Any copy of it can be checked against the label's record at ${verifyUrl}`,
    '',
    label,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a2e;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(place.subject)}</h1>
<p>Hello ${escapeHtml(request.signerName)},</p>
<p>Thank you for signing &ldquo;${escapeHtml(request.documentTitle)}&rdquo; with ${escapeHtml(label)}. Your signed copy is sealed and ready in ${escapeHtml(place.where)}.</p>
<p><a href="${escapeHtml(place.url)}" style="display:inline-block;background:#4b2bd6;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(place.button)}</a></p>
<p style="color:#555">Any copy of it can be checked against the label's record at <a href="${escapeHtml(verifyUrl)}">${escapeHtml(verifyUrl)}</a>.</p>
<p>${escapeHtml(label)}</p>
</body></html>`;
  return { kind: 'legal', to, subject: place.subject, text, html };
}

function signatureOf(request: SignatureRequestRow): SealedSignature {
  if (request.signatureMethod === 'typed' && request.signatureText?.trim())
    return { method: 'typed', typedName: request.signatureText };
  if (request.signatureMethod === 'drawn' && request.signatureImage)
    return { method: 'drawn', pngDataUrl: request.signatureImage };
  throw new PermanentJobError(`Signature request ${request.id} has no usable signature to seal`);
}

/** The built-in signing's sealed PDF, or the provider's signed PDF for a Dropbox Sign request. */
async function producePdf(deps: SealDeps, request: SignatureRequestRow, sealedAt: Date): Promise<Uint8Array> {
  if (request.provider === 'dropbox_sign') {
    if (!deps.externalSigning)
      throw new PermanentJobError(
        `Signature request ${request.id} was signed with Dropbox Sign, which is not configured`,
      );
    if (!request.providerRequestId)
      throw new PermanentJobError(`Signature request ${request.id} has no Dropbox Sign request id`);
    return deps.externalSigning.downloadSignedPdf(request.providerRequestId);
  }
  const signedAt = request.signedAt;
  if (!signedAt) throw new PermanentJobError(`Signature request ${request.id} has no signing time`);
  const signature = signatureOf(request);
  // Outside the try: a certificate that cannot be read or made (a full disk) is worth a retry.
  const certificate = await loadSealCertificate(deps.config);
  try {
    return await buildSealedAgreementPdf(
      {
        requestId: request.id,
        title: request.documentTitle,
        text: request.documentText,
        templateVersion: request.templateVersion,
        signerName: request.signerName,
        signerEmail: request.signerEmail,
        signature,
        createdAt: request.createdAt,
        viewedAt: request.viewedAt,
        consentedAt: request.consentedAt,
        signedAt,
        ip: request.signerIp,
        userAgent: request.signerUserAgent,
        documentSha256: request.documentSha256,
        verifyUrl: agreementVerifyUrl(deps.config.publicUrl, request.id),
        labelName: deps.config.label.name,
        sealedAt,
      },
      { certificate, contactInfo: deps.config.label.contactEmail, timestamps: deps.timestamps },
    );
  } catch (error) {
    // The timestamp authority may answer later: the job retries with the queue's backoff, and the
    // seal never goes out without the trusted time TSA_URL promises.
    if (error instanceof TimestampAuthorityError)
      throw new Error(`Signature request ${request.id} could not be sealed: ${error.message}`, {
        cause: error,
      });
    // The PDF is made from stored data only: what failed once (an unreadable drawing) fails again.
    throw new PermanentJobError(
      `The sealed PDF of signature request ${request.id} could not be made: ${(error as Error).message}`,
    );
  }
}

/**
 * Seals a signed request: makes (or downloads) its PDF, stores it, and in one transaction records
 * the file, its SHA-256, the 'sealed' event and the artist's mail. The built-in PDF is signed with
 * the seal certificate as its last step, so the recorded SHA-256 is that of the signed file, byte
 * for byte what is stored, downloaded and checked. The file is written under a
 * name of its own first and moved into place inside the transaction, after the guarded update
 * has taken the row: a concurrent duplicate run then finds the request sealed and never replaces
 * the file whose hash was recorded.
 */
export async function sealSignatureRequest(deps: SealDeps, requestId: string): Promise<SealOutcome> {
  const [found] = await deps.db
    .select({
      request: signatureRequests,
      artistEmail: artists.email,
      scheduleSubmissionId: releaseSchedules.submissionId,
    })
    .from(signatureRequests)
    .innerJoin(artists, eq(artists.id, signatureRequests.artistId))
    .leftJoin(releaseSchedules, eq(releaseSchedules.id, signatureRequests.scheduleId))
    .where(eq(signatureRequests.id, requestId));
  if (!found) throw new PermanentJobError(`Signature request ${requestId} not found`);
  const { request, artistEmail, scheduleSubmissionId } = found;
  if (request.sealedAt) return { result: 'already_sealed' };
  if (request.status !== 'signed')
    throw new PermanentJobError(`Signature request ${requestId} is ${request.status}, not signed`);

  const sealedAt = (deps.now ?? (() => new Date()))();
  const pdf = await producePdf(deps, request, sealedAt);
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const fileKey = sealedAgreementKey(request.artistId, request.id);
  const stagingKey = `agreements/${request.artistId}/${request.id}.${randomUUID()}.pdf.part`;
  await deps.storage.put(stagingKey, bytes, { contentType: 'application/pdf' });

  let sealed = false;
  try {
    await deps.db.transaction(async (tx) => {
      const updated = await tx
        .update(signatureRequests)
        .set({ sealedFileKey: fileKey, sealedSha256: sha256, sealedBytes: bytes.length, sealedAt })
        .where(and(eq(signatureRequests.id, request.id), isNull(signatureRequests.sealedAt)))
        .returning({ id: signatureRequests.id });
      if (updated.length === 0) return;
      await recordSignatureEvent(tx, request.id, 'sealed', {}, { sha256, bytes: bytes.length });
      await queueMail(
        tx,
        composeSealedAgreementEmail(deps.config, artistEmail, request, scheduleSubmissionId),
      );
      // Last, while the row is held: a failure here rolls the seal back and the job retries.
      await deps.storage.move(stagingKey, fileKey);
      sealed = true;
    });
  } finally {
    if (!sealed) await deps.storage.delete(stagingKey).catch(() => {});
  }
  if (!sealed) return { result: 'already_sealed' };
  return { result: 'sealed', fileKey, sha256, bytes: bytes.length };
}
