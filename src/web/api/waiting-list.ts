import { formatWaitingListServerError, WAITING_LIST_MESSAGES, type WaitingListPayload } from '../../domain';
import { DeferredSchema } from './client';

// Loaded with the answer, not with /submit: the page is the waiting list's only while submissions
// are closed, and the full form's first tap must not wait for zod.
const waitingListResponse = new DeferredSchema(() =>
  import('../../domain/schemas/site').then((schemas) => schemas.waitingListResponseSchema),
);

/** A failure to join, with the text to show the artist (spec 001 §8). */
export class WaitingListError extends Error {
  override readonly name = 'WaitingListError';
}

/** Longer answers (an HTML error page from a proxy) are cut: the alert is not a place for them. */
const MAX_BODY_CHARS = 300;

/**
 * The body part of 'Server error: {status} {body}': our server answers `{ error }` in JSON, and the
 * artist is better served by its words than by the JSON around them; any other body as it came.
 */
function bodyText(raw: string): string {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object') {
      const { error } = parsed as { error?: unknown };
      if (typeof error === 'string' && error) return error;
    }
  } catch {
    // Not JSON: shown as it is.
  }
  const text = raw.trim();
  return text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS)}…` : text;
}

/**
 * POST /api/waiting-list. Fetch is used directly, not apiRequest, because the spec words each
 * failure differently: a non-OK answer shows its status and body, a request that never got an
 * answer is a network error, an OK answer with success false shows the server's error or details,
 * and anything else is the generic apology. Every failure is a WaitingListError with that text.
 */
export async function joinWaitingList(payload: WaitingListPayload): Promise<{ itemId: string | undefined }> {
  let response: Response;
  try {
    response = await fetch('/api/waiting-list', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch {
    throw new WaitingListError(WAITING_LIST_MESSAGES.network);
  }
  try {
    if (!response.ok) {
      const raw = await response.text();
      throw new WaitingListError(formatWaitingListServerError(response.status, bodyText(raw)));
    }
    const schema = await waitingListResponse.resolve();
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) throw new WaitingListError(WAITING_LIST_MESSAGES.generic);
    if (!parsed.data.success) {
      throw new WaitingListError(parsed.data.error || parsed.data.details || WAITING_LIST_MESSAGES.failed);
    }
    return { itemId: parsed.data.itemId };
  } catch (error) {
    if (error instanceof WaitingListError) throw error;
    throw new WaitingListError(WAITING_LIST_MESSAGES.generic);
  }
}
