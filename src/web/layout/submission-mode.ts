import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import type { SiteConfigResponse } from '../../domain/api/system';
import { apiRequest } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useSiteConfig } from '../api/site-config';

const setConfigResponseSchema = z.object({ success: z.literal(true), submissionsEnabled: z.boolean() });

export const MODE_LABELS = { full: 'Full Submissions', waitingList: 'Waiting List Mode' } as const;

/** Why a switch failed, shown until the next attempt. */
export function modeChangeFailed(reason: string): string {
  return `The submission mode could not be changed: ${reason}`;
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
    mutationFn: (submissionsEnabled: boolean) =>
      apiRequest('/api/config/set', setConfigResponseSchema, {
        method: 'POST',
        body: { submissionsEnabled },
      }),
    onMutate: async (submissionsEnabled) => {
      setError(null);
      await queryClient.cancelQueries({ queryKey: queryKeys.siteConfig });
      const previous = queryClient.getQueryData<SiteConfigResponse>(queryKeys.siteConfig);
      queryClient.setQueryData<SiteConfigResponse>(queryKeys.siteConfig, { submissionsEnabled });
      return { previous };
    },
    onError: (failure, _value, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.siteConfig, context.previous);
      else void queryClient.invalidateQueries({ queryKey: queryKeys.siteConfig });
      setError(modeChangeFailed(failure instanceof Error ? failure.message : String(failure)));
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<SiteConfigResponse>(queryKeys.siteConfig, {
        submissionsEnabled: answer.submissionsEnabled,
      });
    },
  });

  return {
    submissionsEnabled: siteConfig.submissionsEnabled,
    isLoading: isPending,
    isSaving: mutation.isPending,
    error,
    clearError: () => setError(null),
    setSubmissionsEnabled: (enabled: boolean) => mutation.mutate(enabled),
  };
}
