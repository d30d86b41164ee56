import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { meResponseSchema, type SessionUser, type SignInResult, signInResultSchema } from '../../domain';
import { apiGet, apiPost } from './client';
import { queryKeys } from './query-keys';

const messageSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** The signed-in user, or null for a visitor. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<SessionUser | null> {
  return (await apiGet('/api/me', meResponseSchema, signal)).user;
}

export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 5 * 60_000,
  });
}

/** After a sign-in or sign-out, everything cached belonged to someone else. */
function useSessionChanged() {
  const queryClient = useQueryClient();
  return (user: SessionUser | null) => {
    queryClient.clear();
    queryClient.setQueryData(queryKeys.currentUser, user);
  };
}

export function useRequestSignIn() {
  return useMutation({
    mutationFn: (input: { email: string; returnTo?: string }) =>
      apiPost('/api/auth/sign-in', input, messageSchema),
  });
}

export function useVerifySignInCode() {
  const sessionChanged = useSessionChanged();
  return useMutation({
    mutationFn: (input: { email: string; code: string }) =>
      apiPost('/api/auth/verify-code', input, signInResultSchema),
    onSuccess: (result: SignInResult) => sessionChanged(result.user),
  });
}

export function useVerifySignInLink() {
  const sessionChanged = useSessionChanged();
  return useMutation({
    mutationFn: (token: string) => apiPost('/api/auth/verify-link', { token }, signInResultSchema),
    onSuccess: (result: SignInResult) => sessionChanged(result.user),
  });
}

export function useSignOut() {
  const sessionChanged = useSessionChanged();
  return useMutation({
    mutationFn: () => apiPost('/api/auth/sign-out', {}, messageSchema),
    onSuccess: () => sessionChanged(null),
  });
}
