import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatLongDate } from '../../domain/common/calendar-date';
import { MAIL_KIND_WORDS } from '../../domain/mail/mail-kinds';
import type { MailPreference } from '../../domain/schemas/mail-preferences';
import { useMailPreferences, useSetMailPreference } from '../api/mail-preferences';

function offSince(preference: MailPreference): string | null {
  if (preference.enabled || !preference.turnedOffAt) return null;
  const day = preference.turnedOffAt.slice(0, 10);
  return `Off since ${formatLongDate(day) ?? day}.`;
}

/**
 * "Mail": a switch per kind of mail the signed-in reader may turn off (reminders; staff also
 * notices), saved as it is switched. It turns on again what a mail's unsubscribe link turned off.
 */
export function MailSettings() {
  const id = useId();
  const query = useMailPreferences();
  const save = useSetMailPreference();

  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
      <Typography id={id} variant="h3" component="h2" sx={{ mb: 1 }}>
        Mail
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        {query.data ? `Sent to ${query.data.email}. ` : ''}Sign-in links, agreements and news about your own
        submissions always come; these you can turn off and on again.
      </Typography>
      {query.data ? (
        <Stack spacing={1.5}>
          {query.data.preferences.map((preference) => {
            const words = MAIL_KIND_WORDS[preference.kind];
            const since = offSince(preference);
            return (
              <FormControlLabel
                key={preference.kind}
                sx={{ alignItems: 'flex-start', ml: 0, gap: 1.5 }}
                control={
                  <Switch
                    checked={preference.enabled}
                    disabled={save.isPending}
                    onChange={(event) =>
                      save.mutate({ kind: preference.kind, enabled: event.target.checked })
                    }
                  />
                }
                label={
                  <Box sx={{ pt: 0.75 }}>
                    <Typography sx={{ fontWeight: 600 }}>{words.title}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {words.description}
                      {since ? ` ${since}` : ''}
                    </Typography>
                  </Box>
                }
              />
            );
          })}
        </Stack>
      ) : query.isError ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography>Your mail settings could not be loaded.</Typography>
          <Button onClick={() => void query.refetch()}>Try again</Button>
        </Stack>
      ) : (
        <Skeleton variant="rounded" height={56} />
      )}
      {save.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          Your mail settings were not saved: {save.error.message}
        </Alert>
      ) : null}
    </Paper>
  );
}
