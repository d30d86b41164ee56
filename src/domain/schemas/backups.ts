import { z } from 'zod';

/**
 * GET /api/analytics/backups: the scheduled backup as the analytics page's Backups card shows it.
 * `enabled` is false without BACKUP_DIR; `last` is the latest attempt, whichever its result.
 */
export const backupStatusSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  /** How many of the newest archives are kept (BACKUP_KEEP), and how many the folder holds now. */
  keep: z.number().int().nonnegative(),
  archives: z.number().int().nonnegative(),
  last: z
    .object({
      result: z.enum(['succeeded', 'failed']),
      at: z.string(),
      fileName: z.string().nullable(),
      bytes: z.number().int().nonnegative().nullable(),
      durationMs: z.number().nonnegative().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  /** When the daily job runs next (null: not scheduled, e.g. jobs switched off). */
  nextRunAt: z.string().nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
