import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { WAITING_LIST_SUCCESS_MESSAGE, WAITING_LIST_SUCCESS_TITLE } from '../../../../domain';

/** The submitted state: the 7-10 days promise and the way home (spec 001 §2, §9). */
export function WaitingListSubmitted() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the artist was in is gone: move focus (and screen readers) to what replaced it.
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <CheckCircleRoundedIcon aria-hidden="true" sx={{ fontSize: 56, color: 'success.main', mb: 1 }} />
      <Typography
        ref={headingRef}
        tabIndex={-1}
        variant="h3"
        component="h2"
        sx={{ mb: 2, '&:focus': { outline: 'none' } }}
      >
        {WAITING_LIST_SUCCESS_TITLE}
      </Typography>
      <Typography
        variant="body1"
        role="status"
        sx={{ color: 'text.secondary', mb: 4, maxWidth: 560, mx: 'auto' }}
      >
        {WAITING_LIST_SUCCESS_MESSAGE}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<HomeOutlinedIcon />}>
        Return to Homepage
      </Button>
    </Paper>
  );
}
