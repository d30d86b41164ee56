import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../common/email';
import { type FieldError, isBlank, type StepValidation } from '../common/field-error';
import {
  ARTIST_NAME_REQUIRED,
  CITY_REQUIRED,
  COUNTRY_REQUIRED,
  EMAIL_REQUIRED,
  FIRST_NAME_REQUIRED,
  SURNAME_REQUIRED,
} from '../common/messages';
import type { WaitingListPayload } from '../schemas/site';
import { formatMissingFieldsAlert, LISTEN_LINK_REQUIRED } from './messages';

type WaitingListInput = Pick<
  WaitingListPayload['artistData'],
  'firstName' | 'surname' | 'email' | 'artistName' | 'country' | 'city' | 'listenLink'
>;

const REQUIRED_FIELDS: readonly { field: keyof WaitingListInput; label: string; message: string }[] = [
  { field: 'firstName', label: 'First Name', message: FIRST_NAME_REQUIRED },
  { field: 'surname', label: 'Surname', message: SURNAME_REQUIRED },
  { field: 'email', label: 'Email', message: EMAIL_REQUIRED },
  { field: 'artistName', label: 'Artist Name', message: ARTIST_NAME_REQUIRED },
  { field: 'country', label: 'Country', message: COUNTRY_REQUIRED },
  { field: 'city', label: 'City', message: CITY_REQUIRED },
];

/**
 * Waiting-list submit (spec 001 §5): the alert lists the missing fields; the listen link has its
 * own message; the project description is optional. A filled-in e-mail must also look like one,
 * since it is the only way the label can reply.
 */
export function validateWaitingList(form: WaitingListInput): StepValidation {
  const missing = REQUIRED_FIELDS.filter(({ field }) => isBlank(form[field]));
  const errors: FieldError[] = missing.map(({ field, message }) => ({ field, message }));
  if (!isBlank(form.email) && !isValidEmail(form.email)) {
    errors.push({ field: 'email', message: INVALID_EMAIL_MESSAGE });
  }
  if (isBlank(form.listenLink)) errors.push({ field: 'listenLink', message: LISTEN_LINK_REQUIRED });
  if (errors.length === 0) return { errors };
  const stepMessage =
    missing.length > 0 ? formatMissingFieldsAlert(missing.map((m) => m.label)) : errors[0]?.message;
  return { errors, stepMessage };
}
