import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type SessionUser, SIGNING_MESSAGES, type SigningDocument } from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { releaseSchedules, signatureRequests } from '../../db/schema';
import { AppError } from '../../errors';
import type { ExternalSigning } from '../../providers/signing/external-signing';
import { expireIfOverdue } from './expire-overdue-request';
import { findRequestByToken } from './find-request-by-token';
import type { SignatureRequestRow } from './find-signature-request';
import { recordSignatureEvent, type SignatureActor } from './record-signature-event';

/**
 * GET /api/signing/:token: the agreement as the signer reads it. The first view of an open
 * request is recorded (time, IP, user agent) for the certificate. An open Dropbox Sign request
 * also carries a fresh embedded URL of theirs for the page's embedded client.
 */
export async function loadSigningDocument(
  deps: {
    db: Database;
    config: AppConfig;
    externalSigning: ExternalSigning | undefined;
    log: FastifyBaseLogger;
  },
  token: string,
  user: SessionUser,
  actor: SignatureActor,
  now: Date,
): Promise<SigningDocument> {
  // Asked before the view is recorded: a page the provider cannot serve was not viewed.
  const peek = await findRequestByToken(deps.db, token, user, now);
  const providerSignUrl = needsProviderUrl(peek, now) ? await providerSignUrlFor(deps, peek) : undefined;

  const row = await deps.db.transaction(async (tx) => {
    const found = await findRequestByToken(tx, token, user, now, { forUpdate: true });
    const current = await expireIfOverdue(tx, found, now);
    if (current.status !== 'awaiting_signature' || current.viewedAt) return current;
    const [viewed] = await tx
      .update(signatureRequests)
      .set({ viewedAt: now, updatedAt: now })
      .where(and(eq(signatureRequests.id, current.id), isNull(signatureRequests.viewedAt)))
      .returning();
    if (!viewed) return current;
    await recordSignatureEvent(tx, current.id, 'viewed', actor);
    return viewed;
  });

  const [schedule] = row.scheduleId
    ? await deps.db
        .select({ submissionId: releaseSchedules.submissionId })
        .from(releaseSchedules)
        .where(eq(releaseSchedules.id, row.scheduleId))
    : [];
  const external = deps.externalSigning;
  // A callback may have closed the request in between: a closed one carries no provider URL.
  const open = row.status === 'awaiting_signature';
  return {
    requestId: row.id,
    status: row.status,
    title: row.documentTitle,
    text: row.documentText,
    documentSha256: row.documentSha256,
    signerName: row.signerName,
    signerEmail: row.signerEmail,
    labelName: deps.config.label.name,
    contactEmail: deps.config.label.contactEmail,
    templateVersion: row.templateVersion,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ...(row.consentedAt ? { consentedAt: row.consentedAt.toISOString() } : {}),
    provider: row.provider,
    ...(providerSignUrl && open ? { providerSignUrl } : {}),
    ...(row.provider === 'dropbox_sign' && external
      ? { providerClientId: external.clientId, providerTestMode: external.testMode }
      : {}),
    ...(schedule ? { scheduleSubmissionId: schedule.submissionId } : {}),
  };
}

function needsProviderUrl(row: SignatureRequestRow, now: Date): boolean {
  return (
    row.provider === 'dropbox_sign' &&
    row.status === 'awaiting_signature' &&
    row.expiresAt.getTime() > now.getTime()
  );
}

/**
 * The provider's embedded URL is short-lived and single use: a fresh one for every load. Without
 * one the page cannot sign, so any failure (provider down, no longer configured, the request not
 * yet known there) answers 502 and the page offers to try again.
 */
async function providerSignUrlFor(
  deps: { externalSigning: ExternalSigning | undefined; log: FastifyBaseLogger },
  row: SignatureRequestRow,
): Promise<string> {
  try {
    if (!deps.externalSigning) throw new Error('Dropbox Sign is not configured');
    if (!row.providerSignatureId) throw new Error('the request has no Dropbox Sign signature id');
    return (await deps.externalSigning.getSignUrl(row.providerSignatureId)).signUrl;
  } catch (error) {
    deps.log.warn({ err: error, requestId: row.id }, 'e-signature provider gave no sign URL');
    throw new AppError(502, SIGNING_MESSAGES.providerUnavailable);
  }
}
