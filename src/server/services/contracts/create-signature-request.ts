import { and, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ARTIST_NOT_FOUND,
  CONTRACT_MESSAGES,
  type ContractCreateRequest,
  getSignatureRequestExpiry,
  IDENTICAL_REQUEST_MESSAGE,
  renderAgreement,
  type SessionUser,
  SIGNING_MESSAGES,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { signatureRequests } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { ExternalSigning } from '../../providers/signing/external-signing';
import type { ArtistRow } from '../artists/find-artist-of-user';
import { agreementArtistName, agreementValuesFor, hashAgreementText } from './agreement-values';
import { expireIfOverdue } from './expire-overdue-request';
import { getCurrentTemplate } from './get-current-template';
import { issueSigningToken, signingPagePath } from './issue-signing-token';
import { recordSignatureEvent, type SignatureActor } from './record-signature-event';

export interface CreateSignatureRequestDeps {
  db: Database;
  config: AppConfig;
  externalSigning: ExternalSigning | undefined;
  log: FastifyBaseLogger;
}

export interface CreatedSignatureRequest {
  id: string;
  signUrl: string;
}

/**
 * POST /api/contracts/create (spec 000 §7): a request for the signed-in artist's signature on the
 * current template, its text frozen as rendered today. At most one request per artist is open: an
 * open one answers 409 CONTRACT_MESSAGES.conflict, and of two creations racing, the partial unique
 * index lets one in and the other answers IDENTICAL_REQUEST_MESSAGE.
 */
export async function createSignatureRequest(
  deps: CreateSignatureRequestDeps,
  input: {
    artist: ArtistRow;
    user: SessionUser;
    body: ContractCreateRequest;
    actor: SignatureActor;
    now: Date;
  },
): Promise<CreatedSignatureRequest> {
  const { artist, user, body, now } = input;
  // The account's own id stands for its artist row while it has none (getCurrentContract): the
  // page learnt it before this request made the row.
  if (body.artistId !== artist.id && body.artistId !== user.userId) throw notFound(ARTIST_NOT_FOUND);
  const artistEmail = user.email.trim().toLowerCase();
  if (body.artistEmail.trim().toLowerCase() !== artistEmail)
    throw forbidden(SIGNING_MESSAGES.identityMismatch);
  const provider = deps.externalSigning ? 'dropbox_sign' : 'builtin';
  const link = issueSigningToken(now);

  const created = await deps.db.transaction(async (tx) => {
    const overdue = await tx
      .select()
      .from(signatureRequests)
      .where(
        and(
          eq(signatureRequests.artistId, artist.id),
          isNull(signatureRequests.scheduleId),
          eq(signatureRequests.status, 'awaiting_signature'),
          lte(signatureRequests.expiresAt, now),
        ),
      );
    for (const row of overdue) await expireIfOverdue(tx, row, now);
    const [open] = await tx
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(
        and(
          eq(signatureRequests.artistId, artist.id),
          isNull(signatureRequests.scheduleId),
          eq(signatureRequests.status, 'awaiting_signature'),
        ),
      );
    if (open) throw conflict(CONTRACT_MESSAGES.conflict);

    const template = await getCurrentTemplate(tx);
    const values = agreementValuesFor(deps.config, {
      artistName: agreementArtistName(artist, user, body.artistName),
      artistEmail,
      now,
    });
    const text = renderAgreement(template.body, values);
    // Without a target, ON CONFLICT covers the partial unique index on the artist's open agreement request:
    // the loser of a race gets no row rather than an error.
    const [row] = await tx
      .insert(signatureRequests)
      .values({
        artistId: artist.id,
        templateId: template.id,
        templateVersion: template.version,
        provider,
        signerName: values.artistName,
        signerEmail: artistEmail,
        documentTitle: template.title,
        documentText: text,
        documentSha256: hashAgreementText(text),
        tokenHash: link.tokenHash,
        tokenExpiresAt: link.tokenExpiresAt,
        createdByUserId: user.userId,
        createdAt: now,
        expiresAt: getSignatureRequestExpiry(now),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(IDENTICAL_REQUEST_MESSAGE);
    await recordSignatureEvent(tx, row.id, 'created', input.actor, {
      templateVersion: template.version,
      provider,
    });
    await recordSignatureEvent(tx, row.id, 'link_issued', input.actor, {
      linkExpiresAt: link.tokenExpiresAt.toISOString(),
    });
    return { row, values };
  });

  const { row, values } = created;
  if (deps.externalSigning)
    await startWithProvider(deps, deps.externalSigning, row, values, input.actor, now);
  return { id: row.id, signUrl: signingPagePath(link.token) };
}

/**
 * The provider is called after the request is committed, never inside the transaction: a slow
 * provider must not hold the artist's row locks. A provider failure closes the request as expired
 * with the provider's error in its event, so the artist can start again and the trail says why.
 * No embedded sign URL is asked for here: theirs are short-lived and single use, so the signing
 * page asks for one when it opens.
 */
async function startWithProvider(
  deps: CreateSignatureRequestDeps,
  externalSigning: ExternalSigning,
  row: typeof signatureRequests.$inferSelect,
  values: Record<string, string>,
  actor: SignatureActor,
  now: Date,
): Promise<void> {
  try {
    const started = await externalSigning.createEmbeddedRequest({
      requestId: row.id,
      title: row.documentTitle,
      signerName: row.signerName,
      signerEmail: row.signerEmail,
      customFields: values,
    });
    await deps.db
      .update(signatureRequests)
      .set({
        providerRequestId: started.providerRequestId,
        providerSignatureId: started.providerSignatureId,
        updatedAt: new Date(),
      })
      .where(eq(signatureRequests.id, row.id));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log.warn({ err: error, requestId: row.id }, 'e-signature provider refused the request');
    await deps.db.transaction(async (tx) => {
      const [closed] = await tx
        .update(signatureRequests)
        .set({
          status: 'expired',
          expiredAt: now,
          tokenHash: null,
          tokenExpiresAt: null,
          updatedAt: new Date(),
        })
        .where(and(eq(signatureRequests.id, row.id), eq(signatureRequests.status, 'awaiting_signature')))
        .returning({ id: signatureRequests.id });
      if (closed)
        await recordSignatureEvent(tx, row.id, 'expired', actor, {
          reason: 'provider_error',
          error: message,
        });
    });
    throw new AppError(502, CONTRACT_MESSAGES.failedToCreate);
  }
}
