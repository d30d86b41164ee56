import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useVerifySignInLink } from '../../api/auth';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';

/** A link token is good for one request: React's double effects in development must not spend it twice. */
const startedTokens = new Set<string>();

/**
 * Where the e-mailed link lands: `/login/verify#token=…`. The token travels in the fragment, so
 * it never reaches a server log; the page sends it once and forgets it.
 */
export function VerifySignInPage() {
  const navigate = useNavigate();
  const verify = useVerifySignInLink();
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '');

  useEffect(() => {
    // Drop the token from the address bar and the history at once.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token || startedTokens.has(token)) return;
    startedTokens.add(token);
    verify.mutate(token, { onSuccess: (result) => navigate(result.redirectTo, { replace: true }) });
  }, [token, verify.mutate, navigate]);

  if (token && !verify.isError) {
    return (
      <>
        <PageHeader title="Signing you in" intro="One moment while we check your sign-in link." />
        <PageLoading />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Sign-in link not accepted" />
      <Container sx={{ py: 6 }}>
        <Alert severity="error" sx={{ maxWidth: 640, mb: 3 }}>
          {verify.error?.message ??
            'This sign-in link is incomplete. Open it from the e-mail again, or request a new one.'}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained">
          Request a new sign-in link
        </Button>
      </Container>
    </>
  );
}
