import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router';
import type { UserRole } from '../../domain';
import { useCurrentUser } from '../api/session';
import { PageHeader } from '../components/page-header';
import { PageLoading } from '../components/page-loading';
import { signInPath } from './sign-in-path';

/**
 * Guards a group of routes (spec 000 §5: visitors go to /login, with the way back). The server
 * checks every request again; this only spares people a page that cannot load for them.
 */
export function RequireRole({ userRole: role }: { userRole?: UserRole }) {
  const location = useLocation();
  const { data: user, isPending, isError, refetch } = useCurrentUser();
  if (isPending) return <PageLoading />;
  if (isError) {
    return (
      <Container sx={{ py: 8 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          We could not check your sign-in. Check your connection and try again.
        </Alert>
      </Container>
    );
  }
  if (!user) {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }
  if (role && user.role !== role) {
    return (
      <PageHeader
        eyebrow="403"
        title={role === 'staff' ? 'Label staff only' : 'Artists only'}
        intro={
          role === 'staff'
            ? 'This page belongs to the staff console. You are signed in as an artist.'
            : 'This page belongs to the artist area. You are signed in as a staff member.'
        }
      >
        <Button component={RouterLink} to="/" variant="contained">
          Go to the home page
        </Button>
      </PageHeader>
    );
  }
  return <Outlet />;
}
