import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatReopenSentence } from '../../../../domain';
import { useSubmissionModeSwitch } from '../../../layout/submission-mode';

/**
 * Where staff open and close submissions (the header's switch does the same) and, while they are
 * closed, say when they reopen: the public waiting-list page then says "Submissions reopen on
 * <date>." (domain/submission/reopen-date.ts). A day already past is refused by the server, in
 * words shown here; opening submissions clears the day.
 */
export function SubmissionsForm() {
  const mode = useSubmissionModeSwitch();
  const [reopensOn, setReopensOn] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const day = reopensOn ?? mode.reopensOn ?? '';

  const save = async (change: { submissionsEnabled: boolean; reopensOn?: string | null }, done: string) => {
    setSaved(null);
    try {
      await mode.saveMode(change);
      setReopensOn(null);
      setSaved(done);
    } catch {
      // The hook keeps the refusal in `mode.error`, shown below.
    }
  };

  if (mode.isLoading) return <Typography role="status">Loading the submission mode...</Typography>;
  return (
    <Stack spacing={2}>
      <Typography role="status">
        {mode.submissionsEnabled
          ? 'Submissions are open: artists send their music in full.'
          : 'Submissions are closed: artists can only join the waiting list.'}
        {!mode.submissionsEnabled && mode.reopensOn ? ` ${formatReopenSentence(mode.reopensOn)}` : ''}
      </Typography>
      <Box>
        <Button
          variant="outlined"
          disabled={mode.isSaving}
          onClick={() =>
            void save(
              { submissionsEnabled: !mode.submissionsEnabled },
              mode.submissionsEnabled ? 'Submissions are closed.' : 'Submissions are open.',
            )
          }
        >
          {mode.submissionsEnabled ? 'Close submissions' : 'Open submissions'}
        </Button>
      </Box>
      {!mode.submissionsEnabled && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save(
              { submissionsEnabled: false, reopensOn: day || null },
              day ? 'The reopening date is saved.' : 'The reopening date is cleared.',
            );
          }}
        >
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              type="date"
              size="small"
              label="Submissions reopen on (optional)"
              value={day}
              onChange={(event) => {
                setReopensOn(event.target.value);
                setSaved(null);
                mode.clearError();
              }}
              helperText="Shown on the waiting-list page until that day. Leave empty to say nothing."
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button type="submit" variant="contained" size="small" loading={mode.isSaving}>
              Save date
            </Button>
          </Stack>
        </Box>
      )}
      {mode.error && (
        <Alert severity="error" onClose={mode.clearError}>
          {mode.error}
        </Alert>
      )}
      {saved && !mode.error && <Alert severity="success">{saved}</Alert>}
    </Stack>
  );
}
