import { useQuery } from '@tanstack/react-query';
import {
  type ReleaseSchedule,
  type ReleaseScheduleSummary,
  releaseScheduleListResponseSchema,
  signUrlResponseSchema,
  submissionScheduleResponseSchema,
} from '../../domain';
import { ApiError, apiGet, apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * A release's schedule to the artist agreement: read by its artist and staff, signed
 * by the artist on the signing page with a link asked for here.
 */

export async function fetchSubmissionSchedule(
  submissionId: string,
  signal?: AbortSignal,
): Promise<ReleaseSchedule | null> {
  const path = `/api/release-schedules?submissionId=${encodeURIComponent(submissionId)}`;
  return (await apiGet(path, submissionScheduleResponseSchema, signal)).schedule;
}

/** Signed out, not theirs, or gone: asking again gives the same answer. */
function retryUnlessFinal(failures: number, error: Error): boolean {
  return !(error instanceof ApiError && [401, 403, 404].includes(error.status)) && failures < 1;
}

/** How often, and how many times at most, a signed schedule is read again until its sealed copy is there. */
const SEAL_CHECK_INTERVAL_MS = 3_000;
const SEAL_CHECK_MAX_READS = 20;

/**
 * While staff's approval is being turned into a schedule, the answer is checked again shortly; so
 * is a schedule just signed, until its sealed copy is ready (a while at most: the copy is made by a
 * job, which also mails the artist when it is done).
 */
export function useSubmissionSchedule(submissionId: string, options: { waitForSchedule?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.releaseSchedule(submissionId),
    queryFn: ({ signal }) => fetchSubmissionSchedule(submissionId, signal),
    retry: retryUnlessFinal,
    refetchInterval: (query) => {
      const schedule = query.state.data;
      const waiting = schedule === null || schedule?.state === 'superseded';
      if (options.waitForSchedule && waiting) return 3_000;
      const sealing = schedule?.state === 'signed' && !schedule.documentUrl;
      return sealing && query.state.dataUpdateCount < SEAL_CHECK_MAX_READS ? SEAL_CHECK_INTERVAL_MS : false;
    },
  });
}

export async function fetchArtistSchedules(signal?: AbortSignal): Promise<ReleaseScheduleSummary[]> {
  return (await apiGet('/api/release-schedules/mine', releaseScheduleListResponseSchema, signal)).schedules;
}

/** The signed-in artist's schedules, every release and version, newest first (the Contract Signing tab). */
export function useArtistSchedules() {
  return useQuery({
    queryKey: queryKeys.artistSchedules,
    queryFn: ({ signal }) => fetchArtistSchedules(signal),
    retry: retryUnlessFinal,
    refetchInterval: (query) => {
      const sealing = query.state.data?.some((row) => row.state === 'signed' && !row.documentUrl);
      return sealing && query.state.dataUpdateCount < SEAL_CHECK_MAX_READS ? SEAL_CHECK_INTERVAL_MS : false;
    },
  });
}

/** A signing link to the schedule's open request (a new request after one expired or was declined). */
export async function requestScheduleSignUrl(scheduleId: string): Promise<string> {
  const answer = await apiRequest(
    `/api/release-schedules/${encodeURIComponent(scheduleId)}/sign-url`,
    signUrlResponseSchema,
    { method: 'POST', body: {} },
  );
  return answer.signUrl;
}
