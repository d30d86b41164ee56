import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { fetchFormSession } from '../../../api/submissions';
import { afterFirstEngagement } from '../../../components/after-first-paint';

const formSessionQuery = {
  queryKey: ['form-session'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchFormSession(signal),
  staleTime: Number.POSITIVE_INFINITY,
  // Kept however long the form stays open: nothing observes it in between.
  gcTime: Number.POSITIVE_INFINITY,
  retry: 3,
};

/**
 * The bot check's timing: the server's form token, fetched once the artist starts on the form, and
 * the browser's own start time for the client score. The token is read when the form is sent, not
 * rendered: its arrival must not render the whole form again (a long task on a phone).
 * A failed fetch leaves the token empty; the server then refuses the submission with the spec's
 * bot-check message, and a reload fixes it.
 */
export function useFormSession() {
  const queryClient = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  // Asked for once the artist starts on the form, with the later steps' code: a visitor who only
  // reads the page makes no request, and the token's schema (zod) does not load while a phone is
  // still taking the page over.
  useEffect(
    () => afterFirstEngagement(window, () => void queryClient.prefetchQuery(formSessionQuery)),
    [queryClient],
  );
  // Read when the form is sent. A send before the token was asked for (a draft restored on its last
  // step, sent at once) waits for it, rather than going without one and being refused.
  const formToken = useCallback(
    async () => (await queryClient.ensureQueryData(formSessionQuery).catch(() => undefined))?.formToken ?? '',
    [queryClient],
  );
  return { startedAt, formToken };
}
