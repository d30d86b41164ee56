import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RETURNING_LINK_VALID_DAYS } from '../../../../domain';
import { PageHeader } from '../../../components/page-header';
import type { CheckedReturningLink } from './use-returning-link';

const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const LONG_CALENDAR_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * A date in US long format ("March 10, 2026"). A calendar date is shown as that day everywhere;
 * an instant in the reader's own time zone.
 */
export function formatLongDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return LONG_CALENDAR_DATE.format(Date.parse(`${value}T00:00:00Z`));
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : LONG_DATE.format(ms);
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

/** The welcome-back banner of a returning artist (spec 001 §2). */
export function ReturningWelcome({ link }: { link: CheckedReturningLink }) {
  const title = link.artistName ? `Welcome back, ${link.artistName}` : 'Welcome back';
  return (
    <PageHeader eyebrow="Returning artist" title={title}>
      <Alert severity="success" variant="outlined" sx={{ maxWidth: 720, bgcolor: 'background.paper' }}>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.5, m: 0 }}
        >
          {link.email && <Fact label="Email" value={link.email} />}
          {link.previousSubmissions !== undefined && (
            <Fact label="Previous submissions" value={String(link.previousSubmissions)} />
          )}
          {link.expiresAt && <Fact label="Access expires" value={formatLongDate(link.expiresAt)} />}
          {link.lastUsedAt && <Fact label="Last used" value={formatLongDate(link.lastUsedAt)} />}
        </Box>
        <Typography sx={{ mt: 2 }}>
          Your information is pre-filled from your last submission: check it, then add your new release. This
          link is valid for {RETURNING_LINK_VALID_DAYS} days and works for multiple releases.
        </Typography>
      </Alert>
    </PageHeader>
  );
}
