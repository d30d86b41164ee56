import { useQuery } from '@tanstack/react-query';
import { type ReleaseSchedule, signUrlResponseSchema, submissionScheduleResponseSchema } from '../../domain';
import { ApiError, apiGet, apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * A release's schedule to the artist agreement (issue 21 §4): read by its artist and staff, signed
 * by the artist on the signing page with a link asked for here.
 */

export async function fetchSubmissionSchedule(
  submissionId: string,
  signal?: AbortSignal,
): Promise<ReleaseSchedule | null> {
  const path = `/api/release-schedules?submissionId=${encodeURIComponent(submissionId)}`;
  return (await apiGet(path, submissionScheduleResponseSchema, signal)).schedule;
}

/** While staff's approval is being turned into a schedule, the answer is checked again shortly. */
export function useSubmissionSchedule(submissionId: string, options: { waitForSchedule?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.releaseSchedule(submissionId),
    queryFn: ({ signal }) => fetchSubmissionSchedule(submissionId, signal),
    retry: (failures, error) =>
      !(error instanceof ApiError && [401, 403, 404].includes(error.status)) && failures < 1,
    refetchInterval: (query) => {
      const schedule = query.state.data;
      const waiting = schedule === null || schedule?.state === 'superseded';
      return options.waitForSchedule && waiting ? 3_000 : false;
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
