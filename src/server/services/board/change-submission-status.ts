import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  CHANGES_NEED_A_REQUEST,
  canChangeStatus,
  formatStatusChangeRefused,
  getDecisionOfStatus,
  isRecordId,
  type SessionUser,
  SUBMISSION_NOT_FOUND,
  type SubmissionStatus,
  TEMPLATE_ONLY_FOR_DECISIONS,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { returningLinks, reviewRounds, submissions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { queueSubmissionMail } from '../audit/queue-submission-mail';
import { recordSubmissionEvent } from '../audit/record-submission-event';
import { queueBoardSync } from '../board-sync/queue-board-sync';
import { resolveDecisionMessage } from '../decision-templates/resolve-decision-message';
import { assignReleaseIdentifiers } from '../delivery/assign-identifiers';
import { queueDeliveryCover } from '../delivery/queue-delivery-cover';
import { queuePrepareSchedule } from '../release-schedules/queue-prepare-schedule';
import { issueReturningLink } from '../returning-links/issue-returning-link';
import { composeStatusChangeMail, type ReturningLinkOffer } from '../submissions/submission-mails';

export const STATUS_CHANGED_MEANWHILE =
  'Someone else changed the status of this submission a moment ago. Reload it and try again.';

export interface ChangeSubmissionStatusInput {
  itemId: string;
  status: SubmissionStatus;
  message?: string | undefined;
  /** The decision template the message came from (approving, declining). */
  templateId?: string | undefined;
  /** A staff member, or `{ userId: null }` for a job (the response promise's automatic decline). */
  actor: Pick<SessionUser, 'userId'> | { userId: null };
  now: Date;
  /** Added to the status_changed event's data: what an automatic decline records about itself. */
  eventData?: Record<string, unknown> | undefined;
  /** Runs in the change's transaction, after the status is set: what must commit with it or not at all. */
  alsoInTransaction?: ((tx: Transaction) => Promise<void>) | undefined;
}

export interface ChangedSubmissionStatus {
  fromStatus: SubmissionStatus;
  toStatus: SubmissionStatus;
}

interface StoredArtist {
  email?: string;
  artistName?: string;
  firstName?: string;
}

/**
 * An approved artist is offered a returning-artist link, unless they already hold an
 * active one: only its hash is stored, so an existing link cannot be sent again, and a second
 * live link would only be one more thing to revoke.
 */
async function offerReturningLink(
  tx: Transaction,
  config: AppConfig,
  artistId: string,
  input: ChangeSubmissionStatusInput,
): Promise<ReturningLinkOffer> {
  const [active] = await tx
    .select({ expiresAt: returningLinks.expiresAt })
    .from(returningLinks)
    .where(
      and(
        eq(returningLinks.artistId, artistId),
        isNull(returningLinks.revokedAt),
        gt(returningLinks.expiresAt, input.now),
      ),
    )
    .orderBy(desc(returningLinks.expiresAt))
    .limit(1);
  if (active) return { activeUntil: active.expiresAt };
  const link = await issueReturningLink(tx, config, {
    artistId,
    sourceSubmissionId: input.itemId,
    createdByUserId: input.actor.userId,
    now: input.now,
  });
  return { url: link.url };
}

/**
 * A change request still open when staff change the status (withdraw it, or decline): the round
 * is closed as withdrawn, never rewritten otherwise, and the trail says so.
 */
async function withdrawOpenRound(tx: Transaction, input: ChangeSubmissionStatusInput): Promise<void> {
  const closed = await tx
    .update(reviewRounds)
    .set({ status: 'withdrawn', closedAt: input.now, closedByUserId: input.actor.userId })
    .where(and(eq(reviewRounds.submissionId, input.itemId), eq(reviewRounds.status, 'open')))
    .returning({ id: reviewRounds.id, number: reviewRounds.number });
  for (const round of closed) {
    await recordSubmissionEvent(tx, {
      submissionId: input.itemId,
      type: 'change_request_withdrawn',
      actorUserId: input.actor.userId,
      roundId: round.id,
      data: { round: round.number },
    });
  }
}

/**
 * Staff move a submission along the board (design.md §2's enum, status-transitions.ts's rules).
 * The status, the audit row and the artist's mail are one transaction: the artist is told exactly
 * when the change happened, and a change is never without its record. The update only applies
 * while the status is still the one the transition was checked against, so two staff members
 * changing the same item at once cannot both win. Approving and declining may name the decision
 * template their message came from, recorded with the change; asking for changes is
 * a change request of its own (services/review/request-changes.ts).
 */
export async function changeSubmissionStatus(
  deps: { db: Database; config: AppConfig },
  input: ChangeSubmissionStatusInput,
): Promise<ChangedSubmissionStatus> {
  if (!isRecordId(input.itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const [current] = await deps.db
    .select({
      status: submissions.status,
      releaseTitle: submissions.releaseTitle,
      itemName: submissions.itemName,
      artistDetails: submissions.artistDetails,
      artistId: submissions.artistId,
    })
    .from(submissions)
    .where(eq(submissions.id, input.itemId));
  if (!current) throw notFound(SUBMISSION_NOT_FOUND);
  const from = current.status;
  const to = input.status;
  if (to === 'changes_requested') throw badRequest(CHANGES_NEED_A_REQUEST);
  if (!canChangeStatus(from, to)) throw conflict(formatStatusChangeRefused(from, to));
  const decision = getDecisionOfStatus(to);
  if (input.templateId !== undefined && !decision) throw badRequest(TEMPLATE_ONLY_FOR_DECISIONS);
  const { message, template } = decision
    ? await resolveDecisionMessage(deps.db, deps.config, {
        decision,
        templateId: input.templateId,
        message: input.message,
        submission: current,
      })
    : { message: input.message?.trim() || null, template: null };

  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(submissions)
      // Back to Pending, the response promise's clock starts again.
      .set({
        status: to,
        updatedAt: input.now,
        ...(to === 'pending' ? { returnedToPendingAt: input.now } : {}),
      })
      .where(and(eq(submissions.id, input.itemId), eq(submissions.status, from)))
      .returning({ id: submissions.id });
    if (updated.length === 0) throw conflict(STATUS_CHANGED_MEANWHILE);
    if (from === 'changes_requested') await withdrawOpenRound(tx, input);
    const eventId = await recordSubmissionEvent(tx, {
      submissionId: input.itemId,
      type: 'status_changed',
      actorUserId: input.actor.userId,
      fromStatus: from,
      toStatus: to,
      message,
      templateId: template?.id,
      data:
        decision || input.eventData
          ? {
              ...(decision ? { decision } : {}),
              ...(template ? { templateName: template.name } : {}),
              ...input.eventData,
            }
          : null,
    });
    await input.alsoInTransaction?.(tx);
    // Approval gives the release the label's identifiers it lacks (ISRCs, the ICPN: on the schedule
    // and in the DDEX message), starts its store cover, and prepares its schedule to the agreement:
    // all in this transaction, so they exist if and only if the approval commits.
    if (to === 'approved') {
      await assignReleaseIdentifiers(tx, deps.config, {
        submissionId: input.itemId,
        actorUserId: input.actor.userId,
        now: input.now,
      });
      await queueDeliveryCover(tx, input.itemId);
      await queuePrepareSchedule(tx, input.itemId);
    }
    if (deps.config.monday) await queueBoardSync(tx, 'submission', input.itemId);
    const returningLink =
      to === 'approved' && current.artistId
        ? await offerReturningLink(tx, deps.config, current.artistId, input)
        : undefined;
    const artist = current.artistDetails as StoredArtist;
    if (artist.email) {
      await queueSubmissionMail(
        tx,
        composeStatusChangeMail(deps.config, artist.email, {
          artistName: artist.artistName || artist.firstName || 'there',
          releaseTitle: current.releaseTitle || current.itemName,
          status: to,
          message: message ?? undefined,
          returningLink,
          rating: decision ? { itemId: input.itemId, decisionId: eventId } : undefined,
        }),
        { submissionId: input.itemId, purpose: 'status_change', actorUserId: input.actor.userId },
      );
    }
  });
  return { fromStatus: from, toStatus: to };
}
