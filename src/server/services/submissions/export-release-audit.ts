import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import {
  type AuditActor,
  type AuditEntry,
  type AuditHash,
  describeSubmissionEvent,
  describeSubmissionEventDetails,
  type FieldChange,
  formatDisplayDate,
  getReleaseTypeLabel,
  getStatusLabel,
  getSubmissionEventLabel,
  isRecordId,
  type SessionUser,
  SUBMISSION_EVENT_TYPES,
  SUBMISSION_NOT_FOUND,
  type SubmissionEventFacts,
} from '../../../domain';
import type { Database } from '../../db/client';
import {
  artists,
  deliveryAttempts,
  releaseDeliveries,
  releaseSchedules,
  reviewRounds,
  signatureRequests,
  submissionEvents,
  submissions,
  submissionTracks,
  users,
} from '../../db/schema';
import { notFound } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage';
import {
  type AuditTrail,
  auditFileStem,
  generatedBy,
  hashOf,
  SYSTEM_ACTOR,
  userActor,
} from '../audit/audit-export-file';
import { sealedFileName } from '../contracts/download-agreement';
import { readSignatureTrail, type SignatureTrailRequest } from '../contracts/export-agreement-audit';
import { snapshotFiles } from '../review/file-snapshots';

type SubmissionRow = Pick<
  typeof submissions.$inferSelect,
  'invitationId' | 'returningLinkId' | 'submitterUserAgent' | 'artistDetails'
>;

function text(data: Record<string, unknown>, key: string): string | null {
  const value = data[key];
  return typeof value === 'string' && value.trim() ? value : null;
}

/** The delivery log's events (and the identifiers it needs): their facts are spelled out in the export. */
const DELIVERY_EVENTS = new Set<string>(
  SUBMISSION_EVENT_TYPES.filter((type) => type.startsWith('delivery_') || type === 'identifiers_assigned'),
);
const DELIVERY_FACTS: [key: string, label: string][] = [
  ['target', 'Target'],
  ['kind', 'Kind'],
  ['messageId', 'Message ID'],
  ['takedownDate', 'Last day in the stores'],
  ['fileName', 'Acknowledgement file'],
  ['status', 'Acknowledgement status'],
  ['error', 'Error'],
  ['icpn', 'UPC/EAN'],
];

/** The events made by the artist without an account: the form sent, through whichever link. */
const ARTIST_LINK_EVENTS = new Set(['created', 'invitation_used', 'returning_link_used']);

function artistViaLink(submission: SubmissionRow): AuditActor {
  const details = (submission.artistDetails ?? {}) as { artistName?: string; email?: string };
  const via = submission.invitationId
    ? 'an invitation link'
    : submission.returningLinkId
      ? 'a returning-artist link'
      : 'the submission form';
  const name = details.artistName?.trim() || null;
  const email = details.email?.trim() || null;
  const who = name && email ? `${name} <${email}>` : (name ?? email ?? 'The artist');
  return { kind: 'artist_via_link', name, email, label: `${who}, artist via ${via}` };
}

/** What the timeline shows of an event's data, and what only the export spells out: the words said, the delivery's facts. */
function detailLines(event: typeof submissionEvents.$inferSelect, facts: SubmissionEventFacts): string[] {
  const data = facts.data ?? {};
  const lines = describeSubmissionEventDetails(facts);
  const note = event.type === 'note_added' ? text(data, 'body') : null;
  if (note) lines.push(`Private note: ${note}`);
  const comment = text(data, 'comment');
  if (comment) lines.push(`The artist's comment: ${comment}`);
  if (event.message) lines.push(`Message to the artist: ${event.message}`);
  if (DELIVERY_EVENTS.has(event.type)) {
    for (const [key, label] of DELIVERY_FACTS) {
      const value = text(data, key);
      if (value) lines.push(`${label}: ${value}`);
    }
    const said = text(data, 'text');
    if (said) lines.push(`The recipient wrote: ${said}`);
  }
  const isrcs = Array.isArray(data.isrcs)
    ? data.isrcs.flatMap((entry) =>
        entry && typeof entry === 'object' && typeof (entry as { isrc?: unknown }).isrc === 'string'
          ? [(entry as { isrc: string }).isrc]
          : [],
      )
    : [];
  if (isrcs.length > 0) lines.push(`ISRCs: ${isrcs.join(', ')}`);
  return lines;
}

