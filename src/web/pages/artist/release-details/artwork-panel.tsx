import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ARTWORK_ACCEPT, checkArtwork, MIN_RECOMMENDED_ARTWORK_PIXELS } from '../../../../domain';
import { useImageEntry } from '../../../api/image-mapping';
import { ArtworkFacts } from '../../../components/artwork-facts';
import { artworkFrameSx } from '../../../components/artwork-frame';
import { ResponsiveImage } from '../../../components/responsive-image';
import { fieldAnchor, useFieldError } from '../../../forms/field-errors';
import { ARTWORK_UPLOAD_KEY, useUploadRegistry, useUploadState } from '../../../forms/upload-registry';
import type { UploadInput } from '../../../upload';
import type { ReleaseDetailsFormValues } from './release-details-form';

/** The path the server's artwork problems name. */
export const ARTWORK_FIELD = 'artwork';

interface ArtworkPanelProps {
  /** The artwork the label has now: the submission's, or the last saved replacement. */
  current: { url: string } | null;
  releaseTitle: string;
  /** What the upload service files the image under. */
  uploadInput: UploadInput;
}

interface Picked {
  file: File;
  url: string;
}

interface PixelSize {
  width: number;
  height: number;
}

/**
 * The final artwork: the current cover with its pixel size, and 'Replace artwork', which checks
 * the JPEG with the submission form's rules, uploads it at once with progress, and leaves its id
 * in the form for the next save. Not square or under 3000 x 3000 is warned about, not refused.
 */
export function ArtworkPanel({ current, releaseTitle, uploadInput }: ArtworkPanelProps) {
  const { control, setValue } = useFormContext<ReleaseDetailsFormValues>();
  const pendingFileId = useWatch({ control, name: 'artworkFileId' });
  const registry = useUploadRegistry();
  const upload = useUploadState(ARTWORK_UPLOAD_KEY);
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const reported = useFieldError(ARTWORK_FIELD);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  /** What the browser made of an image, by its address, so a reading never outlives its image. */
  const [decoded, setDecoded] = useState<{ src: string; size: PixelSize | null } | null>(null);

  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );

  // Once a save has taken the new artwork (the form no longer holds its id), it is the current one.
  const showPicked =
    picked !== null && (upload?.status !== 'done' || pendingFileId !== undefined || !current);
  const preview = showPicked ? picked.url : (current?.url ?? null);
  const reading = decoded && decoded.src === preview ? decoded : null;
  // The current artwork is shown through a variant: its own size comes from the image mapping.
  const currentEntry = useImageEntry(current?.url);
  const currentSize =
    currentEntry.kind === 'ready' && currentEntry.entry?.width && currentEntry.entry.height
      ? { width: currentEntry.entry.width, height: currentEntry.entry.height }
      : null;
  const size = showPicked ? (reading?.size ?? null) : currentSize;
  const previewFailed = showPicked && reading !== null && reading.size === null;
  const noPreview = <ImageOutlined sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden="true" />;

  async function choose(file: File) {
    setRefusal(null);
    const problem = checkArtwork(file);
    if (problem) {
      setRefusal(problem);
      return;
    }
    setValue('artworkFileId', undefined, { shouldDirty: true });
    const url = URL.createObjectURL(file);
    // The preview reports the pixel size once the browser has decoded it; the upload starts now.
    setPicked({ file, url });
    const result = await registry.upload(ARTWORK_UPLOAD_KEY, file, uploadInput);
    if (result?.success && result.fileId) setValue('artworkFileId', result.fileId, { shouldDirty: true });
  }

  function keepCurrent() {
    registry.cancel(ARTWORK_UPLOAD_KEY);
    setPicked(null);
    setRefusal(null);
    setValue('artworkFileId', undefined, { shouldDirty: true });
  }

  return (
    <Box {...fieldAnchor(ARTWORK_FIELD)}>
      <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        The cover stores will show. A square JPEG, at least {MIN_RECOMMENDED_ARTWORK_PIXELS} x{' '}
        {MIN_RECOMMENDED_ARTWORK_PIXELS} pixels, up to 20 MB. Keep the one you submitted, or replace it with
        the final version.
      </Typography>
      <input
        ref={inputRef}
        type="file"
        accept={ARTWORK_ACCEPT}
        hidden
        aria-label="Artwork file"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) void choose(chosen);
        }}
      />
      {(refusal ?? reported) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {refusal ?? reported}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={artworkFrameSx}>
          {showPicked && !previewFailed ? (
            <Box
              component="img"
              src={picked.url}
              alt={`New artwork for ${releaseTitle}`}
              onLoad={(event) => {
                const image = event.currentTarget as HTMLImageElement;
                setDecoded({
                  src: picked.url,
                  size: { width: image.naturalWidth, height: image.naturalHeight },
                });
              }}
              onError={() => setDecoded({ src: picked.url, size: null })}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : !showPicked && current ? (
            <ResponsiveImage
              key={current.url}
              src={current.url}
              alt={`Artwork for ${releaseTitle}`}
              // The frame: the column's width up to 320 px on a phone, 200 px beside the text.
              sizes="(min-width: 600px) 200px, 320px"
              width={320}
              height={320}
              fallback={noPreview}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            noPreview
          )}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {showPicked ? picked.file.name : current ? 'Current artwork' : 'No artwork yet'}
          </Typography>
          <ArtworkFacts
            size={size}
            previewFailed={previewFailed}
            upload={upload}
            progressLabel="Artwork upload progress"
            onRetry={(file) => void choose(file)}
          />
          {showPicked && pendingFileId && (
            <Typography variant="body2" role="status" sx={{ color: 'success.main', mt: 1 }}>
              Uploaded. Save the draft or submit to use it.
            </Typography>
          )}
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => inputRef.current?.click()} aria-describedby={helpId}>
              Replace artwork
            </Button>
            {(pendingFileId || upload?.status === 'uploading' || upload?.status === 'failed') && (
              <Button onClick={keepCurrent}>
                {current ? 'Keep the current artwork' : 'Remove the new artwork'}
              </Button>
            )}
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}
