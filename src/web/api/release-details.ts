import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FieldError,
  type ReleaseDetailsResponse,
  type ReleaseDetailsSave,
  releaseDetailsResponseSchema,
} from '../../domain';
import { isSubmissionId } from './artist';
import { ApiError, apiRequest } from './client';
import { queryKeys } from './query-keys';

export type ReleaseDetails = ReleaseDetailsResponse['releaseDetails'];

function releaseDetailsPath(itemId: string): string {
  return `/api/profile/submissions/${encodeURIComponent(itemId)}/release-details`;
}

export async function fetchReleaseDetails(itemId: string, signal?: AbortSignal): Promise<ReleaseDetails> {
  const answer = await apiRequest(releaseDetailsPath(itemId), releaseDetailsResponseSchema, {
    ...(signal ? { signal } : {}),
  });
  return answer.releaseDetails;
}

/** Saves the draft (always allowed while the submission is in progress). */
export async function saveReleaseDetails(itemId: string, body: ReleaseDetailsSave): Promise<ReleaseDetails> {
  const answer = await apiRequest(releaseDetailsPath(itemId), releaseDetailsResponseSchema, {
    method: 'PUT',
    body,
  });
  return answer.releaseDetails;
}

/** Sends the details for review: the server checks them again and locks them. */
export async function submitReleaseDetails(
  itemId: string,
  body: ReleaseDetailsSave,
): Promise<ReleaseDetails> {
  const answer = await apiRequest(`${releaseDetailsPath(itemId)}/submit`, releaseDetailsResponseSchema, {
    method: 'POST',
    body,
  });
  return answer.releaseDetails;
}

/** Answers that asking again will not change: signed out, missing, or not open for details. */
const FINAL_STATUSES = new Set([401, 403, 404, 409]);

export function useReleaseDetails(itemId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.releaseDetails(itemId ?? ''),
    queryFn: ({ signal }) => fetchReleaseDetails(itemId ?? '', signal),
    enabled: isSubmissionId(itemId),
    retry: (failures, error) =>
      !(error instanceof ApiError && FINAL_STATUSES.has(error.status)) && failures < 1,
    // The audio and artwork links in the answer work for an hour: a page left open gets fresh ones.
    refetchInterval: 45 * 60_000,
    // A refetch must not overwrite what the artist is typing: the form keeps its own copy, and
    // window focus is not a reason to reload a form.
    refetchOnWindowFocus: false,
  });
}

export function useSaveReleaseDetails(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseDetailsSave) => saveReleaseDetails(itemId, body),
    onSuccess: (details) => queryClient.setQueryData(queryKeys.releaseDetails(itemId), details),
  });
}

export function useSubmitReleaseDetails(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseDetailsSave) => submitReleaseDetails(itemId, body),
    onSuccess: async (details) => {
      queryClient.setQueryData(queryKeys.releaseDetails(itemId), details);
      // The dashboard and the submission page show whether details are still awaited.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.artistSubmissions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.artistSubmission(itemId) }),
      ]);
    },
    // Refused because the details were submitted meanwhile (another tab): show them as they are.
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: queryKeys.releaseDetails(itemId) });
    },
  });
}

/**
 * The field problems of a 400 answer as dotted form paths. The service sends the domain's
 * `{ field, message }`; the schema check sends `{ path: '/tracks/0/isrc', message }`.
 */
export function readFieldErrors(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const details = (error.body as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail): FieldError[] => {
    if (!detail || typeof detail !== 'object') return [];
    const { field, path, message } = detail as Record<string, unknown>;
    if (typeof message !== 'string') return [];
    if (typeof field === 'string') return [{ field, message }];
    if (typeof path === 'string') {
      const dotted = path
        .replace(/^\/+/, '')
        .replace(/^body\//, '')
        .replaceAll('/', '.');
      return [{ field: dotted, message }];
    }
    return [];
  });
}
