import { z } from 'zod';
import { AGREEMENT_BODY_MAX, AGREEMENT_TITLE_MAX } from '../contract/agreement-template';
import {
  DRAWN_SIGNATURE_MAX_CHARS,
  SIGNATURE_EVENT_TYPES,
  SIGNATURE_METHODS,
  SIGNATURE_STATUSES,
} from '../contract/signing-rules';
import { appPathSchema, emailSchema, idSchema, shortTextSchema } from './common';
import { releaseScheduleContentSchema } from './release-schedule';

export const signatureStatusSchema = z.enum(SIGNATURE_STATUSES);
export type SignatureStatus = z.infer<typeof signatureStatusSchema>;

/** A signature request as the artist's tab sees it (spec 000 §3, plus its dates). */
export const signatureRequestSchema = z.object({
  id: idSchema,
  status: signatureStatusSchema,
  signUrl: appPathSchema.optional(),
  /** The sealed PDF, once signed and sealed: GET /api/contracts/:id/document. */
  documentUrl: appPathSchema.optional(),
  createdAt: z.string().optional(),
  expiresAt: z.string().optional(),
  signedAt: z.string().optional(),
  declinedAt: z.string().optional(),
  templateVersion: z.number().int().optional(),
});
export type SignatureRequest = z.infer<typeof signatureRequestSchema>;

/** POST /api/contracts/create (spec 000 §7). artistId and artistEmail must be the caller's own. */
export const contractCreateRequestSchema = z.object({
  artistId: idSchema,
  artistName: shortTextSchema,
  artistEmail: emailSchema,
});
export type ContractCreateRequest = z.infer<typeof contractCreateRequestSchema>;

export const contractCreateResponseSchema = z.object({
  success: z.boolean(),
  /** `signUrl`: the signing page's path, `/sign/<token>`, opened on the page's own origin. */
  signatureRequest: z.object({ id: idSchema, signUrl: appPathSchema }).optional(),
  signatureId: z.string().optional(),
  error: z.string().optional(),
});
export type ContractCreateResponse = z.infer<typeof contractCreateResponseSchema>;

/**
 * GET /api/contracts/current (artist): the artist's latest request, so the tab shows the right
 * state after a reload; `signatureRequest` is absent when there has never been one.
 */
export const currentContractResponseSchema = z.object({
  success: z.boolean(),
  artistId: idSchema,
  hasSignedContract: z.boolean(),
  contractSignatureId: z.string().optional(),
  signatureRequest: signatureRequestSchema.optional(),
});
export type CurrentContractResponse = z.infer<typeof currentContractResponseSchema>;

/** GET /api/contracts/:id/status (owner or staff); expiry is applied on read. */
export const contractStatusResponseSchema = z.object({
  success: z.boolean(),
  signatureRequest: signatureRequestSchema,
});
export type ContractStatusResponse = z.infer<typeof contractStatusResponseSchema>;

/**
 * POST /api/contracts/:id/sign-url (owner, open request) and /api/release-schedules/:id/sign-url:
 * a fresh signing link (the old one stops), as the path `/sign/<token>`.
 */
export const signUrlResponseSchema = z.object({ success: z.boolean(), signUrl: appPathSchema });

/** GET /api/contracts/template (artist): the current template rendered for the caller ('View Contract Template'). */
export const agreementPreviewResponseSchema = z.object({
  success: z.boolean(),
  template: z.object({ version: z.number().int(), title: z.string(), text: z.string() }),
});
export type AgreementPreviewResponse = z.infer<typeof agreementPreviewResponseSchema>;

/** GET /api/signing/:token: what the signing page shows. Viewing is recorded once. */
export const signingDocumentSchema = z.object({
  requestId: idSchema,
  status: signatureStatusSchema,
  title: z.string(),
  text: z.string(),
  /** SHA-256 (hex) of `text` as UTF-8: what the signer saw, sent back with the signature. */
  documentSha256: z.string(),
  signerName: z.string(),
  signerEmail: z.string(),
  labelName: z.string(),
  contactEmail: z.string(),
  templateVersion: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  consentedAt: z.string().optional(),
  /** 'builtin' signs on this page; 'dropbox_sign' hands over to the provider's embedded client. */
  provider: z.enum(['builtin', 'dropbox_sign']),
  providerSignUrl: z.string().optional(),
  providerClientId: z.string().optional(),
  /** The provider works in test mode: its embedded client must be opened in test mode too. */
  providerTestMode: z.boolean().optional(),
  /** Set when the document is a release's schedule to the agreement: its submission. */
  scheduleSubmissionId: idSchema.optional(),
});
export type SigningDocument = z.infer<typeof signingDocumentSchema>;
export const signingDocumentResponseSchema = z.object({
  success: z.boolean(),
  document: signingDocumentSchema,
});

/** POST /api/signing/:token/consent: the signer agreed to sign electronically. */
export const signingConsentBodySchema = z.object({ consent: z.literal(true) });

