import { z } from 'zod';
import { submissionStatusSchema } from '../status/submission-status-schema';
import { catalogueItemSchema } from './catalogue';
import { idSchema } from './common';
import { artistDecisionSchema } from './feedback-ratings';

/**
 * A submission as the signed-in artist sees it (spec 000 §3). `releaseType` stays a free string
 * because older board items hold other values, which the display rules show as given.
 */
export const submissionSchema = z.object({
  itemId: idSchema,
  releaseTitle: z.string(),
  releaseType: z.string().optional(),
  releaseDate: z.string().optional(),
  status: submissionStatusSchema,
  mediaLinks: z.array(z.string()),
  artworkUrl: z.string().optional(),
  /** Beyond spec 000: the tracks that carry their own cover (spec 001 §3), by track number. */
  trackArtworks: z
    .array(z.object({ trackNumber: z.number().int().positive(), title: z.string(), url: z.string() }))
    .optional(),
  createdAt: z.string(),
  transferMetadata: z
    .object({
      releases: z.array(z.object({ title: z.string().optional(), artworkUrl: z.string().optional() })),
    })
    .optional(),
  catalogueItems: z.array(catalogueItemSchema).optional(),
  /** One submission's page only (not the list): its decisions, oldest first, each with its rating. */
  decisions: z.array(artistDecisionSchema).optional(),
});
export type Submission = z.infer<typeof submissionSchema>;

export const submissionResponseSchema = z.object({
  success: z.boolean(),
  submission: submissionSchema.optional(),
  message: z.string().optional(),
});
export type SubmissionResponse = z.infer<typeof submissionResponseSchema>;
