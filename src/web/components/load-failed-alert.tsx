import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { ApiError } from '../api/client';
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

/**
 * A panel's query that failed: "<what> could not be loaded" with the server's words, and sign-in
 * back to this page for a lapsed session, else Retry.
 */
export function QueryFailedAlert({
  query,
  what,
}: {
  query: { error: Error; refetch(): unknown };
  what: string;
}) {
  const location = useLocation();
  return (
    <LoadFailedAlert
      signedOut={query.error instanceof ApiError && query.error.status === 401}
      returnTo={location.pathname}
      onRetry={() => void query.refetch()}
    >
      {what} could not be loaded: {query.error.message}
    </LoadFailedAlert>
  );
}
