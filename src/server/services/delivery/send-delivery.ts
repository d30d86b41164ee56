import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { create } from 'xmlbuilder2';
import {
  type DeliveryAttemptView,
  type DeliveryMessage,
  type DeliveryMessageKind,
  type DeliveryRelease,
  type DeliveryTargetKind,
  getAudioResourceName,
  getCoverResourceName,
  isRecordId,
  type SessionUser,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { deliveryAttempts, releaseDeliveries, submissions } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { JobName } from '../../jobs/job-names';
import { enqueueJob } from '../../jobs/queue';
import type { DeliveryTarget } from '../../providers/delivery/delivery-target';
import type { StorageProvider } from '../../providers/storage/storage';
import { recordSubmissionEvent } from '../audit/record-submission-event';
import { buildErnMessage } from './ern-message';
import {
  type DeliveryAttemptRow,
  listDeliveryTargets,
  presentDeliveryAttempt,
  readDeliverable,
} from './read-delivery';
import type { DeliverySource } from './read-delivery-facts';

/** Attempts of a delivery before it is failed for good; with its backoff, about a day of outage. */
export const DELIVERY_MAX_ATTEMPTS = 12;
export const sendDeliveryJobType = 'delivery.send' satisfies JobName;
export const readAcknowledgementJobType = 'delivery.read-acknowledgement' satisfies JobName;

/** The recipient's folder for acknowledgements (DDEX ERN choreography for SFTP and cloud storage). */
export const ACKNOWLEDGEMENTS_FOLDER = 'acknowledgements';
/** Normal priority: the batch folder is `N_<batchId>`. */
export const BATCH_PRIORITY = 'N';

/** A batch id as the choreography writes it: the time to the millisecond, then three random digits. */
export function makeBatchId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:TZ.]/g, '');
  return `${stamp}${String(randomBytes(2).readUInt16BE(0) % 1000).padStart(3, '0')}`;
}

export function batchFolder(batchId: string): string {
  return `${BATCH_PRIORITY}_${batchId}`;
}

/** The batch's manifest, written last: its presence tells the recipient every file is complete. */
export function batchManifestName(batchId: string): string {
  return `${batchFolder(batchId)}/BatchComplete_${batchId}.xml`;
}

/** A message id the recipient quotes back: never the same twice. */
export function makeMessageId(icpn: string): string {
  return `IMPRINT-${icpn}-${randomBytes(8).toString('hex').toUpperCase()}`;
}

/** Every message about one release is one thread for its recipient. */
export function threadIdOf(icpn: string): string {
  return `IMPRINT-${icpn}`;
}

/** The message of a release to the configured recipient (the label itself when none is set). */
export function composeDeliveryMessage(
  config: AppConfig,
  release: DeliveryRelease,
  input: { kind: DeliveryMessageKind; messageId: string; createdAt: Date; takedownDate?: string | undefined },
): DeliveryMessage {
  const sender = config.delivery.sender;
  if (!sender) throw conflict('Set DDEX_PARTY_ID to the label’s DDEX Party ID before delivering.');
  return {
    kind: input.kind,
    header: {
      messageId: input.messageId,
      threadId: threadIdOf(release.icpn),
      sender: { dpid: sender.dpid, name: sender.name },
      recipient: config.delivery.recipient ?? { dpid: sender.dpid, name: sender.name },
      createdAt: input.createdAt,
      test: sender.demo,
    },
    release,
    ...(input.takedownDate ? { takedownDate: input.takedownDate } : {}),
  };
}

/** A file of a delivery: its path relative to the release's folder, its size, and how to read it. */
export interface DeliveryFileSource {
  path: string;
  size: number;
  open(): Promise<Readable>;
}

/**
 * The resources of a release in package order: each track's audio, then the cover, under
 * `resources/`. Their sizes are read from storage (what will be streamed), and must be the sizes
 * the message states, or the message would describe other bytes.
 */
