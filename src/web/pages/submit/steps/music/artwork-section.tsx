import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ARTWORK_ACCEPT,
  ARTWORK_PREVIEW_FAILED,
  checkArtwork,
  listArtworkWarnings,
  MIN_RECOMMENDED_ARTWORK_PIXELS,
} from '../../../../../domain';
import { artworkFrameSx } from '../../../../components/artwork-frame';
import { UploadStatus } from '../../../../components/upload-status';
import { fieldAnchor, fieldDomId } from '../../../../forms/field-errors';
import { buildUploadInput, type SubmitFormValues } from '../../../../forms/form-values';
import { ARTWORK_UPLOAD_KEY, useUploadRegistry, useUploadState } from '../../../../forms/upload-registry';
import { StepSection } from '../step-section';
import { FilePickBox } from './file-pick-box';

/** Width and height of a picked image, read by the browser; null when it cannot decode it. */
function readImageSize(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

/**
 * The release artwork (spec 001 §2, §4, §5): JPEG up to 20 MB with a preview, uploaded at once;
 * Replace Artwork removes it and opens the picker. Beyond the spec: the pixel size is shown, with
 * a warning when the cover is not square or under 3000 x 3000.
 */
export function ArtworkSection() {
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const artwork = useWatch({ control, name: 'artwork' });
  const fileName = useWatch({ control, name: 'artworkFileName' });
  const width = useWatch({ control, name: 'artworkWidth' });
  const height = useWatch({ control, name: 'artworkHeight' });
  const registry = useUploadRegistry();
  const upload = useUploadState(ARTWORK_UPLOAD_KEY);
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );

  const clear = () => {
    registry.cancel(ARTWORK_UPLOAD_KEY);
    setObjectUrl(null);
    setPreviewFailed(false);
    for (const name of [
      'artwork',
      'artworkFileId',
      'artworkFileName',
      'artworkWidth',
      'artworkHeight',
    ] as const) {
      setValue(name, undefined, { shouldDirty: true });
    }
    setValue('artworkFile', null, { shouldDirty: true });
  };

  const choose = async (file: File) => {
    setError(null);
    const refusal = checkArtwork(file);
    if (refusal) {
      setError(refusal);
      return;
    }
    clear();
    const url = URL.createObjectURL(file);
    setObjectUrl(url);
    const size = await readImageSize(url);
    setPreviewFailed(size === null);
    setValue('artworkFile', file, { shouldDirty: true });
    setValue('artworkFileName', file.name, { shouldDirty: true });
    setValue('artworkWidth', size?.width, { shouldDirty: true });
    setValue('artworkHeight', size?.height, { shouldDirty: true });
    const result = await registry.upload(ARTWORK_UPLOAD_KEY, file, buildUploadInput(getValues(), 'artwork'));
    if (result?.success && result.fileId && getValues('artworkFile') === file) {
      setValue('artwork', result.url, { shouldDirty: true });
      setValue('artworkFileId', result.fileId, { shouldDirty: true });
    }
  };

  const preview = objectUrl ?? artwork;
  const hasArtwork = Boolean(preview) || upload?.status === 'uploading';
  const warnings = width && height ? listArtworkWarnings(width, height) : [];

  return (
    <StepSection
      title="Artwork"
      description={`A square JPEG, at least ${MIN_RECOMMENDED_ARTWORK_PIXELS} x ${MIN_RECOMMENDED_ARTWORK_PIXELS} pixels, up to 20 MB.`}
    >
      <input
        ref={inputRef}
        type="file"
        accept={ARTWORK_ACCEPT}
        hidden
        id={fieldDomId('artwork')}
        aria-label="Artwork file"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) void choose(chosen);
        }}
      />
      <Box {...fieldAnchor('artwork')}>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {hasArtwork ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={3}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <Box sx={artworkFrameSx}>
              {preview && !previewFailed ? (
                <Box
                  component="img"
                  src={preview}
                  alt="Artwork preview"
                  onError={() => setPreviewFailed(true)}
                  sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              ) : (
                <ImageOutlined sx={{ fontSize: 48, color: 'text.secondary' }} />
              )}
            </Box>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {fileName ?? 'Artwork'}
              </Typography>
              {width && height && (
                <Typography variant="body2" color="text.secondary">
                  {width} x {height} pixels
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
                    progressLabel="Artwork upload progress"
                    progress={upload.progress}
                  />
                </Box>
              )}
              {upload?.status === 'failed' && (
                <Alert
                  severity="error"
                  sx={{ mt: 1 }}
                  action={
                    <Button color="inherit" size="small" onClick={() => void choose(upload.file)}>
                      Retry
                    </Button>
                  }
                >
                  {upload.error}
                </Alert>
              )}
              {upload?.status === 'done' && (
                <Typography variant="body2" color="success.main" sx={{ mt: 1 }}>
                  Uploaded
                </Typography>
              )}
              <Button
                variant="outlined"
                sx={{ mt: 2 }}
                onClick={() => {
                  clear();
                  inputRef.current?.click();
                }}
              >
                Replace Artwork
              </Button>
            </Box>
          </Stack>
        ) : (
          <FilePickBox
            label="Choose artwork"
            icon={<ImageOutlined />}
            onPick={() => inputRef.current?.click()}
            hint="JPEG or JPG only."
          />
        )}
      </Box>
    </StepSection>
  );
}
