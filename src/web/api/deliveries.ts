import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DeliveryAttemptView,
  type DeliveryEdit,
  type DeliveryTargetKind,
  type DeliveryView,
  deliveryAttemptResponseSchema,
  deliveryResponseSchema,
} from '../../domain';
import { ApiError, apiGet, apiPost, apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * Delivering an approved release to stores, staff only (routes/api/deliveries.ts): the checklist,
 * the identifiers and lines staff correct, the message in words, the downloads, deliveries and
 * takedowns, and the log.
 */

const deliveryPath = (submissionId: string) => `/api/deliveries/${encodeURIComponent(submissionId)}`;

/** The DDEX package (message and files) as one ZIP: a plain link, saved with the server's file name. */
export function deliveryPackageUrl(submissionId: string): string {
  return `${deliveryPath(submissionId)}/package.zip`;
}

/** The DDEX ERN message alone. */
export function deliveryMessageUrl(submissionId: string): string {
  return `${deliveryPath(submissionId)}/ern.xml`;
}

export async function fetchDelivery(submissionId: string, signal?: AbortSignal): Promise<DeliveryView> {
  return (await apiGet(deliveryPath(submissionId), deliveryResponseSchema, signal)).delivery;
}

/** An attempt the job is still working on: its outcome is worth waiting for on the page. */
export function isAttemptInFlight(attempt: Pick<DeliveryAttemptView, 'status'>): boolean {
  return attempt.status === 'queued' || attempt.status === 'sending';
}

/** How often the page reads the delivery again while an attempt is queued or being sent. */
export const DELIVERY_POLL_MS = 2_000;

/**
 * Whether a background job is working for the page: an attempt queued or being sent, or the store
 * cover being made from a new artwork (seconds either way).
 */
export function isDeliveryWorkPending(delivery: DeliveryView): boolean {
  return (
    delivery.log.some(isAttemptInFlight) ||
    delivery.checks.some((check) => check.key === 'cover' && !check.ok && check.fix?.kind === 'wait')
  );
}

/**
 * The delivery of one release. Read again every 2 s while a job works for it, so the log shows an
 * attempt sent (or failed) and the checklist the cover made, without a reload; then the reading
 * stops (an acknowledgement comes back from the store hours later, not while staff wait on the page).
 */
export function useDelivery(submissionId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.delivery(submissionId),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<DeliveryView>(queryKeys.delivery(submissionId));
      const delivery = await fetchDelivery(submissionId, signal);
      // The board's rows show the delivery's state beside the status: a changed one is read again there.
      if (before && before.state !== delivery.state)
        void queryClient.invalidateQueries({ queryKey: queryKeys.boardItems() });
      return delivery;
    },
    retry: (failures, error) =>
      !(error instanceof ApiError && [401, 403, 404].includes(error.status)) && failures < 1,
    refetchInterval: (query) =>
      query.state.data && isDeliveryWorkPending(query.state.data) ? DELIVERY_POLL_MS : false,
  });
}

/**
 * After a change to the delivery: the view the server answered (when it did) in the cache, and
 * what the change touches read again: the submission (a track's ISRC), its timeline (every change
 * is an event), its release schedule (a changed ISRC supersedes it) and the board's rows.
 */
function useDeliveryChanged(submissionId: string) {
  const queryClient = useQueryClient();
  return async (delivery?: DeliveryView) => {
    if (delivery) queryClient.setQueryData(queryKeys.delivery(submissionId), delivery);
    await Promise.all([
      delivery ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.delivery(submissionId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.boardItem(submissionId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.boardReview(submissionId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.releaseSchedule(submissionId) }),
      // The board's rows show the delivery's state and search by ISRC and UPC.
      queryClient.invalidateQueries({ queryKey: queryKeys.boardItems() }),
    ]);
  };
}

/** Staff's corrections: the UPC, a track's ISRC, the P-line and C-line (`null` clears). */
export function useEditDelivery(submissionId: string) {
  const changed = useDeliveryChanged(submissionId);
  return useMutation({
    mutationFn: async (edit: DeliveryEdit) =>
      (await apiRequest(deliveryPath(submissionId), deliveryResponseSchema, { method: 'PUT', body: edit }))
        .delivery,
    onSuccess: (delivery) => changed(delivery),
  });
}

/** The missing ISRCs and UPC from the label's prefixes. */
export function useAssignIdentifiers(submissionId: string) {
  const changed = useDeliveryChanged(submissionId);
  return useMutation({
    mutationFn: async () =>
      (await apiPost(`${deliveryPath(submissionId)}/identifiers`, {}, deliveryResponseSchema)).delivery,
    onSuccess: (delivery) => changed(delivery),
  });
}

export type DeliveryRequest =
  | { action: 'deliver'; target: DeliveryTargetKind }
  | { action: 'takedown'; target: DeliveryTargetKind; date?: string | undefined };

/**
 * A delivery or a takedown to one target, queued for the job. The attempt is put at the top of the
 * cached log at once, so the log shows it and the polling starts before the view is read again.
 */
export function useRequestDelivery(submissionId: string) {
  const queryClient = useQueryClient();
  const changed = useDeliveryChanged(submissionId);
  return useMutation({
    mutationFn: async (request: DeliveryRequest) => {
      const body =
        request.action === 'takedown' && request.date
          ? { target: request.target, date: request.date }
          : { target: request.target };
      return (
        await apiPost(`${deliveryPath(submissionId)}/${request.action}`, body, deliveryAttemptResponseSchema)
      ).attempt;
    },
    onSuccess: async (attempt) => {
      queryClient.setQueryData<DeliveryView>(queryKeys.delivery(submissionId), (view) =>
        view ? { ...view, log: [attempt, ...view.log.filter((entry) => entry.id !== attempt.id)] } : view,
      );
      await changed();
    },
  });
}
