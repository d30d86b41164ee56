import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/**
 * The agreement panel's shape while it loads: a module of its own, so that the dashboard shows it
 * without the panel's code, which loads only when the Contract Signing tab is opened.
 */
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

/** The release schedules' list while it loads, also without its code. */
export function ReleaseScheduleListSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Skeleton variant="text" width="35%" height={36} />
        <Skeleton variant="text" width="80%" />
        {[0, 1].map((row) => (
          <Stack key={row} direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
            <Box sx={{ flexGrow: 1 }}>
              <Skeleton variant="text" width="50%" height={28} />
              <Skeleton variant="text" width="30%" />
            </Box>
            <Skeleton variant="rounded" width={160} height={36} />
          </Stack>
        ))}
      </CardContent>
    </Card>
  );
}