export async function listReleaseResources(
  storage: StorageProvider,
  source: DeliverySource,
  release: DeliveryRelease,
): Promise<DeliveryFileSource[]> {
  const files: DeliveryFileSource[] = [];
  const tracks = source.tracks;
  for (const [index, track] of release.tracks.entries()) {
    const key = source.files.audioKeys.get(tracks[index]?.id ?? '');
    if (!key) throw new Error(`Track ${track.position} of ${release.icpn} has no stored audio`);
    const stored = await storage.head(key);
    if (!stored) throw new AppError(409, `The audio of track ${track.position} is missing from storage.`);
    files.push({
      path: `resources/${getAudioResourceName(release.icpn, track.position)}`,
      size: stored.size,
      open: () => storage.get(key),
    });
  }
  const coverKey = source.files.coverKey;
  if (!coverKey) throw new Error(`${release.icpn} has no cover`);
  files.push({
    path: `resources/${getCoverResourceName(release.icpn)}`,
    size: release.cover.bytes,
    open: () => storage.get(coverKey),
  });
  return files;
}

/**
 * POST /api/deliveries/:submissionId/deliver and …/takedown: a delivery to one configured target,
 * logged and sent by the `delivery.send` job. The first delivery to a target is an initial message,
 * any later one an update, of the release as it is now (it must be deliverable: 409 with what it
 * lacks). A takedown describes the release as it was last sent there (whatever changed here since)
 * and needs such a delivery. One message to a target at a time: another is refused while one is on
 * its way.
 */
export async function queueDelivery(
  deps: { db: Database; config: AppConfig },
  input: {
    submissionId: string;
    target: DeliveryTargetKind;
    takedownDate?: string | undefined;
    takedown: boolean;
    actor: SessionUser;
    now: Date;
  },
): Promise<DeliveryAttemptView> {
  const target = listDeliveryTargets(deps.config).find((t) => t.kind === input.target);
  if (!target)
    throw badRequest(
      input.target === 'sftp'
        ? 'No SFTP delivery target is configured (DELIVERY_SFTP_URL).'
        : 'No S3 delivery target is configured (DELIVERY_S3_BUCKET).',
    );
  return deps.db.transaction(async (tx) => {
    const deliverable = input.takedown
      ? null
      : await readDeliverable(tx, deps.config, input.submissionId, input.now);
    if (input.takedown) await lockSubmission(tx, input.submissionId);
    const ofTarget = and(
      eq(deliveryAttempts.submissionId, input.submissionId),
      eq(deliveryAttempts.target, input.target),
    );
    const [pending] = await tx
      .select({ id: deliveryAttempts.id })
      .from(deliveryAttempts)
      .where(and(ofTarget, inArray(deliveryAttempts.status, ['queued', 'sending'])))
      .limit(1);
    if (pending)
      throw conflict(`A message to ${target.description} is still on its way. Wait for it, then try again.`);
    const [delivered] = await tx
      .select({ release: deliveryAttempts.release, releaseKey: deliveryAttempts.releaseKey })
      .from(deliveryAttempts)
      .where(
        and(
          ofTarget,
          inArray(deliveryAttempts.status, ['sent', 'acknowledged']),
          ne(deliveryAttempts.kind, 'takedown'),
        ),
      )
      .orderBy(desc(deliveryAttempts.createdAt))
      .limit(1);
    if (input.takedown && !delivered?.release)
      throw conflict(
        `This release has not been delivered to ${target.description}: there is nothing to take down.`,
      );
    const kind: DeliveryMessageKind = input.takedown ? 'takedown' : delivered ? 'update' : 'initial';
    const release = deliverable?.release ?? (delivered?.release as DeliveryRelease);
    const [row] = await tx
      .insert(deliveryAttempts)
      .values({
        submissionId: input.submissionId,
        target: input.target,
        targetDescription: target.description,
        kind,
        messageId: makeMessageId(release.icpn),
        batchId: makeBatchId(input.now),
        icpn: release.icpn,
        releaseKey: deliverable?.releaseKey ?? delivered?.releaseKey ?? '',
        // A takedown sends what the store has; a delivery, the release as it is when it is sent.
        release: input.takedown ? release : null,
        takedownDate: input.takedown ? (input.takedownDate ?? input.now.toISOString().slice(0, 10)) : null,
        requestedByUserId: input.actor.userId,
        createdAt: input.now,
      })
      .returning();
    if (!row) throw new Error('The delivery was not recorded');
    await setDeliveryState(tx, input.submissionId, 'delivering', input.now);
    await recordSubmissionEvent(tx, {
      submissionId: input.submissionId,
      type: 'delivery_queued',
      actorUserId: input.actor.userId,
      data: {
        attemptId: row.id,
        target: target.description,
        kind,
        messageId: row.messageId,
        ...(row.takedownDate ? { takedownDate: row.takedownDate } : {}),
      },
    });
    await enqueueJob(tx, sendDeliveryJobType, { attemptId: row.id }, { maxAttempts: DELIVERY_MAX_ATTEMPTS });
    return presentDeliveryAttempt(row, input.actor.email);
  });
}

