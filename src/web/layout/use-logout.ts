import { useNavigate } from 'react-router';
import { useSignOut } from '../api/auth';

export const LOGOUT_LABEL = 'Logout';
export const LOGGING_OUT_LABEL = 'Logging out...';

/**
 * Signs out on the server, then goes home (spec 000 §2). Home even when the request failed: the
 * person asked to leave, and a session that outlived the request expires on its own.
 */
export function useLogout() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return {
    isPending: signOut.isPending,
    logout(onDone?: () => void) {
      signOut.mutate(undefined, {
        onSettled: () => {
          onDone?.();
          navigate('/');
        },
      });
    },
  };
}
