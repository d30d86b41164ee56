import { eq } from 'drizzle-orm';
import {
  getSignatureRequestExpiry,
  type ReleaseScheduleContent,
  releaseScheduleTitle,
  renderReleaseSchedule,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { artists, signatureRequests, submissions } from '../../db/schema';
import { hashAgreementText } from '../contracts/agreement-values';
import type { SignatureRequestRow } from '../contracts/find-signature-request';
import { getCurrentTemplate } from '../contracts/get-current-template';
import { recordSignatureEvent, type SignatureActor } from '../contracts/record-signature-event';
import type { ReleaseScheduleRow } from './schedule-source';

/**
 * A request for the artist's signature on a release schedule, in the caller's transaction: the
 * schedule's text rendered now (it names the current agreement version, the artist and the label)
 * and frozen with its SHA-256, like an agreement's. Always the built-in signing: Dropbox Sign signs
 * the account's own template, which cannot carry a text made per release. No signing link yet:
 * the artist asks for one when they open it (`issueScheduleSignUrl`). Answers undefined when the
 * schedule already has an open request (the partial unique index on open requests per schedule).
 */
export async function openScheduleRequest(
  tx: Executor,
  config: AppConfig,
  schedule: ReleaseScheduleRow,
  actor: SignatureActor,
  now: Date,
): Promise<SignatureRequestRow | undefined> {
  const [found] = await tx
    .select({ artist: artists, artistDetails: submissions.artistDetails })
    .from(artists)
    .innerJoin(submissions, eq(submissions.id, schedule.submissionId))
    .where(eq(artists.id, schedule.artistId));
  if (!found) throw new Error(`Artist ${schedule.artistId} of schedule ${schedule.id} not found`);
  const { artist } = found;
  const template = await getCurrentTemplate(tx);
  const content = schedule.content as ReleaseScheduleContent;
  // The profile's name, else the one the release was submitted under.
  const submittedAs = (found.artistDetails as { artistName?: string } | null)?.artistName?.trim();
  const signerName = artist.artistName?.trim() || submittedAs || artist.name?.trim() || artist.email;
  const text = renderReleaseSchedule(content, {
    version: schedule.version,
    artistName: signerName,
    labelName: config.label.name,
    agreementVersion: template.version,
  });
  const [row] = await tx
    .insert(signatureRequests)
    .values({
      artistId: schedule.artistId,
      scheduleId: schedule.id,
      templateId: template.id,
      templateVersion: template.version,
      provider: 'builtin',
      signerName,
      signerEmail: artist.email.trim().toLowerCase(),
      documentTitle: releaseScheduleTitle(content),
      documentText: text,
      documentSha256: hashAgreementText(text),
      createdByUserId: actor.userId ?? null,
      createdAt: now,
      expiresAt: getSignatureRequestExpiry(now),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  await recordSignatureEvent(tx, row.id, 'created', actor, {
    templateVersion: template.version,
    provider: 'builtin',
    scheduleId: schedule.id,
    scheduleVersion: schedule.version,
  });
  return row;
}
