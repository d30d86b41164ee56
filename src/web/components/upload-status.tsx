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

/** An upload's phase ('Uploading', or 'Checking' once the server inspects it), its percentage and what is done. */
function describeProgress(progress: UploadStatusProps['progress']) {
  const percent = progress?.percent ?? 0;
  const remaining =
    progress?.phase === 'uploading' && progress.timeRemainingText ? ` · ${progress.timeRemainingText}` : '';
  return {
    phase: progress?.phase === 'processing' ? 'Checking' : 'Uploading',
    percent,
    done: `${percent}%${remaining}`,
  };
}

/**
 * One upload in progress, wherever a file is sent (the submission form's tracks and artwork,
 * release details' artwork, the profile picture): what is being sent, "Checking" once the bytes
 * are in and the server inspects them, the percentage with the spec's time remaining, a progress
 * bar, and Cancel where the upload can be cancelled.
 */
export function UploadStatus({ fileName, progressLabel, progress, onCancel }: UploadStatusProps) {
  const { phase, percent, done } = describeProgress(progress);
  return (
    <Box role="group" aria-label={`Upload of ${fileName}`}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5, gap: 1 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {phase} {fileName}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {done}
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

/**
 * An upload in progress as one line under the file's name, where the file's facts go once it is
 * in (a track's WAV): the phase, the percentage with the time remaining, and a thin bar, in the
 * height of a row of small chips, so that nothing under it moves when the upload ends.
 */
export function UploadProgressLine({
  fileName,
  progressLabel,
  progress,
}: Pick<UploadStatusProps, 'fileName' | 'progressLabel' | 'progress'>) {
  const { phase, percent, done } = describeProgress(progress);
  return (
    <Box role="group" aria-label={`Upload of ${fileName}`} sx={{ mt: 0.5 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', lineHeight: '20px' }}>
        {phase} · {done}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={progressLabel} />
    </Box>
  );
}
