import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT } from '../common/text';
import { FLAGGABLE_FIELDS } from '../review/flagged-fields';
import { idSchema } from './common';

/**
 * The staff API of delivering a release to stores (routes/api/deliveries.ts): the checklist, the
 * identifiers, a readable preview of the DDEX message, the targets and the delivery log.
 */

export const DELIVERY_TARGET_KINDS = ['sftp', 's3'] as const;
export type DeliveryTargetKind = (typeof DELIVERY_TARGET_KINDS)[number];

export const DELIVERY_STATES = ['delivering', 'delivered', 'failed', 'taken_down'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

const deliveryFixSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('assign') }),
  z.object({ kind: z.literal('edit'), field: z.enum(['icpn', 'isrc', 'pLine', 'cLine']) }),
  z.object({ kind: z.literal('request'), field: z.enum(FLAGGABLE_FIELDS) }),
  z.object({ kind: z.literal('wait') }),
  z.object({ kind: z.literal('configure'), variable: z.string() }),
]);

export const deliveryCheckSchema = z.object({
  key: z.string(),
  label: z.string(),
  ok: z.boolean(),
  problem: z.string().optional(),
  fix: deliveryFixSchema.optional(),
  trackId: z.string().optional(),
});

const identifierOriginSchema = z.enum(['artist', 'label', 'staff']).nullable();

/** What the DDEX message says, in words: what staff check before sending it. */
export const deliveryPreviewSchema = z.object({
  icpn: z.string(),
  title: z.string(),
  releaseType: z.string(),
  displayArtist: z.string(),
  labelName: z.string(),
  genre: z.string(),
  releaseDate: z.string(),
  pLine: z.string(),
  cLine: z.string(),
  cover: z.object({ fileName: z.string(), bytes: z.number(), sha256: z.string() }),
  durationSeconds: z.number(),
  tracks: z.array(
    z.object({
      position: z.number().int(),
      isrc: z.string(),
      title: z.string(),
      displayArtist: z.string(),
      credits: z.array(z.object({ name: z.string(), roles: z.array(z.string()) })),
      durationSeconds: z.number(),
      parentalWarning: z.string(),
      pLine: z.string(),
      fileName: z.string(),
      format: z.string(),
      sha256: z.string(),
    }),
  ),
  deals: z.array(z.string()),
});
export type DeliveryPreview = z.infer<typeof deliveryPreviewSchema>;

export const deliveryAttemptSchema = z.object({
  id: idSchema,
  target: z.string(),
  targetDescription: z.string(),
  kind: z.enum(['initial', 'update', 'takedown']),
  messageId: z.string(),
  batchId: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'acknowledged', 'rejected', 'failed']),
  tries: z.number().int(),
  error: z.string().nullable(),
  acknowledgement: z.object({ fileName: z.string(), status: z.string(), text: z.string() }).nullable(),
  requestedBy: z.string().nullable(),
  /** A takedown's last day in the stores. */
  takedownDate: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type DeliveryAttemptView = z.infer<typeof deliveryAttemptSchema>;

export const deliveryViewSchema = z.object({
  submissionId: idSchema,
  ready: z.boolean(),
  checks: z.array(deliveryCheckSchema),
  missing: z.array(z.string()),
  identifiers: z.object({
    icpn: z.string().nullable(),
    icpnOrigin: identifierOriginSchema,
    tracks: z.array(
      z.object({
        trackId: idSchema,
        position: z.number().int(),
        title: z.string(),
        isrc: z.string().nullable(),
        isrcOrigin: identifierOriginSchema,
      }),
    ),
    /** Whether the label's prefixes are configured, so "Assign" can give what is missing. */
    canAssignIsrc: z.boolean(),
    canAssignIcpn: z.boolean(),
  }),
  lines: z.object({
    pLine: z.object({ year: z.number().int().nullable(), owner: z.string().nullable() }),
    cLine: z.object({ year: z.number().int().nullable(), owner: z.string().nullable() }),
    defaultOwner: z.string(),
  }),
  preview: deliveryPreviewSchema.nullable(),
  targets: z.array(z.object({ kind: z.enum(DELIVERY_TARGET_KINDS), description: z.string() })),
  /** The sender is the demo identity: its messages are test messages. */
  demoSender: z.boolean(),
  state: z.enum(DELIVERY_STATES).nullable(),
  /** The release changed since its last delivery to a target: a delivery now sends an update. */
  changedSinceDelivery: z.boolean(),
  log: z.array(deliveryAttemptSchema),
});
export type DeliveryView = z.infer<typeof deliveryViewSchema>;

export const deliveryResponseSchema = z.object({ success: z.literal(true), delivery: deliveryViewSchema });

const yearSchema = z
  .number({ error: 'The year must be a number such as 2026' })
  .int({ error: 'The year must be a whole year such as 2026' })
  .min(1900, { error: 'The year must be 1900 or later' })
  .max(9999, { error: 'The year must be 9999 or earlier' });

const ownerSchema = z
  .string({ error: 'The owner must be text' })
  .trim()
  .max(200, { error: 'The owner must be at most 200 characters' })
  .refine(isStorableText, { error: UNSTORABLE_TEXT });

const lineSchema = z.object({ year: yearSchema.nullable(), owner: ownerSchema.nullable() });

/** PUT /api/deliveries/:submissionId: what staff correct by hand. `null` clears (back to the default or to unassigned). */
export const deliveryEditSchema = z
  .object({
    icpn: z
      .string({ error: 'The UPC must be text' })
      .trim()
      .max(32, { error: 'The UPC is too long' })
      .nullable()
      .optional(),
    pLine: lineSchema.optional(),
    cLine: lineSchema.optional(),
    tracks: z
      .array(
        z.object({
          trackId: idSchema,
          isrc: z
            .string({ error: 'The ISRC must be text' })
            .trim()
            .max(32, { error: 'The ISRC is too long' })
            .nullable(),
        }),
      )
      .max(100, { error: 'A release has at most 100 tracks' })
      .optional(),
  })
  .refine((value) => Object.values(value).some((part) => part !== undefined), {
    error: 'Nothing to change: send icpn, pLine, cLine or tracks',
  });
export type DeliveryEdit = z.infer<typeof deliveryEditSchema>;

export const deliverRequestSchema = z.object({
  target: z.enum(DELIVERY_TARGET_KINDS, { error: 'Choose where to deliver: sftp or s3' }),
});

export const takedownRequestSchema = deliverRequestSchema.extend({
  /** The day the release leaves the stores; today when left out. */
  date: z
    .string({ error: 'The takedown date must be a date such as 2027-01-31' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'The takedown date must be a date such as 2027-01-31' })
    .optional(),
});

export const deliveryAttemptResponseSchema = z.object({
  success: z.literal(true),
  attempt: deliveryAttemptSchema,
});
