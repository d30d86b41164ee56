import {
  type AuditActor,
  type AuditExport,
  type AuditExportFormat,
  type AuditHash,
  auditExportSchema,
  type SessionUser,
} from '../../../domain';
import { agreementFileSlug } from '../contracts/download-agreement';
import { buildAuditTrailPdf } from './audit-trail-pdf';

/** An audit trail read for export, and the start of its file name (without the date and extension). */
export interface AuditTrail {
  data: AuditExport;
  /** `audit-agreement-<artist>`, `audit-release-<title>`: what the file is about, readable. */
  fileStem: string;
}

export interface AuditExportFile {
  type: string;
  fileName: string;
  body: string | Buffer;
}

/** A signed-in account as the trail names it: 'Jane Doe <jane@example.com>', or the address alone. */
export function userActor(name: string | null, email: string): AuditActor {
  const shown = name?.trim() || null;
  return { kind: 'user', name: shown, email, label: shown ? `${shown} <${email}>` : email };
}

export const SYSTEM_ACTOR: AuditActor = { kind: 'system', name: null, email: null, label: 'System' };

/** `hashOf('Sealed PDF', data.sha256)`: a hash worth listing, or none when the value is not one. */
export function hashOf(label: string, value: unknown, fileName: string | null = null): AuditHash[] {
  return typeof value === 'string' && /^[0-9a-f]{64}$/i.test(value)
    ? [{ label, fileName, sha256: value }]
    : [];
}

/** 'audit-release-first-light' + 'Maya Rivers' style parts, safe ASCII. */
export function auditFileStem(kind: string, name: string): string {
  return `audit-${kind}-${agreementFileSlug(name)}`;
}

/** Who asked for the export, as its subject records it. */
export function generatedBy(
  user: Pick<SessionUser, 'name' | 'email'>,
): AuditExport['subject']['generatedBy'] {
  return { name: user.name?.trim() || null, email: user.email };
}

/**
 * The file staff download: the trail as JSON (the export object, indented) or as a PDF, named
 * `<stem>-<day generated, UTC>.<format>`.
 */
export async function renderAuditExport(
  trail: AuditTrail,
  format: AuditExportFormat,
): Promise<AuditExportFile> {
  const data = auditExportSchema.parse(trail.data);
  const fileName = `${trail.fileStem}-${data.subject.generatedAt.slice(0, 10)}.${format}`;
  if (format === 'json')
    return {
      type: 'application/json; charset=utf-8',
      fileName,
      body: `${JSON.stringify(data, null, 2)}\n`,
    };
  return { type: 'application/pdf', fileName, body: Buffer.from(await buildAuditTrailPdf(data)) };
}
