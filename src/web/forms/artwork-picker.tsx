import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ARTWORK_ACCEPT, checkArtwork } from '../../domain';
import { ArtworkFacts } from '../components/artwork-facts';
import { artworkFrameSx } from '../components/artwork-frame';
import { FilePickBox } from '../components/file-pick-box';
import type { UploadInput } from '../upload';
import { fieldAnchor, fieldDomId } from './field-errors';
import type { FieldPath } from './form-values';
import { useUploadRegistry, useUploadState } from './upload-registry';

export interface PixelSize {
  width: number;
  height: number;
}

/** What the form holds of an uploaded picture: enough to show it again after a reload. */
export interface StoredArtwork {
  url?: string | undefined;
  fileName?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
}

/** The accessible names and button texts of one picker. */
export interface ArtworkPickerLabels {
  /** The file input, e.g. 'Artwork file'. */
  input: string;
  /** The preview image's alt text. */
  preview: string;
  /** The progress bar's name. */
  progress: string;
  /** The empty slot's button. */
  pick: string;
  /** Its accessible name, when the button's text is not unique on the page (it starts with `pick`). */
  pickName?: string;
  /** Removes the picture and opens the picker. */
  replace: string;
  /** Shown for the picture when its file name is unknown. */
  fallbackName: string;
}

interface ArtworkPickerProps {
  /** The upload registry's key for this picture. */
  uploadKey: string;
  /** The form path problems name (`artwork`, `tracks.0.customArtwork`): the anchor and the input's id. */
  field: FieldPath;
  labels: ArtworkPickerLabels;
  /** Under the pick button. */
  hint: ReactNode;
  stored: StoredArtwork;
  /** A problem the form's rules report for this picture, shown like the picker's own refusals. */
  error?: string | undefined;
  /** The preview frame; the release artwork's by default. */
  frameSx?: SxProps<Theme>;
  uploadInput(): UploadInput;
  /** A picture passed the file rules and its upload starts: the form records it. */
  onPick(file: File): void;
  /** The browser decoded the picked picture (null: it cannot show it); its upload carries on. */
  onMeasured?(file: File, size: PixelSize | null): void;
  /** The upload finished: the stored file's id and link. */
  onUploaded(file: File, uploaded: { fileId: string; url: string | undefined }): void;
  /** The picture was removed (Replace): the form forgets it. */
  onClear(): void;
}

/**
 * A JPEG artwork slot of the submission form (spec 001 §2, §4, §5), for the release artwork and a
 * track's custom artwork alike: the file rules of `checkArtwork` with their messages, a preview,
 * the upload at once with its progress, Retry after a failure, and Replace, which removes the
 * picture and opens the picker. Beyond the spec: the pixel size is shown, with a warning when the
 * picture is not square or under 3000 x 3000. The form's state is written through the callbacks.
 */
export function ArtworkPicker({
  uploadKey,
  field,
  labels,
  hint,
  stored,
  error,
  frameSx = artworkFrameSx,
  uploadInput,
  onPick,
  onMeasured,
  onUploaded,
  onClear,
}: ArtworkPickerProps) {
  const registry = useUploadRegistry();
  const upload = useUploadState(uploadKey);
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  /** What the browser made of the preview, by its address, so a reading never outlives its image. */
  const [decoded, setDecoded] = useState<{ src: string; size: PixelSize | null } | null>(null);

  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );

  const clear = () => {
    registry.cancel(uploadKey);
    setPicked(null);
    onClear();
  };

  const choose = async (file: File) => {
    setRefusal(null);
    const problem = checkArtwork(file);
    if (problem) {
      setRefusal(problem);
      return;
    }
    clear();
    // The preview reports the pixel size once the browser has decoded it; the upload starts now.
    setPicked({ file, url: URL.createObjectURL(file) });
    onPick(file);
    const result = await registry.upload(uploadKey, file, uploadInput());
    if (result?.success && result.fileId) onUploaded(file, { fileId: result.fileId, url: result.url });
  };

  const measured = (src: string, size: PixelSize | null) => {
    setDecoded({ src, size });
    if (picked && picked.url === src) onMeasured?.(picked.file, size);
  };

  const preview = picked?.url ?? stored.url;
  const reading = decoded && decoded.src === preview ? decoded : null;
  const previewFailed = reading !== null && reading.size === null;
  const hasArtwork = Boolean(preview) || upload?.status === 'uploading';
  const size =
    reading?.size ?? (stored.width && stored.height ? { width: stored.width, height: stored.height } : null);
  const problem = refusal ?? error;

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={ARTWORK_ACCEPT}
        hidden
        id={fieldDomId(field)}
        aria-label={labels.input}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) void choose(chosen);
        }}
      />
      <Box {...fieldAnchor(field)}>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        {hasArtwork ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={3}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <Box sx={frameSx}>
              {preview && !previewFailed ? (
                <Box
                  component="img"
                  src={preview}
                  alt={labels.preview}
                  onLoad={(event) => {
                    const image = event.currentTarget as HTMLImageElement;
                    measured(preview, { width: image.naturalWidth, height: image.naturalHeight });
                  }}
                  onError={() => measured(preview, null)}
                  sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              ) : (
                <ImageOutlined sx={{ fontSize: 48, color: 'text.secondary' }} />
              )}
            </Box>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', lineHeight: 1.4 }}>
                {stored.fileName ?? labels.fallbackName}
              </Typography>
              <ArtworkFacts
                size={size}
                previewFailed={previewFailed}
                upload={upload}
                progressLabel={labels.progress}
                onRetry={(file) => void choose(file)}
              />
              {upload?.status === 'done' && (
                <Typography variant="body2" role="status" sx={{ color: 'success.main', mt: 1 }}>
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
                {labels.replace}
              </Button>
            </Box>
          </Stack>
        ) : (
          <FilePickBox
            label={labels.pick}
            accessibleName={labels.pickName}
            icon={<ImageOutlined />}
            onPick={() => inputRef.current?.click()}
            hint={hint}
          />
        )}
      </Box>
    </>
  );
}
