import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../domain/auth/auth-schemas';
import { initialPageCode } from '../components/initial-page';
import { apiGet, DeferredSchema } from './client';
import { queryKeys } from './query-keys';

// Every page's top bar asks who is signed in. The answer's schema (and zod with it) is not part of
// the first paint: it is fetched once the page's own code has arrived, and a signed-in page brings
// zod with it anyway. The sign-in mutations are in auth.ts.
const meResponse = new DeferredSchema(() =>
  initialPageCode()
    .then(() => import('../../domain/auth/auth-schemas'))
    .then((schemas) => schemas.meResponseSchema),
);

/** The signed-in user, or null for a visitor. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<SessionUser | null> {
  return (await apiGet('/api/me', meResponse, signal)).user;
}

export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 5 * 60_000,
  });
}
