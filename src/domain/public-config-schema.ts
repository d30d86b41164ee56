import { z } from 'zod';
import type { PublicConfig } from './public-config';

/** The public configuration (public-config.ts) as the server checks it before embedding it. */
export const publicConfigSchema = z.object({
  labelName: z.string().min(1),
  contactEmail: z.email(),
  reviewPromise: z.string().min(1),
  devMode: z.boolean(),
  version: z.string(),
  social: z.object({
    video: z.url().optional(),
    music: z.url().optional(),
    photo: z.url().optional(),
  }),
  /** Cloudflare Turnstile's site key, when the installation uses it on the submission form. */
  turnstileSiteKey: z.string().optional(),
}) satisfies z.ZodType<PublicConfig>;
