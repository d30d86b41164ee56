import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';

export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle('Page not found');

  return (
    <Container maxWidth="md" sx={{ py: { xs: 8, md: 14 } }}>
      {/* Hidden from screen readers (the heading says it), but seen: large text needs 3:1 against
          the page (axe color-contrast); the brand's light violet has 4.2:1 on the canvas. */}
      <Typography
        aria-hidden="true"
        sx={{
          fontSize: { xs: '5rem', md: '7rem' },
          fontWeight: 800,
          lineHeight: 1,
          color: 'primary.light',
          mb: 2,
        }}
      >
        404
      </Typography>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Page not found
      </Typography>
      <Typography variant="subtitle1" sx={{ color: 'text.secondary', mb: 1 }}>
        There is no page at this address:
      </Typography>
      <Box
        component="code"
        data-testid="not-found-path"
        sx={{
          display: 'inline-block',
          maxWidth: '100%',
          overflowWrap: 'anywhere',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.95rem',
          bgcolor: '#efeafe',
          color: 'text.primary',
          borderRadius: '8px',
          px: 1.5,
          py: 0.75,
          mb: 4,
        }}
      >
        {pathname}
      </Box>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>
        The link may be mistyped, or the page may have moved.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button
          component={RouterLink}
          to="/"
          variant="contained"
          size="large"
          startIcon={<HomeOutlinedIcon />}
        >
          Go to home page
        </Button>
        <Button component={RouterLink} to="/faq" variant="outlined" size="large">
          Read the FAQs
        </Button>
      </Stack>
    </Container>
  );
}
