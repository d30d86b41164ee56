import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { usePublicConfig } from '../../../config';

interface LinkInvalidProps {
  eyebrow: string;
  title: string;
  /** Why the link did not work, in the server's words. */
  message: string;
}

/** A personal link that cannot be used: why, whom to write to, and the way home (spec 001 §2). */
export function LinkInvalid({ eyebrow, title, message }: LinkInvalidProps) {
  const { contactEmail } = usePublicConfig();
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} />
      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <Stack spacing={3} sx={{ maxWidth: 720 }}>
          <Alert severity="error" role="alert">
            {message}
          </Alert>
          <Typography>
            If you think this is a mistake, contact us at{' '}
            <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>.
          </Typography>
          <div>
            <Button component={RouterLink} to="/" variant="contained" size="large">
              Return Home
            </Button>
          </div>
        </Stack>
      </Container>
    </>
  );
}
