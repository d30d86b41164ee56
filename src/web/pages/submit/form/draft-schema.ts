import { z } from 'zod';
import { audioWaveformSchema, submissionFormSchema } from '../../../../domain';

/** What a stored draft's values must be (draft-storage.ts): the form's schema and the upload results. */
const draftValuesSchema = submissionFormSchema.extend({
  uploadSessionId: z.string().min(8).max(128),
  artworkFileId: z.string().optional(),
  artworkFileName: z.string().optional(),
  artworkWidth: z.number().optional(),
  artworkHeight: z.number().optional(),
  audioInfo: z
    .record(
      z.string(),
      z.object({
        channels: z.number(),
        sampleRate: z.number(),
        bitsPerSample: z.number(),
        durationSeconds: z.number(),
      }),
    )
    .optional(),
  waveforms: z.record(z.string(), audioWaveformSchema).optional(),
});

export type StoredDraftValues = z.input<typeof draftValuesSchema>;

export const draftSchema = z.object({
  savedAt: z.number(),
  step: z.number().int().min(0).max(3),
  values: draftValuesSchema,
});
