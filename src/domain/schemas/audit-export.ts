import { z } from 'zod';

/**
 * The audit trail of an agreement (a signature request: the artist agreement or a release's
 * schedule) or of a release (a submission, with its schedules' signing), as staff download it:
 * GET /api/contracts/:id/audit.{json,pdf} and /api/board/items/:itemId/audit.{json,pdf}. The JSON
 * file is this object; the PDF prints the same.
 */

export const AUDIT_EXPORT_FORMATS = ['json', 'pdf'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

export const AUDIT_SUBJECT_KINDS = ['agreement', 'release'] as const;
export type AuditSubjectKind = (typeof AUDIT_SUBJECT_KINDS)[number];

/**
 * Who did it: a signed-in account (`user`), the artist without an account through a link (the
 * public submission form, an invitation or a returning-artist link), Imprint itself (a job, a
 * deadline passing) or the e-signature provider (its callbacks).
 */
export const AUDIT_ACTOR_KINDS = ['user', 'artist_via_link', 'system', 'provider'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** A file or text and its SHA-256 (hex); null when it was never recorded (not sealed yet, missing). */
export const auditHashSchema = z.object({
  label: z.string(),
  fileName: z.string().nullable(),
  sha256: z.string().nullable(),
});
export type AuditHash = z.infer<typeof auditHashSchema>;

export const auditActorSchema = z.object({
  kind: z.enum(AUDIT_ACTOR_KINDS),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** The actor in words, as the PDF's Who column prints it. */
  label: z.string(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditEntrySchema = z.object({
  /** ISO 8601, UTC. */
  at: z.string(),
  /** Which trail it comes from: the submission's events or a signature request's. */
  source: z.enum(['submission', 'signature']),
  /** The stored event type (`signed`, `status_changed`, ...). */
  type: z.string(),
  /** What happened, in words. */
  action: z.string(),
  detail: z.string().nullable(),
  actor: auditActorSchema,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  hashes: z.array(auditHashSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditSubjectSchema = z.object({
  kind: z.enum(AUDIT_SUBJECT_KINDS),
  id: z.string(),
  title: z.string(),
  status: z.string(),
  artistName: z.string(),
  artistEmail: z.string(),
  /** Further facts of the record, in reading order (template version, release type, ...). */
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  /** ISO 8601, UTC. */
  generatedAt: z.string(),
  generatedBy: z.object({ name: z.string().nullable(), email: z.string() }),
});
export type AuditSubject = z.infer<typeof auditSubjectSchema>;

export const auditExportSchema = z.object({
  labelName: z.string(),
  subject: auditSubjectSchema,
  /** Every event, oldest first. */
  entries: z.array(auditEntrySchema),
  /** The documents' and files' SHA-256: the signed text, the sealed PDF, each upload. */
  documents: z.array(auditHashSchema),
});
export type AuditExport = z.infer<typeof auditExportSchema>;
