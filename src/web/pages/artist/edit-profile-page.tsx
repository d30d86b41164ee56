import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { NOT_AUTHENTICATED } from '../../../domain';
import { useArtistProfile } from '../../api/artist';
import { isSignedOutError } from '../../auth/sign-in-path';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { MailSettings } from '../../components/mail-settings';
import { usePageTitle } from '../../components/use-page-title';
import { visuallyHidden } from '../../components/visually-hidden';
import { ProfileForm } from './edit-profile/profile-form';
import { YourData } from './edit-profile/your-data';

function FormSkeleton() {
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHidden}>
        Loading your profile...
      </Box>
      <Grid container spacing={{ xs: 3, md: 4 }} aria-hidden="true">
        <Grid size={{ xs: 12, md: 4 }} sx={{ order: { md: 2 } }}>
          <Skeleton variant="rounded" height={120} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={3}>
            {[160, 320, 260].map((height) => (
              <Paper key={height} variant="outlined" sx={{ p: 3 }}>
                <Skeleton variant="text" width="30%" height={36} />
                <Skeleton variant="rounded" height={height - 60} />
              </Paper>
            ))}
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}

/** The artist's profile form (spec 000 §2, §3), and the mail they may turn off. */
export function EditProfilePage() {
  usePageTitle('Edit profile');
  const profile = useArtistProfile();
  const signedOut = isSignedOutError(profile.error);

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Link
        component={RouterLink}
        to="/dashboard"
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2, fontWeight: 600 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Back to dashboard
      </Link>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, mb: 1 }}>
        Edit profile
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: { xs: 3, md: 4 }, maxWidth: 720 }}>
        Your picture, biography, location, links and music rights ids. Every field is optional; the more you
        fill in, the better the label gets to know you.
      </Typography>
      {profile.data ? (
        <Stack spacing={{ xs: 3, md: 4 }}>
          <ProfileForm profile={profile.data} />
          {/* Beside the form's main column; saved as it is switched, not with the form. */}
          <Box sx={{ width: { xs: '100%', md: '66.67%' } }}>
            <MailSettings />
          </Box>
          <Box sx={{ width: { xs: '100%', md: '66.67%' } }}>
            <YourData />
          </Box>
        </Stack>
      ) : profile.isError ? (
        <LoadFailedAlert
          signedOut={signedOut}
          returnTo="/edit-profile"
          onRetry={() => void profile.refetch()}
        >
          {signedOut ? NOT_AUTHENTICATED : 'Your profile could not be loaded. Please try again.'}
        </LoadFailedAlert>
      ) : (
        <FormSkeleton />
      )}
    </Container>
  );
}
