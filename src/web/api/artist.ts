import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldError } from '../../domain/common/field-error';
import { isRecordId } from '../../domain/common/ids';
import { ARTIST_SUBMISSIONS_PAGE_SIZE } from '../../domain/pagination/page-rules';
import type {
  ArtistProfileResponse,
  ArtistProfileSave,
  ArtistSubmissionsResponse,
} from '../../domain/schemas/artist-area';
import type { Submission } from '../../domain/schemas/submission';
import { ApiError, apiGet, apiRequest, DeferredSchema } from './client';
import { queryKeys } from './query-keys';

// The answers' schemas (and zod with them) load with the first request, not with the page: the
// dashboard the server rendered comes with its data, and hydrates without them.
const artistAreaSchemas = () => import('../../domain/schemas/artist-area');
const artistProfileResponse = new DeferredSchema(() =>
  artistAreaSchemas().then((schemas) => schemas.artistProfileResponseSchema),
);
const artistSubmissionsResponse = new DeferredSchema(() =>
  artistAreaSchemas().then((schemas) => schemas.artistSubmissionsResponseSchema),
);
const submissionResponse = new DeferredSchema(() =>
  import('../../domain/schemas/submission').then((schemas) => schemas.submissionResponseSchema),
);

/**
 * The signed-in artist's own data: profile, submissions, one submission. Every call
 * answers for the session's artist only; another artist's ids answer 404.
 */

export type ArtistProfileData = ArtistProfileResponse['profile'];

/** Submission ids are UUIDs; anything else cannot name one, so it is not asked for. */

export function isSubmissionId(value: string | undefined): value is string {
  return value !== undefined && isRecordId(value);
}

/** A missing thing stays missing and a signed-out session stays signed out: retrying either is noise. */
function retryUnlessFinal(failures: number, error: Error): boolean {
  if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return false;
  return failures < 1;
}

export async function fetchArtistProfile(signal?: AbortSignal): Promise<ArtistProfileData> {
  return (await apiGet('/api/artist/profile', artistProfileResponse, signal)).profile;
}

export function useArtistProfile() {
  return useQuery({
    queryKey: queryKeys.artistProfile,
    queryFn: ({ signal }) => fetchArtistProfile(signal),
    retry: retryUnlessFinal,
  });
}

/** Submissions per page of the dashboard: a few scrolls, and the server's default. */
export { ARTIST_SUBMISSIONS_PAGE_SIZE };

export function fetchArtistSubmissions(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ArtistSubmissionsResponse> {
  const query = new URLSearchParams({ limit: String(ARTIST_SUBMISSIONS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiGet(`/api/profile/submissions?${query}`, artistSubmissionsResponse, signal);
}

/** The artist's submissions, newest first, one page at a time (`fetchNextPage` follows the cursor). */
export function useArtistSubmissions() {
  return useInfiniteQuery({
    queryKey: queryKeys.artistSubmissions,
    queryFn: ({ pageParam, signal }) => fetchArtistSubmissions(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessFinal,
  });
}

/** One submission; a 200 without a submission is a missing one, like the 404 (spec 000 §3 Submission response). */
export async function fetchArtistSubmission(itemId: string, signal?: AbortSignal): Promise<Submission> {
  const answer = await apiGet(
    `/api/profile/submissions/${encodeURIComponent(itemId)}`,
    submissionResponse,
    signal,
  );
  if (!answer.success || !answer.submission)
    throw new ApiError(404, answer.message ?? 'Submission not found');
  return answer.submission;
}

export function useArtistSubmission(itemId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.artistSubmission(itemId ?? ''),
    queryFn: ({ signal }) => fetchArtistSubmission(itemId ?? '', signal),
    enabled: isSubmissionId(itemId),
    retry: retryUnlessFinal,
    // The media links in the answer are signed and expire: a page left open gets fresh ones.
    refetchInterval: 45 * 60_000,
  });
}

export async function saveArtistProfile(payload: ArtistProfileSave): Promise<ArtistProfileData> {
  return (await apiRequest('/api/artist/profile', artistProfileResponse, { method: 'PUT', body: payload }))
    .profile;
}

/**
 * Saves the profile. The answer is the profile as stored, so it replaces the cached one without
 * another request; the header's name and avatar come from /api/me and the dashboard also shows
 * the submissions, so both are fetched again.
 */
export function useSaveArtistProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveArtistProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(queryKeys.artistProfile, profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
        queryClient.invalidateQueries({ queryKey: queryKeys.artistSubmissions }),
      ]);
    },
  });
}

/** The per-field messages of a 400 answer (`{ error, details: FieldError[] }`), if it carried any. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const body = error.body;
  if (!body || typeof body !== 'object' || !('details' in body) || !Array.isArray(body.details)) return [];
  return body.details.filter(
    (detail): detail is FieldError =>
      typeof detail === 'object' &&
      detail !== null &&
      typeof (detail as FieldError).field === 'string' &&
      typeof (detail as FieldError).message === 'string',
  );
}
