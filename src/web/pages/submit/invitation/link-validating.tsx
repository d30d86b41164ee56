import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../../components/use-page-title';

/** The spinner while a personal link is checked (spec 001 §2). */
export function LinkValidating({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Container>
      <Box
        role="status"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 3,
          minHeight: '50vh',
          py: 8,
          textAlign: 'center',
        }}
      >
        <CircularProgress aria-hidden="true" />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>This only takes a moment.</Typography>
      </Box>
    </Container>
  );
}
