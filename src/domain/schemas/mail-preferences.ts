import { z } from 'zod';
import {
  MAIL_PREFERENCE_MESSAGES,
  ONE_CLICK_FIELD,
  ONE_CLICK_VALUE,
  UNSUBSCRIBABLE_MAIL_KINDS,
} from '../mail/mail-kinds';

export const unsubscribableMailKindSchema = z.enum(UNSUBSCRIBABLE_MAIL_KINDS, {
  error: MAIL_PREFERENCE_MESSAGES.unknownKind,
});

/** One kind of mail as the signed-in reader has it: on, or off since when. */
export const mailPreferenceSchema = z.object({
  kind: unsubscribableMailKindSchema,
  enabled: z.boolean(),
  /** ISO time it was turned off; null while on. */
  turnedOffAt: z.string().nullable(),
});
export type MailPreference = z.infer<typeof mailPreferenceSchema>;

/** `GET/PUT /api/me/mail-preferences`: the kinds the reader receives, at the address they sign in with. */
export const mailPreferencesResponseSchema = z.object({
  success: z.literal(true),
  email: z.string(),
  preferences: z.array(mailPreferenceSchema),
});
export type MailPreferencesResponse = z.infer<typeof mailPreferencesResponseSchema>;

export const mailPreferenceUpdateSchema = z.object({
  kind: unsubscribableMailKindSchema,
  enabled: z.boolean({ error: MAIL_PREFERENCE_MESSAGES.enabledRequired }),
});
export type MailPreferenceUpdate = z.infer<typeof mailPreferenceUpdateSchema>;

/**
 * The unsubscribe link's token, the rest of its path (a wildcard: a long address makes a token
 * longer than a route parameter may be); what it is worth is only known once its signature is
 * checked.
 */
export const unsubscribeParamsSchema = z.object({
  '*': z
    .string({ error: MAIL_PREFERENCE_MESSAGES.invalidLink })
    .max(2_000, MAIL_PREFERENCE_MESSAGES.invalidLink),
});

/**
 * `POST /unsubscribe/:token`: `List-Unsubscribe=One-Click`, form-encoded as RFC 8058 §3.1 has a
 * mail receiver send it, or the same field as JSON from the unsubscribe page.
 */
export const oneClickBodySchema = z.object(
  {
    [ONE_CLICK_FIELD]: z.literal(ONE_CLICK_VALUE, { error: MAIL_PREFERENCE_MESSAGES.notOneClick }),
  },
  { error: MAIL_PREFERENCE_MESSAGES.notOneClick },
);

/** What an unsubscribe link stands for, and whether that mail is still on (`enabled`). */
export const unsubscribeLinkResponseSchema = z.object({
  success: z.literal(true),
  kind: unsubscribableMailKindSchema,
  email: z.string(),
  enabled: z.boolean(),
});
export type UnsubscribeLinkResponse = z.infer<typeof unsubscribeLinkResponseSchema>;
