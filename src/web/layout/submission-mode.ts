import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import type { SiteConfigResponse } from '../../domain/api/system';
import { apiRequest } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useSiteConfig } from '../api/site-config';

const setConfigResponseSchema = z.object({
  success: z.literal(true),
  submissionsEnabled: z.boolean(),
  reopensOn: z.string().nullable().optional(),
});

/** A switch of the mode; while closed, `reopensOn` sets (a day) or clears (null) the reopening day. */
export interface ModeChange {
  submissionsEnabled: boolean;
  reopensOn?: string | null;
}

export const MODE_LABELS = { full: 'Full Submissions', waitingList: 'Waiting List Mode' } as const;

/** Why a switch failed, shown until the next attempt. */
export function modeChangeFailed(reason: string): string {
  return `The submission mode could not be changed: ${reason}`;
}

/** The cached site config after a change: opening clears the reopening day, a given day replaces it. */
function withChange(previous: SiteConfigResponse | undefined, change: ModeChange): SiteConfigResponse {
  const kept = change.reopensOn !== undefined ? change.reopensOn : previous?.reopensOn;
  const reopensOn = change.submissionsEnabled ? null : kept;
  return {
    ...previous,
    submissionsEnabled: change.submissionsEnabled,
    ...(reopensOn !== undefined ? { reopensOn } : {}),
  };
}

/**
 * The submission mode with a staff switch (spec 001 §2, §7; design.md §2). The switch shows the
 * new mode at once (TanStack Query's cached config), and puts the old one back if the server
 * refuses, with the reason.
 */
export function useSubmissionModeSwitch() {
  const queryClient = useQueryClient();
  const { siteConfig, isPending } = useSiteConfig();
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (change: ModeChange) =>
      apiRequest('/api/config/set', setConfigResponseSchema, { method: 'POST', body: change }),
    onMutate: async (change) => {
      setError(null);
      await queryClient.cancelQueries({ queryKey: queryKeys.siteConfig });
      const previous = queryClient.getQueryData<SiteConfigResponse>(queryKeys.siteConfig);
      queryClient.setQueryData<SiteConfigResponse>(queryKeys.siteConfig, withChange(previous, change));
      return { previous };
    },
    onError: (failure, _value, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.siteConfig, context.previous);
      else void queryClient.invalidateQueries({ queryKey: queryKeys.siteConfig });
      setError(modeChangeFailed(failure instanceof Error ? failure.message : String(failure)));
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<SiteConfigResponse>(queryKeys.siteConfig, (previous) =>
        withChange(previous, answer),
      );
    },
  });

  return {
    submissionsEnabled: siteConfig.submissionsEnabled,
    isLoading: isPending,
    isSaving: mutation.isPending,
    error,
    clearError: () => setError(null),
    reopensOn: siteConfig.reopensOn ?? null,
    setSubmissionsEnabled: (enabled: boolean) => mutation.mutate({ submissionsEnabled: enabled }),
    /** Switches with a reopening day (the settings page); resolves once saved, rejects if refused. */
    saveMode: (change: ModeChange) => mutation.mutateAsync(change),
  };
}