/** The before and after of each file a resubmission replaced, by the round's record. */
function roundFileHashes(changes: FieldChange[] | null): AuditHash[] {
  const hashes: AuditHash[] = [];
  for (const change of changes ?? []) {
    if (!change.changed || (change.field !== 'artwork' && change.field !== 'trackAudio')) continue;
    if (change.before)
      hashes.push({
        label: `${change.label}, before`,
        fileName: change.before.fileName,
        sha256: change.before.sha256,
      });
    hashes.push({
      label: `${change.label}, after`,
      fileName: change.after.fileName,
      sha256: change.after.sha256,
    });
  }
  return hashes;
}

/** One submission event as an entry of the export: its words, who, from where, and the hashes it concerns. */
function presentSubmissionEvent(
  row: { event: typeof submissionEvents.$inferSelect; userName: string | null; userEmail: string | null },
  context: {
    submission: SubmissionRow;
    roundChanges: Map<string, FieldChange[] | null>;
    releaseKeys: Map<string, string>;
  },
): AuditEntry {
  const { event } = row;
  const data = event.data && typeof event.data === 'object' ? (event.data as Record<string, unknown>) : {};
  const facts: SubmissionEventFacts = {
    type: event.type,
    label: getSubmissionEventLabel(event.type),
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    data,
  };
  let actor = SYSTEM_ACTOR;
  if (row.userEmail) actor = userActor(row.userName, row.userEmail);
  else if (text(data, 'automatic') === 'response_promise')
    actor = { ...SYSTEM_ACTOR, label: 'System (the response promise job)' };
  else if (ARTIST_LINK_EVENTS.has(event.type)) actor = artistViaLink(context.submission);
  const lines = detailLines(event, facts);
  const attemptId = text(data, 'attemptId');
  const round =
    event.type === 'resubmitted' && event.roundId ? context.roundChanges.get(event.roundId) : null;
  return {
    at: event.createdAt.toISOString(),
    source: 'submission',
    type: event.type,
    action: describeSubmissionEvent(facts),
    detail: lines.length > 0 ? lines.join('\n') : null,
    actor,
    ip: text(data, 'ip'),
    userAgent: event.type === 'created' ? context.submission.submitterUserAgent : null,
    hashes: [
      ...roundFileHashes(round ?? null),
      ...(attemptId ? hashOf('Release as the message described it', context.releaseKeys.get(attemptId)) : []),
    ],
  };
}

/**
 * The SHA-256 of each file the release has now (each track's audio and own artwork, the release
 * artwork), hashed from storage once when never needed before; a file that cannot be read is
 * listed without one.
 */
async function currentFileHashes(
  deps: { db: Database; storage: StorageProvider },
  files: { label: string; uploadId: string | null }[],
): Promise<AuditHash[]> {
  const hashes: AuditHash[] = [];
  for (const file of files) {
    if (!file.uploadId) continue;
    const snapshot = (await snapshotFiles(deps, [file.uploadId]).catch(() => undefined))?.get(file.uploadId);
    hashes.push({
      label: file.label,
      fileName: snapshot?.fileName ?? null,
      sha256: snapshot?.sha256 ?? null,
    });
  }
  return hashes;
}

/**
 * GET /api/board/items/:itemId/audit.{json,pdf} (staff): the release's whole trail, oldest first —
 * every submission event and every event of its schedules' signature requests — with the hashes
 * of its files now, of each schedule as signed and sealed, and of the store cover.
 */
