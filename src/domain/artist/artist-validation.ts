import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE, isValidEmail } from '../common/email';
import { type FieldError, isBlank, type StepValidation } from '../common/field-error';
import {
  ARTIST_NAME_REQUIRED,
  CITY_REQUIRED,
  COUNTRY_REQUIRED,
  EMAIL_REQUIRED,
  FIRST_NAME_REQUIRED,
  SURNAME_REQUIRED,
} from '../common/messages';
import type { EarlyStepRules } from '../display/early-submit';
import type { ArtistForm } from '../schemas/submission-form';
import {
  ARTIST_STEP_INVALID_EMAIL,
  ARTIST_STEP_REQUIRED_FIELDS,
  INCLUDE_INSTAGRAM_HOST,
  INCLUDE_TIKTOK_HOST,
  INSTAGRAM_REQUIRED,
  TIKTOK_REQUIRED,
} from './messages';

export type ArtistDetailsInput = Pick<
  ArtistForm,
  | 'firstName'
  | 'surname'
  | 'email'
  | 'artistName'
  | 'country'
  | 'city'
  | 'instagramProfile'
  | 'tiktokProfile'
  | 'noInstagram'
  | 'noTikTok'
>;

export const INSTAGRAM_HOST = 'instagram.com/';
export const TIKTOK_HOST = 'tiktok.com/';

/** Hosts are case-insensitive, so 'Instagram.com/name' is as good as 'instagram.com/name'. */
function includesHost(value: string, host: string): boolean {
  return value.toLowerCase().includes(host);
}

function validateEmailField(email: string): FieldError[] {
  if (isBlank(email)) return [{ field: 'email', message: EMAIL_REQUIRED }];
  return isValidEmail(email) ? [] : [{ field: 'email', message: INVALID_EMAIL_MESSAGE }];
}

function validateProfile(
  field: 'instagramProfile' | 'tiktokProfile',
  value: string,
  optedOut: boolean,
  host: string,
  messages: { required: string; host: string },
): FieldError[] {
  // A ticked "I don't have ..." box clears the field, so whatever is left is ignored.
  if (optedOut) return [];
  if (isBlank(value)) return [{ field, message: messages.required }];
  return includesHost(value, host) ? [] : [{ field, message: messages.host }];
}

/**
 * Step 1 rules (spec 001 §5), in the order the fields appear on the page so the first error is
 * the one to scroll to. The banner names the required fields unless the e-mail is the only problem.
 */
export function validateArtistDetails(form: ArtistDetailsInput): StepValidation {
  const required = (field: keyof ArtistDetailsInput, value: string, message: string): FieldError[] =>
    isBlank(value) ? [{ field, message }] : [];
  const errors: FieldError[] = [
    ...required('firstName', form.firstName, FIRST_NAME_REQUIRED),
    ...required('surname', form.surname, SURNAME_REQUIRED),
    ...validateEmailField(form.email),
    ...required('artistName', form.artistName, ARTIST_NAME_REQUIRED),
    ...validateProfile('instagramProfile', form.instagramProfile, form.noInstagram, INSTAGRAM_HOST, {
      required: INSTAGRAM_REQUIRED,
      host: INCLUDE_INSTAGRAM_HOST,
    }),
    ...validateProfile('tiktokProfile', form.tiktokProfile, form.noTikTok, TIKTOK_HOST, {
      required: TIKTOK_REQUIRED,
      host: INCLUDE_TIKTOK_HOST,
    }),
    ...required('country', form.country, COUNTRY_REQUIRED),
    ...required('city', form.city, CITY_REQUIRED),
  ];
  if (errors.length === 0) return { errors };
  const onlyEmail = errors.every((e) => e.field === 'email');
  return { errors, stepMessage: onlyEmail ? ARTIST_STEP_INVALID_EMAIL : ARTIST_STEP_REQUIRED_FIELDS };
}

/**
 * Step 1's rules as data, for the page's inline script (display/early-submit.ts) that answers a
 * Next Step tapped before the app has taken the prerendered form over: the same fields in the same
 * order with the same messages as validateArtistDetails, the e-mail checked by its pattern alone
 * (the app's own check follows a moment later). `soleField`: the banner that names the e-mail.
 */
export const ARTIST_STEP_EARLY_RULES: EarlyStepRules = {
  fields: [
    { field: 'firstName', required: FIRST_NAME_REQUIRED },
    { field: 'surname', required: SURNAME_REQUIRED },
    {
      field: 'email',
      required: EMAIL_REQUIRED,
      pattern: EMAIL_PATTERN.source,
      patternMessage: INVALID_EMAIL_MESSAGE,
    },
    { field: 'artistName', required: ARTIST_NAME_REQUIRED },
    {
      field: 'instagramProfile',
      required: INSTAGRAM_REQUIRED,
      includes: INSTAGRAM_HOST,
      includesMessage: INCLUDE_INSTAGRAM_HOST,
      optOut: 'noInstagram',
    },
    {
      field: 'tiktokProfile',
      required: TIKTOK_REQUIRED,
      includes: TIKTOK_HOST,
      includesMessage: INCLUDE_TIKTOK_HOST,
      optOut: 'noTikTok',
    },
    { field: 'country', required: COUNTRY_REQUIRED },
    { field: 'city', required: CITY_REQUIRED },
  ],
  soleField: 'email',
};
