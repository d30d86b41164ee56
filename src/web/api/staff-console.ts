import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  type ArtistListSort,
  type InvitationListResponse,
  type InvitationStatus,
  invitationListResponseSchema,
  type StaffArtistListResponse,
  type StaffArtistSubmissionsResponse,
  type StaffWaitingListResponse,
  staffArtistListResponseSchema,
  staffArtistSubmissionsResponseSchema,
  staffWaitingListResponseSchema,
} from '../../domain';
import { apiGet } from './client';
import { queryKeys } from './query-keys';

/**
 * The staff console's paged lists: the waiting list, the invitations, every artist and
 * one artist's submissions, a page at a time (`fetchNextPage` follows the server's cursor).
 */

/** Entries or invitations per page: a few scrolls of cards. */
export const STAFF_LIST_PAGE_SIZE = 25;
/** Submissions per page of the staff artist page, which has more sections below the list. */
export const STAFF_ARTIST_SUBMISSIONS_PAGE_SIZE = 20;

function pageQuery(cursor: string | undefined, limit: number, extra: Record<string, string> = {}) {
  const query = new URLSearchParams(extra);
  if (cursor) query.set('cursor', cursor);
  query.set('limit', String(limit));
  return query;
}

export function fetchWaitingList(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<StaffWaitingListResponse> {
  const query = pageQuery(cursor, STAFF_LIST_PAGE_SIZE);
  return apiGet(`/api/waiting-list?${query}`, staffWaitingListResponseSchema, signal);
}

export function useWaitingList() {
  return useInfiniteQuery({
    queryKey: queryKeys.waitingList,
    queryFn: ({ pageParam, signal }) => fetchWaitingList(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function fetchInvitations(
  status: InvitationStatus | undefined,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<InvitationListResponse> {
  const query = pageQuery(cursor, STAFF_LIST_PAGE_SIZE, status ? { status } : {});
  return apiGet(`/api/artist-invitations?${query}`, invitationListResponseSchema, signal);
}

export function useInvitations(status: InvitationStatus | undefined) {
  return useInfiniteQuery({
    queryKey: queryKeys.artistInvitations(status),
    queryFn: ({ pageParam, signal }) => fetchInvitations(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function fetchStaffArtistSubmissions(
  artistId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<StaffArtistSubmissionsResponse> {
  const query = pageQuery(cursor, STAFF_ARTIST_SUBMISSIONS_PAGE_SIZE);
  return apiGet(
    `/api/artists/${encodeURIComponent(artistId)}/submissions?${query}`,
    staffArtistSubmissionsResponseSchema,
    signal,
  );
}

export function useStaffArtistSubmissions(artistId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.staffArtistSubmissions(artistId),
    queryFn: ({ pageParam, signal }) => fetchStaffArtistSubmissions(artistId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function fetchStaffArtists(
  sort: ArtistListSort,
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<StaffArtistListResponse> {
  const query = pageQuery(cursor, STAFF_LIST_PAGE_SIZE, { sort, ...(q ? { q } : {}) });
  return apiGet(`/api/artists?${query}`, staffArtistListResponseSchema, signal);
}

/** Every artist, in `sort` order, those whose name or e-mail starts with `q` when it is not blank. */
export function useStaffArtists(sort: ArtistListSort, q: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.staffArtists(sort, q),
    queryFn: ({ pageParam, signal }) => fetchStaffArtists(sort, q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A new search keeps the rows on screen until its answer arrives, rather than a skeleton.
    placeholderData: keepPreviousData,
  });
}
