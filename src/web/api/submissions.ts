import type { CreateBoardItemPayload, ProcessSocialClipsPayload } from '../../domain';
import { apiGet, apiRequest, DeferredSchema } from './client';

// The submit page's requests parse their answers with schemas loaded with the first request
// (DeferredSchema): importing them with the page built the board's and the form's schemas while a
// phone was still taking the page over.
const formSessionResponse = new DeferredSchema(() =>
  import('../../domain/schemas/form-session').then((schemas) => schemas.formSessionResponseSchema),
);
const createBoardItemResponse = new DeferredSchema(() =>
  import('../../domain/schemas/submission-response').then((schemas) => schemas.createBoardItemResponseSchema),
);
const processSocialClipsResponse = new DeferredSchema(() =>
  import('../../domain/schemas/board').then((schemas) => schemas.processSocialClipsResponseSchema),
);

/** The form token that proves when the form was opened (the server's bot check). */
export function fetchFormSession(signal?: AbortSignal) {
  return apiGet('/api/form-session', formSessionResponse, signal);
}

/** POST /api/board/create-item (spec 001 §7): the submission onto the label's board. */
export function createBoardItem(payload: CreateBoardItemPayload, signal?: AbortSignal) {
  return apiRequest('/api/board/create-item', createBoardItemResponse, {
    method: 'POST',
    body: payload,
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/background/process-social-clips: asks the server to cut the clips (spec 001 §7). */
export function processSocialClips(payload: ProcessSocialClipsPayload) {
  return apiRequest('/api/background/process-social-clips', processSocialClipsResponse, {
    method: 'POST',
    body: payload,
  });
}
