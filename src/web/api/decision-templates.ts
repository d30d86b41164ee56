import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type DecisionTemplate,
  type DecisionTemplateCreate,
  type DecisionTemplateUpdate,
  decisionTemplateListResponseSchema,
  decisionTemplateResponseSchema,
} from '../../domain';
import { apiGet, apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * Decision templates: the saved messages staff approve, request changes and
 * decline with. One list of every kind, grouped by the pages that show it.
 */

const templatePath = (templateId: string) => `/api/decision-templates/${encodeURIComponent(templateId)}`;

export async function fetchDecisionTemplates(signal?: AbortSignal): Promise<DecisionTemplate[]> {
  return (await apiGet('/api/decision-templates', decisionTemplateListResponseSchema, signal)).templates;
}

export function useDecisionTemplates(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.decisionTemplates,
    queryFn: ({ signal }) => fetchDecisionTemplates(signal),
    enabled: options.enabled ?? true,
  });
}

function useTemplatesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.decisionTemplates });
}

export function useCreateDecisionTemplate() {
  const changed = useTemplatesChanged();
  return useMutation({
    mutationFn: async (payload: DecisionTemplateCreate) =>
      (
        await apiRequest('/api/decision-templates', decisionTemplateResponseSchema, {
          method: 'POST',
          body: payload,
        })
      ).template,
    onSuccess: () => changed(),
  });
}

export function useUpdateDecisionTemplate() {
  const changed = useTemplatesChanged();
  return useMutation({
    mutationFn: async ({ templateId, ...payload }: DecisionTemplateUpdate & { templateId: string }) =>
      (
        await apiRequest(templatePath(templateId), decisionTemplateResponseSchema, {
          method: 'PUT',
          body: payload,
        })
      ).template,
    onSuccess: () => changed(),
  });
}

export function useDeleteDecisionTemplate() {
  const changed = useTemplatesChanged();
  return useMutation({
    mutationFn: (templateId: string) =>
      apiRequest(templatePath(templateId), z.object({ success: z.literal(true) }), { method: 'DELETE' }),
    // A template already deleted elsewhere (404) is gone all the same: the list is read again.
    onSettled: () => changed(),
  });
}
