import {
  ADMIN_INVITE_ERRORS,
  type AdminInvitationPayload,
  type AdminInvitationResponse,
  adminInvitationResponseSchema,
} from '../../../../domain';
import { ApiError, apiRequest } from '../../../api/client';

export function createInvitation(input: AdminInvitationPayload): Promise<AdminInvitationResponse> {
  return apiRequest('/api/artist-invitations/create', adminInvitationResponseSchema, {
    method: 'POST',
    body: input,
  });
}

/**
 * The words to show for a failed invitation request (spec 001 §8): a request that never got an
 * answer is a network error; otherwise the server's own message, or the generic failure.
 */
export function invitationErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return ADMIN_INVITE_ERRORS.network;
    if (
      error.status >= 500 ||
      error.message.startsWith('HTTP ') ||
      error.message === 'Failed to parse server response'
    )
      return ADMIN_INVITE_ERRORS.createFailed;
    return error.message;
  }
  return ADMIN_INVITE_ERRORS.createFailed;
}
