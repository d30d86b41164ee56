import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchFormSession } from '../../../api/submissions';

/**
 * The bot check's timing: the server's form token, fetched once when the form opens, and the
 * browser's own start time for the client score. A failed fetch leaves the token empty; the
 * server then refuses the submission with the spec's bot-check message, and a reload fixes it.
 */
export function useFormSession() {
  const [startedAt] = useState(() => Date.now());
  const query = useQuery({
    queryKey: ['form-session'],
    queryFn: ({ signal }) => fetchFormSession(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: 3,
  });
  return { startedAt, formToken: query.data?.formToken ?? '' };
}
