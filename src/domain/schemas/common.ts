import { z } from 'zod';
import { isValidEmail } from '../common/email';

/** Upper bounds keep a hostile request from filling the database; they are far above real input. */
export const shortTextSchema = z.string().max(500);
export const longTextSchema = z.string().max(20_000);

/** A calendar date as `YYYY-MM-DD` (see common/calendar-date.ts). */
export const isoDateSchema = z.iso.date();

/** Form date fields hold '' until the artist picks a date; the rules report the missing date. */
export const formDateSchema = z.union([z.literal(''), isoDateSchema]);

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** The same e-mail pattern the form uses, so the server never disagrees with the browser. */
export const emailSchema = z.string().trim().max(320).refine(isValidEmail, INVALID_EMAIL_MESSAGE);

export const idSchema = z.string().min(1).max(200);