async function lockSubmission(tx: Executor, submissionId: string): Promise<void> {
  if (!isRecordId(submissionId)) throw notFound(SUBMISSION_NOT_FOUND);
  const [row] = await tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .for('update');
  if (!row) throw notFound(SUBMISSION_NOT_FOUND);
}

export async function setDeliveryState(
  executor: Executor,
  submissionId: string,
  state: 'delivering' | 'delivered' | 'failed' | 'taken_down',
  now: Date,
): Promise<void> {
  await executor
    .insert(releaseDeliveries)
    .values({ submissionId, state, stateChangedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: releaseDeliveries.submissionId,
      set: { state, stateChangedAt: now, updatedAt: now },
    });
}

export async function findDeliveryAttempt(
  executor: Executor,
  attemptId: string,
): Promise<DeliveryAttemptRow | undefined> {
  const [row] = await executor.select().from(deliveryAttempts).where(eq(deliveryAttempts.id, attemptId));
  return row;
}

/**
 * Sends one delivery by DDEX's ERN choreography for SFTP and cloud storage: in a batch folder
 * `N_<batchId>`, the release's folder named by its ICPN holds `resources/` (the audio in track
 * order, the cover) and the message `<ICPN>.xml`, written after its resources; the batch's manifest
 * `BatchComplete_<batchId>.xml` is written last, once every file is complete, so the recipient
 * never picks up half a batch. A takedown sends the message alone (its deals end; the recipient
 * has the files). Every file appears whole or not at all (the target's put).
 */
export async function sendDeliveryFiles(
  target: DeliveryTarget,
  input: { batchId: string; icpn: string; xml: string; resources: DeliveryFileSource[]; messageId: string },
): Promise<void> {
  const folder = `${batchFolder(input.batchId)}/${input.icpn}`;
  for (const file of input.resources)
    await target.put(`${folder}/${file.path}`, await file.open(), file.size);
  const xml = Buffer.from(input.xml, 'utf8');
  await target.put(`${folder}/${input.icpn}.xml`, xml, xml.length);
  const manifest = Buffer.from(
    create({ version: '1.0', encoding: 'UTF-8' })
      .ele('BatchComplete')
      .ele('BatchId')
      .txt(input.batchId)
      .up()
      .ele('Release')
      .ele('ICPN')
      .txt(input.icpn)
      .up()
      .ele('MessageId')
      .txt(input.messageId)
      .up()
      .ele('MessageFile')
      .txt(`${input.icpn}/${input.icpn}.xml`)
      .doc()
      .end({ prettyPrint: true }),
    'utf8',
  );
  await target.put(batchManifestName(input.batchId), manifest, manifest.length);
}

/** The message of a delivery attempt, as the job sends it. */
export function buildAttemptXml(
  config: AppConfig,
  release: DeliveryRelease,
  attempt: Pick<DeliveryAttemptRow, 'kind' | 'messageId' | 'createdAt' | 'takedownDate'>,
): string {
  return buildErnMessage(
    composeDeliveryMessage(config, release, {
      kind: attempt.kind,
      messageId: attempt.messageId,
      createdAt: attempt.createdAt,
      takedownDate: attempt.kind === 'takedown' ? (attempt.takedownDate ?? undefined) : undefined,
    }),
  );
}
