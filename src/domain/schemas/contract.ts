import { z } from 'zod';
import { emailSchema, idSchema, shortTextSchema } from './common';

export const signatureStatusSchema = z.enum(['awaiting_signature', 'signed', 'declined', 'expired']);
export type SignatureStatus = z.infer<typeof signatureStatusSchema>;

export const signatureRequestSchema = z.object({
  id: idSchema,
  status: signatureStatusSchema,
  signUrl: z.string().optional(),
  documentUrl: z.string().optional(),
});
export type SignatureRequest = z.infer<typeof signatureRequestSchema>;

/** POST /api/contracts/create (spec 000 §7). */
export const contractCreateRequestSchema = z.object({
  artistId: idSchema,
  artistName: shortTextSchema,
  artistEmail: emailSchema,
});
export type ContractCreateRequest = z.infer<typeof contractCreateRequestSchema>;

export const contractCreateResponseSchema = z.object({
  success: z.boolean(),
  signatureRequest: z.object({ id: idSchema, signUrl: z.string() }).optional(),
  signatureId: z.string().optional(),
  error: z.string().optional(),
});
export type ContractCreateResponse = z.infer<typeof contractCreateResponseSchema>;
