import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { estimateSecondsRemaining, formatProcessingFile, formatTimeRemaining } from '../../../../domain';
import type { SubmissionProgress } from './run-submission';

/** Re-renders every second so the time left moves while a big file is on its way. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The 'Uploading Submission' modal (spec 001 §2): bar, status, 'Processing file X of Y', percent,
 * time left, the warning not to close the tab and why it takes time. It cannot be dismissed: the
 * pipeline ends it.
 */
export function SubmissionProgressDialog({ progress }: { progress: SubmissionProgress | null }) {
  const now = useNow(progress !== null);
  if (!progress) return null;
  const percent = Math.round(progress.progress);
  const remaining = formatTimeRemaining(estimateSecondsRemaining(progress.startTime, now, progress.progress));
  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby="submission-progress-title"
      aria-describedby="submission-progress-status"
    >
      <DialogTitle id="submission-progress-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <CloudUploadOutlinedIcon color="primary" aria-hidden="true" />
        Uploading Submission
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography id="submission-progress-status" role="status" aria-live="polite">
            {progress.status}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label="Submission progress"
            sx={{ height: 10, borderRadius: 5 }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {/* A transfer alone sends no files: there is nothing to count. */}
              {progress.totalFiles > 0 && progress.currentFile > 0
                ? formatProcessingFile(progress.currentFile, progress.totalFiles)
                : ''}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {percent}% complete
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            Estimated time remaining: {remaining}
          </Typography>
          <Alert severity="warning">
            Please do not refresh the page or close this tab until the upload is complete.
          </Alert>
          <Typography variant="body2" color="text.secondary">
            Studio-quality WAV files are large, so uploading them can take a few minutes on a slower
            connection. We keep your files at full quality so your music is released exactly as you made it.
          </Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
