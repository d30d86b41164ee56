import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KeyDate, KeyDatesView, PlannerSettings } from '../../domain';
import { ApiError, apiGet, apiRequest, DeferredSchema } from './client';
import { queryKeys } from './query-keys';

// The answers' schemas (and zod with them) load with the first answer, not with the page: the
// board's rows ask for their next deadline as the board the server rendered comes alive.
const keyDateSchemas = () => import('../../domain/schemas/key-dates');
const keyDatesResponseSchema = new DeferredSchema(() =>
  keyDateSchemas().then((schemas) => schemas.keyDatesResponseSchema),
);
const nextDeadlinesResponseSchema = new DeferredSchema(() =>
  keyDateSchemas().then((schemas) => schemas.nextDeadlinesResponseSchema),
);
const plannerSettingsResponseSchema = new DeferredSchema(() =>
  keyDateSchemas().then((schemas) => schemas.plannerSettingsResponseSchema),
);

/**
 * The deadline planner: a submission's key dates and their calendar file (the
 * artist's own, or any for staff), the next deadline of the board's rows, and the settings.
 */

export type KeyDatesReader = 'artist' | 'staff';

const basePath = (reader: KeyDatesReader, itemId: string) =>
  reader === 'artist'
    ? `/api/profile/submissions/${encodeURIComponent(itemId)}`
    : `/api/board/items/${encodeURIComponent(itemId)}`;

/** The .ics download (a plain link: the browser saves it with the server's file name). */
export function keyDatesFileUrl(reader: KeyDatesReader, itemId: string): string {
  return `${basePath(reader, itemId)}/dates.ics`;
}

export async function fetchKeyDates(
  reader: KeyDatesReader,
  itemId: string,
  signal?: AbortSignal,
): Promise<KeyDatesView | null> {
  return (await apiGet(`${basePath(reader, itemId)}/key-dates`, keyDatesResponseSchema, signal)).keyDates;
}

export function useKeyDates(reader: KeyDatesReader, itemId: string) {
  return useQuery({
    queryKey: queryKeys.submissionKeyDates(reader, itemId),
    queryFn: ({ signal }) => fetchKeyDates(reader, itemId, signal),
    retry: (failures, error) =>
      !(error instanceof ApiError && [401, 403, 404].includes(error.status)) && failures < 1,
  });
}

/**
 * The board's rows each ask for their next deadline; the asks of one render are sent as one
 * request (`/api/board/next-deadlines?ids=…`), so a page of 50 rows costs one round trip.
 */
const MAX_IDS_PER_REQUEST = 100;
let pending = new Map<
  string,
  Array<{ resolve(deadline: KeyDate | null): void; reject(error: unknown): void }>
>();
let scheduled = false;

async function flushNextDeadlines(): Promise<void> {
  scheduled = false;
  const batch = pending;
  pending = new Map();
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += MAX_IDS_PER_REQUEST) {
    const chunk = ids.slice(start, start + MAX_IDS_PER_REQUEST);
    try {
      const query = new URLSearchParams({ ids: chunk.join(',') });
      const { deadlines } = await apiGet(`/api/board/next-deadlines?${query}`, nextDeadlinesResponseSchema);
      for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.resolve(deadlines[id] ?? null);
    } catch (error) {
      for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.reject(error);
    }
  }
}

export function fetchNextDeadline(itemId: string): Promise<KeyDate | null> {
  return new Promise((resolve, reject) => {
    pending.set(itemId, [...(pending.get(itemId) ?? []), { resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(() => void flushNextDeadlines(), 0);
    }
  });
}

export function useNextDeadline(itemId: string) {
  return useQuery({
    queryKey: queryKeys.nextDeadline(itemId),
    queryFn: () => fetchNextDeadline(itemId),
    staleTime: 60_000,
  });
}

export function usePlannerSettings() {
  return useQuery({
    queryKey: queryKeys.plannerSettings,
    queryFn: async ({ signal }) =>
      (await apiGet('/api/release-planning/settings', plannerSettingsResponseSchema, signal)).settings,
  });
}

export function useSavePlannerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: PlannerSettings) =>
      (
        await apiRequest('/api/release-planning/settings', plannerSettingsResponseSchema, {
          method: 'PUT',
          body: settings,
        })
      ).settings,
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.plannerSettings, settings);
      // Every deadline shown follows the leads.
      void queryClient.invalidateQueries({ queryKey: queryKeys.keyDates() });
    },
  });
}
