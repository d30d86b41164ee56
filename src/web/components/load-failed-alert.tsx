import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { signInPath } from '../auth/sign-in-path';

/**
 * A page or panel whose data could not load: its message, and the way on. A lapsed session is
 * offered a sign-in that comes back to `returnTo`; anything else a Retry.
 */
export function LoadFailedAlert({
  signedOut,
  returnTo,
  onRetry,
  children,
}: {
  signedOut: boolean;
  returnTo: string;
  onRetry(): void;
  children: ReactNode;
}) {
  return (
    <Alert
      severity="error"
      action={
        signedOut ? (
          <Button color="inherit" size="small" component={RouterLink} to={signInPath(returnTo)}>
            Sign in
          </Button>
        ) : (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        )
      }
    >
      {children}
    </Alert>
  );
}