/** POST /api/signing/:token/sign */
export const signingSignBodySchema = z.object({
  method: z.enum(SIGNATURE_METHODS),
  typedName: z.string().max(500).optional(),
  drawnSignature: z
    .string()
    .max(DRAWN_SIGNATURE_MAX_CHARS + 100)
    .optional(),
  documentSha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SigningSignBody = z.infer<typeof signingSignBodySchema>;

/** POST /api/signing/:token/decline */
export const signingDeclineBodySchema = z.object({ reason: z.string().max(2000).optional() });

export const signingActionResponseSchema = z.object({ success: z.boolean(), status: signatureStatusSchema });

/**
 * Where a signature's time comes from: an RFC 3161 timestamp authority's token that verifies
 * (TSA_URL at sealing), else the sealing server's own clock (the signingTime attribute).
 */
export const SIGNATURE_TIME_SOURCES = ['server-clock', 'timestamp-authority'] as const;

/** The RFC 3161 timestamp a signature carries. */
export const contractSignatureTimestampSchema = z.object({
  /** The time the authority vouches for (the token's genTime, ISO 8601); absent when unreadable. */
  at: z.string().optional(),
  /** The authority as its certificate names it (CN, with O when the CN does not say it). */
  authority: z.string().optional(),
  /** The token is this signature's, its own signature verifies, its certificate is for timestamping. */
  verifies: z.boolean(),
});
export type ContractSignatureTimestamp = z.infer<typeof contractSignatureTimestampSchema>;

/** A sealed PDF's digital signature (PAdES-style CMS), as read back from the file. */
export const contractSignatureSchema = z.object({
  /** The signer certificate's subject CN; absent when the signature cannot be read. */
  subject: z.string().optional(),
  /** Its subject O, when it has one. */
  organisation: z.string().optional(),
  /** The signingTime attribute the signature carries (ISO 8601): the sealing server's clock. */
  signedAt: z.string().optional(),
  /** 'timestamp-authority' when `timestamp` verifies: its time is the one to show. */
  timeSource: z.enum(SIGNATURE_TIME_SOURCES),
  /** The timestamp authority's token, when the signature carries one. */
  timestamp: contractSignatureTimestampSchema.optional(),
  /** The signed bytes are unchanged and the signature verifies with the signer's certificate. */
  intact: z.boolean(),
  /** The signature covers the whole file but itself: nothing was appended after signing. */
  coversWholeFile: z.boolean(),
});
export type ContractSignature = z.infer<typeof contractSignatureSchema>;

/** GET /api/contracts/:id/verify (owner or staff): the stored hash, and whether the stored copy still has it. */
export const contractVerifyInfoResponseSchema = z.object({
  success: z.boolean(),
  requestId: idSchema,
  /** The artist the agreement is with: staff go back to their page. */
  artistId: idSchema,
  status: signatureStatusSchema,
  signerName: z.string(),
  signedAt: z.string().optional(),
  sealedAt: z.string().optional(),
  templateVersion: z.number().int(),
  /** SHA-256 of the sealed PDF; absent until sealed. */
  sha256: z.string().optional(),
  storedCopyMatches: z.boolean().optional(),
  /**
   * The stored copy's digital signature (its last one), as a PDF reader checks it; absent when the
   * copy is not sealed yet, carries none (sealed before Imprint signed its PDFs) or cannot be read.
   */
  signature: contractSignatureSchema.optional(),
  /** A release schedule's request: the approved files a dropped file is compared with. */
  schedule: z
    .object({
      id: idSchema,
      submissionId: idSchema,
      version: z.number().int(),
      superseded: z.boolean(),
      content: releaseScheduleContentSchema,
    })
    .optional(),
});
export type ContractVerifyInfo = z.infer<typeof contractVerifyInfoResponseSchema>;

/** POST /api/contracts/:id/verify with the PDF as the raw body (application/pdf): does it match? */
export const contractVerifyResultResponseSchema = z.object({
  success: z.boolean(),
  matches: z.boolean(),
  sha256: z.string(),
  expectedSha256: z.string(),
});
export type ContractVerifyResult = z.infer<typeof contractVerifyResultResponseSchema>;

export const signatureEventSchema = z.object({
  type: z.enum(SIGNATURE_EVENT_TYPES),
  at: z.string(),
  actor: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: z.string().nullable(),
});
export type SignatureEvent = z.infer<typeof signatureEventSchema>;

/** GET /api/contracts/:id/audit (owner or staff). */
export const signatureAuditResponseSchema = z.object({
  success: z.boolean(),
  events: z.array(signatureEventSchema),
});

/** A request as staff list it per artist: GET /api/artists/:artistId/agreements (staff). */
export const staffAgreementSchema = signatureRequestSchema.extend({
  signerName: z.string(),
  signerEmail: z.string(),
  provider: z.enum(['builtin', 'dropbox_sign']),
  sealedAt: z.string().optional(),
  sha256: z.string().optional(),
  declineReason: z.string().optional(),
});
export type StaffAgreement = z.infer<typeof staffAgreementSchema>;
export const staffAgreementListResponseSchema = z.object({
  success: z.boolean(),
  agreements: z.array(staffAgreementSchema),
});

/** POST /api/contracts/:id/deadline (staff): the request's new last day (UTC). */
export const signatureDeadlineBodySchema = z.object({ lastDay: z.string().max(40) });
export const signatureDeadlineResponseSchema = z.object({
  success: z.boolean(),
  expiresAt: z.string(),
  status: signatureStatusSchema,
});

export const agreementTemplateSchema = z.object({
  id: idSchema,
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type AgreementTemplate = z.infer<typeof agreementTemplateSchema>;

/** GET /api/agreement-templates (staff): every version, newest first. */
export const agreementTemplateListResponseSchema = z.object({
  success: z.boolean(),
  templates: z.array(agreementTemplateSchema),
});

/** POST /api/agreement-templates (staff): saves a new version. */
export const agreementTemplateBodySchema = z.object({
  title: z.string().max(AGREEMENT_TITLE_MAX * 2),
  body: z.string().max(AGREEMENT_BODY_MAX * 2),
});
export const agreementTemplateResponseSchema = z.object({
  success: z.boolean(),
  template: agreementTemplateSchema,
});
