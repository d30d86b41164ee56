import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UploadProgress } from '../upload/upload-progress';

interface UploadStatusProps {
  /** The file being sent, as the artist named it. */
  fileName: string;
  /** The progress bar's accessible name, e.g. 'Upload progress of Night Drive'. */
  progressLabel: string;
  /** The latest progress event; none yet means 0 %. */
  progress: Pick<UploadProgress, 'phase' | 'percent' | 'timeRemainingText'> | null | undefined;
  /** Cancels the upload; without it no Cancel button shows. */
  onCancel?: (() => void) | undefined;
}

/**
 * One upload in progress, wherever a file is sent (the submission form's tracks and artwork,
 * release details' artwork, the profile picture): what is being sent, "Checking" once the bytes
 * are in and the server inspects them, the percentage with the spec's time remaining, a progress
 * bar, and Cancel where the upload can be cancelled.
 */
export function UploadStatus({ fileName, progressLabel, progress, onCancel }: UploadStatusProps) {
  const percent = progress?.percent ?? 0;
  const remaining =
    progress?.phase === 'uploading' && progress.timeRemainingText ? ` · ${progress.timeRemainingText}` : '';
  return (
    <Box role="group" aria-label={`Upload of ${fileName}`}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5, gap: 1 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {progress?.phase === 'processing' ? 'Checking' : 'Uploading'} {fileName}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {percent}%{remaining}
        </Typography>
      </Stack>
      <LinearProgress variant="determinate" value={percent} aria-label={progressLabel} />
      {onCancel && (
        <Button size="small" onClick={onCancel} sx={{ mt: 1 }}>
          Cancel upload
        </Button>
      )}
    </Box>
  );
}
