import { z } from 'zod';

/**
 * GET /api/form-session: the token that proves when the form was opened (bot check). A module of
 * its own: the submit page asks for it as it opens, and loading it must not build the board's
 * schemas with it.
 */
export const formSessionResponseSchema = z.object({ formToken: z.string() });
