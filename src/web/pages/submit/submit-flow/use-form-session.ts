import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { fetchFormSession } from '../../../api/submissions';

const formSessionKey = ['form-session'] as const;
type FormSession = Awaited<ReturnType<typeof fetchFormSession>>;

/**
 * The bot check's timing: the server's form token, fetched once when the form opens, and the
 * browser's own start time for the client score. The token is read when the form is sent, not
 * rendered: its arrival must not render the whole form again (a long task on a phone).
 * A failed fetch leaves the token empty; the server then refuses the submission with the spec's
 * bot-check message, and a reload fixes it.
 */
export function useFormSession() {
  const queryClient = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  useEffect(() => {
    void queryClient.prefetchQuery({
      queryKey: formSessionKey,
      queryFn: ({ signal }) => fetchFormSession(signal),
      staleTime: Number.POSITIVE_INFINITY,
      // Kept however long the form stays open: nothing observes it in between.
      gcTime: Number.POSITIVE_INFINITY,
      retry: 3,
    });
  }, [queryClient]);
  const formToken = useCallback(
    () => queryClient.getQueryData<FormSession>(formSessionKey)?.formToken ?? '',
    [queryClient],
  );
  return { startedAt, formToken };
}
