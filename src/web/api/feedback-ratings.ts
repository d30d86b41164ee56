import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type FeedbackRatingPayload,
  feedbackRatingResponseSchema,
} from '../../domain/schemas/feedback-ratings';
import type { Submission } from '../../domain/schemas/submission';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * Answers artists can rate: the artist rates a decision's feedback (or changes the rating); the
 * answer's decision replaces the one in the cached submission, so the page shows it saved.
 */
export function useRateDecision(itemId: string, decisionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: FeedbackRatingPayload) =>
      apiRequest(
        `/api/profile/submissions/${encodeURIComponent(itemId)}/decisions/${encodeURIComponent(decisionId)}/rating`,
        feedbackRatingResponseSchema,
        { method: 'PUT', body: payload },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData<Submission>(queryKeys.artistSubmission(itemId), (current) =>
        current
          ? {
              ...current,
              decisions: current.decisions?.map((decision) =>
                decision.decisionId === answer.decision.decisionId ? answer.decision : decision,
              ),
            }
          : current,
      );
    },
  });
}
