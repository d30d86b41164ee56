import { asc, eq, inArray } from 'drizzle-orm';
import {
  type AuditActor,
  type AuditEntry,
  type AuditHash,
  getEffectiveSignatureStatus,
  type ReleaseScheduleContent,
  type SessionUser,
  SIGNATURE_EVENT_LABELS,
  SIGNATURE_EVENT_TYPES,
  SIGNATURE_STATUS_LABELS,
  type SignatureEventType,
} from '../../../domain';
import type { Database, Executor } from '../../db/client';
import { releaseSchedules, signatureEvents, users } from '../../db/schema';
import {
  type AuditTrail,
  auditFileStem,
  generatedBy,
  hashOf,
  SYSTEM_ACTOR,
  userActor,
} from '../audit/audit-export-file';
import { sealedFileName } from './download-agreement';
import { findSignatureRequest } from './find-signature-request';
import { describeSignatureEvent } from './list-signature-events';

const PROVIDER_NAMES: Record<string, string> = { dropbox_sign: 'Dropbox Sign' };

function providerActor(data: Record<string, unknown>): AuditActor {
  const name = typeof data.provider === 'string' ? (PROVIDER_NAMES[data.provider] ?? data.provider) : null;
  return {
    kind: 'provider',
    name,
    email: null,
    label: name ? `${name} (e-signature provider)` : 'The e-signature provider',
  };
}

/** A signature request whose events go into a trail; `prefix` names it where one trail holds several. */
export interface SignatureTrailRequest {
  id: string;
  prefix?: string;
}

/**
 * Every event of the given signature requests, oldest first, as audit entries: who (the account,
 * the provider's callback, or Imprint itself), from which address and browser, and the hashes an
 * event recorded (the text signed, the sealed PDF stored or downloaded).
 */
export async function readSignatureTrail(
  db: Executor,
  requests: readonly SignatureTrailRequest[],
): Promise<AuditEntry[]> {
  if (requests.length === 0) return [];
  const prefixes = new Map(requests.map((request) => [request.id, request.prefix ?? '']));
  const rows = await db
    .select({ event: signatureEvents, userName: users.name, userEmail: users.email })
    .from(signatureEvents)
    .leftJoin(users, eq(users.id, signatureEvents.actorUserId))
    .where(inArray(signatureEvents.requestId, [...prefixes.keys()]))
    .orderBy(asc(signatureEvents.id));
  return rows.map(({ event, userName, userEmail }) => {
    const data = event.data && typeof event.data === 'object' ? (event.data as Record<string, unknown>) : {};
    const known = (SIGNATURE_EVENT_TYPES as readonly string[]).includes(event.type);
    const type = event.type as SignatureEventType;
    let actor = SYSTEM_ACTOR;
    if (userEmail) actor = userActor(userName, userEmail);
    else if (type === 'provider_event' || typeof data.source === 'string') actor = providerActor(data);
    return {
      at: event.createdAt.toISOString(),
      source: 'signature' as const,
      type: event.type,
      action: `${prefixes.get(event.requestId) ?? ''}${known ? SIGNATURE_EVENT_LABELS[type] : event.type}`,
      // A sealed or downloaded copy's detail is its hash alone, which `hashes` carries.
      detail: known && type !== 'sealed' && type !== 'downloaded' ? describeSignatureEvent(type, data) : null,
      actor,
      ip: event.ip,
      userAgent: event.userAgent,
      hashes: [...hashOf('Signed text', data.documentSha256), ...hashOf('Sealed PDF', data.sha256)],
    };
  });
}

/** The files a release schedule lists with their SHA-256: each track's audio and artwork, the release artwork. */
export function scheduleFileHashes(content: ReleaseScheduleContent, prefix = ''): AuditHash[] {
  const hashes: AuditHash[] = [];
  for (const track of content.tracks) {
    const name = `Track ${track.position + 1}, ${track.title}`;
    if (track.audio)
      hashes.push({
        label: `${prefix}${name}: audio`,
        fileName: track.audio.fileName,
        sha256: track.audio.sha256,
      });
    if (track.artwork)
      hashes.push({
        label: `${prefix}${name}: artwork`,
        fileName: track.artwork.fileName,
        sha256: track.artwork.sha256,
      });
  }
  if (content.artwork)
    hashes.push({
      label: `${prefix}Release artwork`,
      fileName: content.artwork.fileName,
      sha256: content.artwork.sha256,
    });
  return hashes;
}

/** A fact of the request that only some requests have (a date it was signed, declined, sealed). */
const dated = (label: string, date: Date | null) => (date ? [{ label, value: date.toISOString() }] : []);

/**
 * GET /api/contracts/:id/audit.{json,pdf} (staff): one signature request's whole trail (the artist
 * agreement or a release's schedule), the facts of the request, and the hashes of what was signed:
 * the text, the sealed PDF and, for a schedule, every file it lists.
 */
export async function readAgreementAuditTrail(
  deps: { db: Database; labelName: string },
  requestId: string,
  staff: Pick<SessionUser, 'name' | 'email'>,
  now: Date,
): Promise<AuditTrail> {
  const row = await findSignatureRequest(deps.db, requestId, { kind: 'staff' });
  const [schedule] = row.scheduleId
    ? await deps.db
        .select({
          version: releaseSchedules.version,
          content: releaseSchedules.content,
          submissionId: releaseSchedules.submissionId,
        })
        .from(releaseSchedules)
        .where(eq(releaseSchedules.id, row.scheduleId))
    : [];
  const content = schedule?.content as ReleaseScheduleContent | undefined;
  const facts = [
    ...(schedule && content
      ? [
          { label: 'Release', value: content.releaseTitle },
          { label: 'Release ID', value: schedule.submissionId },
          { label: 'Schedule version', value: String(schedule.version) },
        ]
      : []),
    { label: 'Agreement version', value: String(row.templateVersion) },
    { label: 'Signing', value: row.provider === 'dropbox_sign' ? 'Dropbox Sign' : 'Built-in signing' },
    { label: 'Created', value: row.createdAt.toISOString() },
    { label: 'Sign by', value: row.expiresAt.toISOString() },
    ...dated('Signed', row.signedAt),
    ...dated('Declined', row.declinedAt),
    ...dated('Sealed', row.sealedAt),
  ];
  const documents: AuditHash[] = [
    { label: row.signedAt ? 'Signed text' : 'Text to sign', fileName: null, sha256: row.documentSha256 },
    { label: 'Sealed PDF', fileName: await sealedFileName(deps.db, row), sha256: row.sealedSha256 },
    ...(content ? scheduleFileHashes(content) : []),
  ];
  const subjectName = content ? `schedule-${content.releaseTitle}-v${schedule?.version}` : row.signerName;
  return {
    fileStem: auditFileStem(content ? 'release' : 'agreement', subjectName),
    data: {
      labelName: deps.labelName,
      subject: {
        kind: 'agreement',
        id: row.id,
        title: row.documentTitle,
        status: SIGNATURE_STATUS_LABELS[getEffectiveSignatureStatus(row, now)],
        artistName: row.signerName,
        artistEmail: row.signerEmail,
        facts,
        generatedAt: now.toISOString(),
        generatedBy: generatedBy(staff),
      },
      entries: await readSignatureTrail(deps.db, [{ id: row.id }]),
      documents,
    },
  };
}