export async function readReleaseAuditTrail(
  deps: { db: Database; storage: StorageProvider; labelName: string },
  itemId: string,
  staff: Pick<SessionUser, 'name' | 'email'>,
  now: Date,
): Promise<AuditTrail> {
  if (!isRecordId(itemId)) throw notFound(SUBMISSION_NOT_FOUND);
  const [found] = await deps.db
    .select({ submission: submissions, artistEmail: artists.email, artistName: artists.artistName })
    .from(submissions)
    .innerJoin(artists, eq(artists.id, submissions.artistId))
    .where(eq(submissions.id, itemId));
  if (!found) throw notFound(SUBMISSION_NOT_FOUND);
  const { submission } = found;

  const [events, tracks, schedules, rounds, attempts, [delivery]] = await Promise.all([
    deps.db
      .select({ event: submissionEvents, userName: users.name, userEmail: users.email })
      .from(submissionEvents)
      .leftJoin(users, eq(users.id, submissionEvents.actorUserId))
      .where(eq(submissionEvents.submissionId, itemId))
      .orderBy(asc(submissionEvents.createdAt), asc(submissionEvents.id)),
    deps.db
      .select({
        position: submissionTracks.position,
        title: submissionTracks.title,
        audioUploadId: submissionTracks.audioUploadId,
        artworkUploadId: submissionTracks.artworkUploadId,
      })
      .from(submissionTracks)
      .where(eq(submissionTracks.submissionId, itemId))
      .orderBy(asc(submissionTracks.position)),
    deps.db
      .select({
        version: releaseSchedules.version,
        request: signatureRequests,
      })
      .from(releaseSchedules)
      .innerJoin(signatureRequests, eq(signatureRequests.scheduleId, releaseSchedules.id))
      .where(eq(releaseSchedules.submissionId, itemId))
      .orderBy(asc(releaseSchedules.version), asc(signatureRequests.createdAt)),
    deps.db
      .select({ id: reviewRounds.id, changes: reviewRounds.changes })
      .from(reviewRounds)
      .where(eq(reviewRounds.submissionId, itemId)),
    deps.db
      .select({ id: deliveryAttempts.id, releaseKey: deliveryAttempts.releaseKey })
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.submissionId, itemId)),
    deps.db
      .select({ coverKey: releaseDeliveries.coverKey, coverSha256: releaseDeliveries.coverSha256 })
      .from(releaseDeliveries)
      .where(eq(releaseDeliveries.submissionId, itemId)),
  ]);

  const submissionEntries = events.map((row) =>
    presentSubmissionEvent(row, {
      submission,
      roundChanges: new Map(rounds.map((round) => [round.id, round.changes])),
      releaseKeys: new Map(attempts.map((attempt) => [attempt.id, attempt.releaseKey])),
    }),
  );

  const trailRequests: SignatureTrailRequest[] = schedules.map(({ version, request }) => ({
    id: request.id,
    prefix: `Release schedule v${version}: `,
  }));
  const signatureEntries = await readSignatureTrail(deps.db, trailRequests);
  // Both trails are oldest first; a stable sort by time interleaves them and keeps each one's order.
  const entries = [...submissionEntries, ...signatureEntries].sort((a, b) =>
    a.at < b.at ? -1 : a.at > b.at ? 1 : 0,
  );

  // Per schedule version, the request signed (or else the latest): the text as signed and the sealed PDF.
  const signedRequests = new Map<number, (typeof schedules)[number]['request']>();
  for (const { version, request } of schedules)
    if (!signedRequests.get(version)?.signedAt) signedRequests.set(version, request);
  const scheduleHashes: AuditHash[] = [];
  for (const [version, request] of signedRequests) {
    const prefix = `Release schedule v${version}`;
    scheduleHashes.push({
      label: `${prefix}: ${request.signedAt ? 'signed text' : 'text to sign'}`,
      fileName: null,
      sha256: request.documentSha256,
    });
    if (request.sealedSha256)
      scheduleHashes.push({
        label: `${prefix}: sealed PDF`,
        fileName: await sealedFileName(deps.db, request),
        sha256: request.sealedSha256,
      });
  }

  const files = [
    ...tracks.flatMap((track) => {
      const name = `Track ${track.position + 1}, ${track.title}`;
      return [
        { label: `${name}: audio`, uploadId: track.audioUploadId },
        { label: `${name}: artwork`, uploadId: track.artworkUploadId },
      ];
    }),
    { label: 'Release artwork', uploadId: submission.artworkUploadId },
  ];
  const documents: AuditHash[] = [
    ...(await currentFileHashes(deps, files)),
    ...scheduleHashes,
    ...(delivery?.coverSha256
      ? [
          {
            label: 'Store cover (made from the artwork)',
            fileName: delivery.coverKey ? path.posix.basename(delivery.coverKey) : null,
            sha256: delivery.coverSha256,
          },
        ]
      : []),
  ];

  const latestSchedule = schedules.at(-1);
  const details = (submission.artistDetails ?? {}) as { artistName?: string };
  return {
    fileStem: auditFileStem('release', submission.releaseTitle),
    data: {
      labelName: deps.labelName,
      subject: {
        kind: 'release',
        id: submission.id,
        title: submission.releaseTitle,
        status: getStatusLabel(submission.status),
        artistName: found.artistName?.trim() || details.artistName?.trim() || '',
        artistEmail: found.artistEmail,
        facts: [
          { label: 'Board item', value: submission.itemName },
          { label: 'Release type', value: getReleaseTypeLabel(submission.releaseType) },
          ...(submission.releaseDate
            ? [{ label: 'Release date', value: formatDisplayDate(submission.releaseDate) }]
            : []),
          { label: 'Submitted', value: submission.createdAt.toISOString() },
          ...(latestSchedule
            ? [{ label: 'Release schedule', value: `Version ${latestSchedule.version}` }]
            : []),
        ],
        generatedAt: now.toISOString(),
        generatedBy: generatedBy(staff),
      },
      entries,
      documents,
    },
  };
}
