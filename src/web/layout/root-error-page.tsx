import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { LogoMark } from '../components/logo';
import { usePublicConfig } from '../config';
import { pageErrorReporter } from '../monitoring/error-reporting';

/**
 * The root route's error boundary. It stands alone (no top bar or footer) because the layout
 * itself may be what failed. A page whose code failed to load (a new release was deployed while
 * the tab was open) is the usual cause, and a reload fixes it.
 */
export function RootErrorPage() {
  const error = useRouteError();
  const { labelName, contactEmail } = usePublicConfig();

  useEffect(() => {
    console.error('Page failed to render', error);
    // A failed chunk load (a new release replaced the files) is noise: a reload fixes it.
    pageErrorReporter().report(error, 'render');
    document.title = `Something went wrong | ${labelName}`;
  }, [error, labelName]);

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', py: 8 }}>
      <Container maxWidth="sm">
        <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
          <LogoMark size={48} />
          <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.5rem' } }}>
            Something went wrong
          </Typography>
          <Typography variant="subtitle1" sx={{ color: 'text.secondary' }}>
            Sorry, this page could not be shown. Reloading usually fixes it. If it keeps happening, write to
            us at <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>.
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            <Button
              variant="contained"
              size="large"
              startIcon={<RefreshIcon />}
              onClick={() => window.location.reload()}
            >
              Reload page
            </Button>
            <Button variant="outlined" size="large" href="/">
              Go to home page
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
