import { z } from 'zod';

/**
 * The answer to a submission. Not re-exported by the domain's index: the submit page loads it with
 * its first submission (a deferred import), not with the page.
 */
export const createBoardItemResponseSchema = z.object({
  success: z.boolean(),
  data: z.object({ itemId: z.string() }).optional(),
  error: z.string().optional(),
});
export type CreateBoardItemResponse = z.infer<typeof createBoardItemResponseSchema>;
