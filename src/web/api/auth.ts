import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type SessionUser, type SignInResult, signInResultSchema } from '../../domain';
import { apiPost } from './client';
import { queryKeys } from './query-keys';

export { fetchCurrentUser, useCurrentUser } from './session';

const messageSchema = z.object({ success: z.literal(true), message: z.string().optional() });

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
