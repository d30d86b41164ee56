import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import {
  assessDelivery,
  DELIVERY_MESSAGES,
  type DeliveryAssessment,
  type DeliveryAttemptView,
  type DeliveryRelease,
  type DeliveryTargetKind,
  type DeliveryView,
  describeDeliveryRelease,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { deliveryAttempts, users } from '../../db/schema';
import { AppError } from '../../errors';
import { queueDeliveryCover } from './queue-delivery-cover';
import { type DeliverySource, readDeliverySource } from './read-delivery-facts';

export type DeliveryAttemptRow = typeof deliveryAttempts.$inferSelect;

/** SHA-256 of a release as its message describes it: what tells a later delivery it changed. */
export function releaseKeyOf(release: DeliveryRelease): string {
  return createHash('sha256').update(JSON.stringify(release), 'utf8').digest('hex');
}

/** The targets configured, as staff read them (no secrets). */
export function listDeliveryTargets(config: AppConfig): { kind: DeliveryTargetKind; description: string }[] {
  const targets: { kind: DeliveryTargetKind; description: string }[] = [];
  const { sftp, s3 } = config.delivery;
  if (sftp) {
    const url = new URL(sftp.url);
    targets.push({
      kind: 'sftp',
      description: `sftp://${url.username ? `${url.username}@` : ''}${url.host}${url.pathname}`,
    });
  }
  if (s3) targets.push({ kind: 's3', description: `s3://${s3.bucket}/${s3.prefix}` });
  return targets;
}

/** The 409 of a release that is not deliverable: each missing item in plain words. */
export function notDeliverable(missing: string[]): AppError {
  return new AppError(409, DELIVERY_MESSAGES.notDeliverable, { fields: { missing } });
}

export interface Deliverable {
  source: DeliverySource;
  assessment: DeliveryAssessment;
  release: DeliveryRelease;
  releaseKey: string;
}

/** A release ready for the stores, or the 409 that says what it lacks. */
export async function readDeliverable(
  executor: Executor,
  config: AppConfig,
  submissionId: string,
  now: Date,
): Promise<Deliverable> {
  const source = await readDeliverySource(executor, config, submissionId, now);
  const assessment = assessDelivery(source.facts);
  if (!assessment.release) throw notDeliverable(assessment.missing);
  return { source, assessment, release: assessment.release, releaseKey: releaseKeyOf(assessment.release) };
}

export function presentDeliveryAttempt(
  row: DeliveryAttemptRow,
  requestedBy: string | null,
): DeliveryAttemptView {
  return {
    id: row.id,
    target: row.target,
    targetDescription: row.targetDescription,
    kind: row.kind,
    messageId: row.messageId,
    batchId: row.batchId,
    status: row.status,
    tries: row.tries,
    error: row.error,
    acknowledgement: row.acknowledgement ?? null,
    requestedBy,
    takedownDate: row.takedownDate,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The release's delivery log, newest first (the latest 50). */
export async function readDeliveryLog(
  executor: Executor,
  submissionId: string,
): Promise<DeliveryAttemptView[]> {
  const rows = await executor
    .select({ attempt: deliveryAttempts, requestedBy: users.email })
    .from(deliveryAttempts)
    .leftJoin(users, eq(users.id, deliveryAttempts.requestedByUserId))
    .where(eq(deliveryAttempts.submissionId, submissionId))
    .orderBy(desc(deliveryAttempts.createdAt), desc(deliveryAttempts.id))
    .limit(50);
  return rows.map((row) => presentDeliveryAttempt(row.attempt, row.requestedBy));
}

/**
 * GET /api/deliveries/:submissionId: the checklist with a fix for each missing item, the
 * identifiers and lines staff may correct, the message in words once the release is ready, the
 * targets and the log. A cover still to be made for the current artwork is queued here too (an
 * artwork replaced after approval has none yet).
 */
export async function readDeliveryView(
  deps: { db: Executor; config: AppConfig },
  submissionId: string,
  now: Date,
): Promise<DeliveryView> {
  const source = await readDeliverySource(deps.db, deps.config, submissionId, now);
  if (source.facts.cover.state === 'preparing') await queueDeliveryCover(deps.db, submissionId);
  const assessment = assessDelivery(source.facts);
  const log = await readDeliveryLog(deps.db, submissionId);
  const releaseKey = assessment.release ? releaseKeyOf(assessment.release) : null;
  const lastSent = await deps.db
    .select({ releaseKey: deliveryAttempts.releaseKey })
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.submissionId, submissionId))
    .orderBy(desc(deliveryAttempts.createdAt))
    .limit(1);
  const sender = deps.config.delivery.sender;
  return {
    submissionId,
    ready: assessment.release !== null,
    checks: assessment.checks,
    missing: assessment.missing,
    identifiers: {
      icpn: source.delivery?.icpn ?? null,
      icpnOrigin: source.delivery?.icpnOrigin ?? null,
      tracks: source.tracks.map((track, index) => ({
        trackId: track.id,
        position: index + 1,
        title: track.title,
        isrc: track.isrc,
        isrcOrigin: track.isrcOrigin,
      })),
      canAssignIsrc: deps.config.delivery.isrcPrefix !== null,
      canAssignIcpn: deps.config.delivery.upcPrefix !== null,
    },
    lines: {
      pLine: { year: source.delivery?.pLineYear ?? null, owner: source.delivery?.pLineOwner ?? null },
      cLine: { year: source.delivery?.cLineYear ?? null, owner: source.delivery?.cLineOwner ?? null },
      defaultOwner: deps.config.label.name,
    },
    preview: assessment.release ? describeDeliveryRelease(assessment.release) : null,
    targets: listDeliveryTargets(deps.config),
    demoSender: sender?.demo ?? false,
    state: source.delivery?.state ?? null,
    changedSinceDelivery: Boolean(lastSent[0] && releaseKey && lastSent[0].releaseKey !== releaseKey),
    log,
  };
}
