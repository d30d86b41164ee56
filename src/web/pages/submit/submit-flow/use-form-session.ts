import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { fetchFormSession } from '../../../api/submissions';
import { afterFirstEngagement } from '../../../components/after-first-paint';

const formSessionKey = ['form-session'] as const;
type FormSession = Awaited<ReturnType<typeof fetchFormSession>>;

/**
 * The bot check's timing: the server's form token, fetched once the artist starts on the form, and the
 * browser's own start time for the client score. The token is read when the form is sent, not
 * rendered: its arrival must not render the whole form again (a long task on a phone).
 * A failed fetch leaves the token empty; the server then refuses the submission with the spec's
 * bot-check message, and a reload fixes it.
 */
export function useFormSession() {
  const queryClient = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  // Asked for once the artist starts on the form, with the later steps' code: a visitor who only
  // reads the page makes no request, and the token's schema (zod) does not load while a phone is
  // still taking the page over. The token is then older than any submission by far more than the
  // server's minimum.
  useEffect(
    () =>
      afterFirstEngagement(window, () => {
        void queryClient.prefetchQuery({
          queryKey: formSessionKey,
          queryFn: ({ signal }) => fetchFormSession(signal),
          staleTime: Number.POSITIVE_INFINITY,
          // Kept however long the form stays open: nothing observes it in between.
          gcTime: Number.POSITIVE_INFINITY,
          retry: 3,
        });
      }),
    [queryClient],
  );
  const formToken = useCallback(
    () => queryClient.getQueryData<FormSession>(formSessionKey)?.formToken ?? '',
    [queryClient],
  );
  return { startedAt, formToken };
}
