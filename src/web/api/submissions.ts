import { z } from 'zod';
import {
  type CreateBoardItemPayload,
  createBoardItemResponseSchema,
  formSessionResponseSchema,
  type ProcessSocialClipsPayload,
} from '../../domain';
import { apiGet, apiRequest } from './client';

/** The form token that proves when the form was opened (the server's bot check). */
export function fetchFormSession(signal?: AbortSignal) {
  return apiGet('/api/form-session', formSessionResponseSchema, signal);
}

/** POST /api/board/create-item (spec 001 §7): the submission onto the label's board. */
export function createBoardItem(payload: CreateBoardItemPayload, signal?: AbortSignal) {
  return apiRequest('/api/board/create-item', createBoardItemResponseSchema, {
    method: 'POST',
    body: payload,
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/background/process-social-clips: asks the server to cut the clips (spec 001 §7). */
export function processSocialClips(payload: ProcessSocialClipsPayload) {
  return apiRequest('/api/background/process-social-clips', z.object({ success: z.boolean() }), {
    method: 'POST',
    body: payload,
  });
}
