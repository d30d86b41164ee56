import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../common/email';
import { type FieldError, isBlank, type StepValidation } from '../common/field-error';
import type { AdminInvitationPayload } from '../schemas/invitation';
import { ADMIN_INVITE_FIELDS_REQUIRED } from './messages';

const REQUIRED: readonly (keyof AdminInvitationPayload)[] = ['artistName', 'firstName', 'surname', 'email'];

/**
 * Admin invitation form (spec 001 §5): every field but the reason is required, and the e-mail
 * must look like one. The form shows one message, so the e-mail is only checked once all are there.
 */
export function validateAdminInvite(payload: AdminInvitationPayload): StepValidation {
  const missing: FieldError[] = REQUIRED.filter((field) => isBlank(payload[field])).map((field) => ({
    field,
    message: ADMIN_INVITE_FIELDS_REQUIRED,
  }));
  if (missing.length > 0) return { errors: missing, stepMessage: ADMIN_INVITE_FIELDS_REQUIRED };
  if (!isValidEmail(payload.email)) {
    return {
      errors: [{ field: 'email', message: INVALID_EMAIL_MESSAGE }],
      stepMessage: INVALID_EMAIL_MESSAGE,
    };
  }
  return { errors: [] };
}
