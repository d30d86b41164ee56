import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { MAIL_KIND_WORDS } from '../../../domain/mail/mail-kinds';
import { unsubscribeErrorText, useUnsubscribe, useUnsubscribeLink } from '../../api/mail-preferences';
import { usePageTitle } from '../../components/use-page-title';
import { visuallyHidden } from '../../components/visually-hidden';

/**
 * `/unsubscribe/:token`: where a reminder's or notice's List-Unsubscribe link opens in a browser.
 * Opening it changes nothing (mail scanners fetch links they find); the button sends the one-click
 * POST (RFC 8058) a mail client would have sent.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const token = useParams().token ?? '';
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);

  let content: ReactNode;
  if (link.data) {
    const words = MAIL_KIND_WORDS[link.data.kind];
    const name = words.title.toLowerCase();
    content = link.data.enabled ? (
      <>
        <Typography variant="h1" sx={{ mb: 2 }}>
          Turn off {name}?
        </Typography>
        <Typography sx={{ mb: 1 }}>
          We send them to <strong>{link.data.email}</strong>: {words.description.toLowerCase()}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>
          Sign-in links, agreements and news about your own submissions keep coming.
        </Typography>
        <Button
          variant="contained"
          size="large"
          disabled={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate()}
        >
          Turn them off
        </Button>
        {unsubscribe.isError ? (
          <Alert severity="error" sx={{ mt: 3 }}>
            {unsubscribeErrorText(unsubscribe.error)}
          </Alert>
        ) : null}
      </>
    ) : (
      <>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {words.title} are off
        </Typography>
        <Typography sx={{ mb: 1 }} role="status">
          We no longer send {name} to <strong>{link.data.email}</strong>.
        </Typography>
        {link.data.kind === 'reminders' ? (
          <Typography sx={{ color: 'text.secondary' }}>
            Changed your mind? Turn them on again under Mail on your{' '}
            <Link component={RouterLink} to="/edit-profile">
              profile page
            </Link>
            .
          </Typography>
        ) : null}
      </>
    );
  } else if (link.isError) {
    content = (
      <>
        <Typography variant="h1" sx={{ mb: 2 }}>
          This link does not work
        </Typography>
        <Alert severity="warning">{unsubscribeErrorText(link.error)}</Alert>
      </>
    );
  } else {
    content = (
      <Box role="status">
        <Box component="span" sx={visuallyHidden}>
          Checking the link...
        </Box>
        <Skeleton variant="text" width="60%" height={56} aria-hidden="true" />
        <Skeleton variant="rounded" height={80} aria-hidden="true" />
      </Box>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 8, md: 12 } }}>
      {content}
    </Container>
  );
}
