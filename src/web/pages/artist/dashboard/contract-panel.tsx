import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { CONTRACT_MESSAGES } from '../../../../domain';
import type { ArtistProfileData } from '../../../api/artist';

/**
 * The artist agreement panel of the Contract Signing tab (spec 000 §2). It tells the truth from
 * the profile: signed, or not sent yet. The label prepares each agreement, so there is nothing
 * for the artist to start here until one arrives.
 */
export function ContractPanel({ profile }: { profile: ArtistProfileData }) {
  const signed = profile.hasSignedContract;
  return (
    <Card component="section" aria-labelledby="artist-agreement-title">
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 2, sm: 3 }}
          sx={{ alignItems: 'flex-start' }}
        >
          <Box
            aria-hidden="true"
            sx={{
              display: 'inline-flex',
              p: 1.5,
              borderRadius: 3,
              bgcolor: (theme) =>
                alpha(signed ? theme.palette.success.main : theme.palette.primary.main, 0.1),
              color: signed ? 'success.dark' : 'primary.main',
            }}
          >
            {signed ? <TaskAltIcon fontSize="large" /> : <DescriptionOutlinedIcon fontSize="large" />}
          </Box>
          <Box sx={{ maxWidth: 640 }}>
            <Typography id="artist-agreement-title" component="h2" variant="h4" sx={{ mb: 1 }}>
              {signed ? CONTRACT_MESSAGES.signedLabel : 'Artist agreement'}
            </Typography>
            {signed ? (
              <Typography sx={{ color: 'text.secondary' }}>
                Your artist agreement with the label is signed. Thank you — there is nothing more to do here.
              </Typography>
            ) : (
              <Typography sx={{ color: 'text.secondary' }}>
                When the label is ready to work with you on a release, it sends your artist agreement here for
                you to review and sign. Until then there is nothing to sign.
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function ContractPanelSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Stack direction="row" spacing={3}>
          <Skeleton variant="rounded" width={64} height={64} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton variant="text" width="40%" height={36} />
            <Skeleton variant="text" />
            <Skeleton variant="text" width="75%" />
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
