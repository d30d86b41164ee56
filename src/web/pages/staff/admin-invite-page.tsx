import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { INVITATION_STEPS } from '../../../domain';
import { StaffPage, StaffPageHeader } from '../../components/staff-page-header';
import { AdminInviteForm } from './invite/admin-invite-form';

/** Creating an artist invitation (spec 001 §2). */
export function AdminInvitePage() {
  return (
    <StaffPage>
      <StaffPageHeader title="Invite an artist">
        A personal invitation link, so that an artist can submit with their details already filled in.
      </StaffPageHeader>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h5" component="h2" gutterBottom>
              Invitation details
            </Typography>
            <AdminInviteForm />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h5" component="h2" gutterBottom>
              How it works
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 3 }} aria-label="How it works">
              {INVITATION_STEPS.map((step) => (
                <Typography component="li" key={step} sx={{ mb: 1 }}>
                  {step}
                </Typography>
              ))}
            </Box>
          </Paper>
        </Grid>
      </Grid>
    </StaffPage>
  );
}
