import { z } from 'zod';
import { emailSchema } from '../schemas/common';
import { normaliseEmail, SIGN_IN_CODE_LENGTH, type UserRole } from './auth-rules';

// The sign-in requests and answers (auth-rules.ts has the rules and texts). Kept apart so that a
// page which needs only the rules carries no zod; the web app loads these when an answer arrives.

export const userRoleSchema = z.enum(['artist', 'staff']) satisfies z.ZodType<UserRole>;

/** An e-mail address that identifies an account: validated as everywhere, then normalised. */
export const accountEmailSchema = emailSchema.transform(normaliseEmail);

export const signInRequestSchema = z.object({
  email: accountEmailSchema,
  returnTo: z.string().max(512).optional(),
});
export const verifyLinkRequestSchema = z.object({ token: z.string().min(16).max(128) });
export const verifyCodeRequestSchema = z.object({
  email: accountEmailSchema,
  code: z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`),
      `Enter the ${SIGN_IN_CODE_LENGTH}-digit code from the e-mail`,
    ),
});

export const sessionUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: userRoleSchema,
  name: z.string().nullable(),
  artistName: z.string().nullable(),
  picture: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Answer to a successful sign-in: the user, the bearer token of this session, and where to go. */
export const signInResultSchema = z.object({
  success: z.literal(true),
  user: sessionUserSchema,
  token: z.string(),
  redirectTo: z.string(),
});
export type SignInResult = z.infer<typeof signInResultSchema>;

/** `GET /api/me`: the signed-in user, or null for a visitor (not an error: most visitors are anonymous). */
export const meResponseSchema = z.object({ success: z.literal(true), user: sessionUserSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;
