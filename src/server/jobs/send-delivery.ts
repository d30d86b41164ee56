import { eq } from 'drizzle-orm';
import type { DeliveryRelease } from '../../domain';
import { deliveryAttempts } from '../db/schema';
import { AppError } from '../errors';
import { DeliveryTargetError } from '../providers/delivery/delivery-target';
import { recordSubmissionEvent } from '../services/audit/record-submission-event';
import { readDeliverable, releaseKeyOf } from '../services/delivery/read-delivery';
import {
  buildAttemptXml,
  DELIVERY_MAX_ATTEMPTS,
  type DeliveryFileSource,
  findDeliveryAttempt,
  listReleaseResources,
  readAcknowledgementJobType,
  sendDeliveryFiles,
  setDeliveryState,
} from '../services/delivery/send-delivery';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';
import { enqueueJob, PermanentJobError } from './queue';

/** How soon the recipient's acknowledgement is first looked for. */
const FIRST_ACKNOWLEDGEMENT_CHECK_MS = 10_000;

function wordsOf(error: unknown): string {
  if (error instanceof AppError) {
    const missing = (error.options.fields?.missing as string[] | undefined) ?? [];
    return missing.length > 0 ? `${error.message} Missing: ${missing.join('; ')}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * `delivery.send`: one delivery of the log (`delivery_attempts`) to its target, by the ERN
 * choreography (services/delivery/send-delivery.ts). A target that is down is tried again with
 * backoff (30 s doubling, at most 30 min, 12 attempts: about four hours); the attempt shows each
 * failure in words meanwhile. A release no longer deliverable, or a target that refuses Imprint
 * (its key, its permissions), fails at once. Then the recipient's acknowledgement is looked for.
 */
export const sendDeliveryJob = defineJob({
  name: 'delivery.send',
  payload: jobPayloads['delivery.send'],
  maxAttempts: DELIVERY_MAX_ATTEMPTS,
  backoff: { baseMs: 30_000, factor: 2, maxMs: 30 * 60_000 },
  async handle({ attemptId }, { db, providers, config, job, now, log }) {
    const attempt = await findDeliveryAttempt(db, attemptId);
    if (attempt?.status !== 'queued') return;
    const lastTry = job.attempts >= job.maxAttempts;
    const fail = async (error: unknown, permanent: boolean) => {
      const message = wordsOf(error);
      if (!permanent && !lastTry) {
        await db
          .update(deliveryAttempts)
          .set({ error: message, tries: job.attempts })
          .where(eq(deliveryAttempts.id, attemptId));
        throw error;
      }
      await db.transaction(async (tx) => {
        await tx
          .update(deliveryAttempts)
          .set({ status: 'failed', error: message, tries: job.attempts, finishedAt: now })
          .where(eq(deliveryAttempts.id, attemptId));
        await setDeliveryState(tx, attempt.submissionId, 'failed', now);
        await recordSubmissionEvent(tx, {
          submissionId: attempt.submissionId,
          type: 'delivery_failed',
          data: { attemptId, target: attempt.targetDescription, error: message },
        });
      });
      throw new PermanentJobError(message);
    };

    const target = providers.deliveryTargets[attempt.target as 'sftp' | 's3'];
    if (!target) return fail(new Error(`The ${attempt.target} target is no longer configured.`), true);
    // A delivery sends the release as it is now, with its files; a takedown, the message alone about
    // the release as that target last received it.
    let release: DeliveryRelease;
    let resources: DeliveryFileSource[] = [];
    try {
      if (attempt.kind === 'takedown') release = attempt.release as DeliveryRelease;
      else {
        const deliverable = await readDeliverable(db, config, attempt.submissionId, now);
        release = deliverable.release;
        resources = await listReleaseResources(providers.storage, deliverable.source, release);
      }
    } catch (error) {
      // Not deliverable any more (it changed since it was queued): retrying cannot help.
      return fail(error, error instanceof AppError);
    }
    const xml = buildAttemptXml(config, release, attempt);
    try {
      await sendDeliveryFiles(target, {
        batchId: attempt.batchId,
        icpn: release.icpn,
        xml,
        resources,
        messageId: attempt.messageId,
      });
    } catch (error) {
      log.warn({ err: error, attemptId }, 'delivery failed');
      return fail(error, error instanceof DeliveryTargetError && !error.retryable);
    }
    await db.transaction(async (tx) => {
      await tx
        .update(deliveryAttempts)
        .set({
          status: 'sent',
          error: null,
          tries: job.attempts,
          sentAt: now,
          releaseKey: releaseKeyOf(release),
          release,
        })
        .where(eq(deliveryAttempts.id, attemptId));
      await setDeliveryState(
        tx,
        attempt.submissionId,
        attempt.kind === 'takedown' ? 'taken_down' : 'delivered',
        now,
      );
      await recordSubmissionEvent(tx, {
        submissionId: attempt.submissionId,
        type: 'delivery_sent',
        data: {
          attemptId,
          target: attempt.targetDescription,
          kind: attempt.kind,
          messageId: attempt.messageId,
        },
      });
      await enqueueJob(
        tx,
        readAcknowledgementJobType,
        { attemptId },
        { runAt: new Date(now.getTime() + FIRST_ACKNOWLEDGEMENT_CHECK_MS) },
      );
    });
  },
});
