import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ARTWORK_PREVIEW_FAILED, listArtworkWarnings } from '../../domain';
import type { UploadProgress } from '../upload/upload-progress';
import { UploadStatus } from './upload-status';

/** An artwork upload as the form's upload registry holds it (forms/upload-registry.ts). */
export type ArtworkUpload =
  | { status: 'uploading'; file: File; progress: UploadProgress | null }
  | { status: 'done'; file: File }
  | { status: 'failed'; file: File; error: string };

interface ArtworkFactsProps {
  /** The picture's pixel size, once known. */
  size: { width: number; height: number } | null;
  /** The browser could not show the picked picture (its upload carries on). */
  previewFailed: boolean;
  upload: ArtworkUpload | undefined;
  /** The progress bar's accessible name. */
  progressLabel: string;
  /** Sends the failed upload's file again. */
  onRetry(file: File): void;
}

/**
 * What is known of a picked or stored artwork, beside its preview: its pixel size with the
 * not-square and under-3000-pixel warnings (warned about, not refused), a preview the browser
 * could not draw, and its upload (progress, or the failure with Retry). Shared by the submission
 * form's pickers (forms/artwork-picker.tsx) and release details' artwork panel.
 */
export function ArtworkFacts({ size, previewFailed, upload, progressLabel, onRetry }: ArtworkFactsProps) {
  const warnings = size ? listArtworkWarnings(size.width, size.height) : [];
  return (
    <>
      {size && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {size.width} x {size.height} pixels
        </Typography>
      )}
      {previewFailed && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {ARTWORK_PREVIEW_FAILED}
        </Alert>
      )}
      {warnings.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {warnings.map((warning) => (
            <span key={warning} style={{ display: 'block' }}>
              {warning}
            </span>
          ))}
        </Alert>
      )}
      {upload?.status === 'uploading' && (
        <Box sx={{ mt: 1.5 }}>
          <UploadStatus
            fileName={upload.file.name}
            progressLabel={progressLabel}
            progress={upload.progress}
          />
        </Box>
      )}
      {upload?.status === 'failed' && (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => onRetry(upload.file)}>
              Retry
            </Button>
          }
        >
          {upload.error}
        </Alert>
      )}
    </>
  );
}
