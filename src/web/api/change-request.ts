import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  artistChangeRequestResponseSchema,
  type ResubmissionPayload,
  resubmissionResponseSchema,
} from '../../domain';
import { isSubmissionId } from './artist';
import { ApiError, apiGet, apiPost } from './client';
import { queryKeys } from './query-keys';

/**
 * The artist's side of a change request: the open request of one of their
 * submissions (the marked fields with the label's notes and their current values), and the
 * answer that sends the submission back for review.
 */

const submissionPath = (itemId: string) => `/api/profile/submissions/${encodeURIComponent(itemId)}`;

export function fetchArtistChangeRequest(itemId: string, signal?: AbortSignal) {
  return apiGet(`${submissionPath(itemId)}/change-request`, artistChangeRequestResponseSchema, signal);
}

export function useArtistChangeRequest(itemId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.artistChangeRequest(itemId),
    queryFn: ({ signal }) => fetchArtistChangeRequest(itemId, signal),
    enabled: enabled && isSubmissionId(itemId),
    retry: (failures, error) =>
      !(error instanceof ApiError && [401, 403, 404].includes(error.status)) && failures < 1,
    // The artist is editing: a refetch on focus must not reset what they are typing (the form
    // keeps its own copy), and the file links in the answer last hours.
    refetchOnWindowFocus: false,
  });
}

/** Sends the new values; the answer's submission (back under review) replaces the cached one. */
export function useResubmitChanges(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ResubmissionPayload) =>
      apiPost(`${submissionPath(itemId)}/resubmit`, payload, resubmissionResponseSchema),
    onSuccess: async (answer) => {
      queryClient.setQueryData(queryKeys.artistSubmission(itemId), answer.submission);
      queryClient.removeQueries({ queryKey: queryKeys.artistChangeRequest(itemId) });
      // A new release date moves the key dates; read again in the background.
      void queryClient.invalidateQueries({ queryKey: queryKeys.submissionKeyDates('artist', itemId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.artistSubmissions });
    },
    // The request was answered or withdrawn meanwhile (another tab, the label): show it as it is.
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.artistSubmission(itemId) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.artistChangeRequest(itemId) }),
        ]);
    },
  });
}
