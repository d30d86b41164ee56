import {
  invitationDetailsResponseSchema,
  invitationValidationResponseSchema,
  returningArtistDetailsResponseSchema,
  returningArtistValidationResponseSchema,
} from '../../domain';
import { ApiError, apiGet } from './client';

/** What the token pages show when the server's per-IP limit answered 429. */
export const TOKEN_RATE_LIMITED = 'Too many attempts, try again in a minute.';

const segment = (token: string) => encodeURIComponent(token);

export function validateInvitation(token: string, signal?: AbortSignal) {
  return apiGet(`/api/invitation/validate/${segment(token)}`, invitationValidationResponseSchema, signal);
}

export function fetchInvitationDetails(token: string, signal?: AbortSignal) {
  return apiGet(`/api/invitation/details/${segment(token)}`, invitationDetailsResponseSchema, signal);
}

export function validateReturningLink(token: string, signal?: AbortSignal) {
  return apiGet(
    `/api/returning-artist/validate/${segment(token)}`,
    returningArtistValidationResponseSchema,
    signal,
  );
}

export function fetchReturningDetails(token: string, signal?: AbortSignal) {
  return apiGet(
    `/api/returning-artist/details/${segment(token)}`,
    returningArtistDetailsResponseSchema,
    signal,
  );
}

interface TokenAnswer {
  success: boolean;
  error?: string | undefined;
}

/**
 * A token link's two reads, in order: its check, then what the label knows for the pre-fill. A
 * refusal in either (an answer with success false, or a check saying invalid) becomes the 404 the
 * pages show, in the server's words or `fallback`.
 */
export async function readTokenLink<V extends TokenAnswer, D extends TokenAnswer>(
  validate: () => Promise<V>,
  isValid: (validation: V) => boolean,
  details: () => Promise<D>,
  fallback: string,
): Promise<{ validation: V; details: D }> {
  const validation = await validate();
  if (!validation.success || !isValid(validation)) {
    throw new ApiError(404, validation.error ?? fallback, validation);
  }
  const read = await details();
  if (!read.success) throw new ApiError(404, read.error ?? fallback, read);
  return { validation, details: read };
}

/**
 * A token check answered "no" (4xx): asking again cannot change that, and every retry spends
 * one of the visitor's attempts against the per-IP limit. Network and 5xx failures retry twice.
 */
export function retryTokenCheck(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The text of a failed token check: the limit's own message for 429, else the server's words
 * when it sent any (a refused token, or its own failure), else `fallback`.
 */
export function tokenCheckMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 429) return TOKEN_RATE_LIMITED;
  const body = error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : {};
  const said = typeof body.error === 'string' || typeof body.message === 'string';
  return error.status > 0 && said && error.message ? error.message : fallback;
}
