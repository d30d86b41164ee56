import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import {
  ARTWORK_ACCEPT,
  checkArtwork,
  checkReleaseAudio,
  detectBrowserName,
  formatChannels,
  formatDuration,
  formatSampleRate,
  MIN_RECOMMENDED_ARTWORK_PIXELS,
  RELEASE_AUDIO_ACCEPT,
} from '../../../../domain';
import { ArtworkFacts } from '../../../components/artwork-facts';
import { artworkFrameSx } from '../../../components/artwork-frame';
import { ResponsiveImage } from '../../../components/responsive-image';
import { UploadStatus } from '../../../components/upload-status';
import type { AudioSummary } from '../../../forms/form-values';
import { inspectWav } from '../../../forms/inspect-wav';
import { useUploadRegistry, useUploadState } from '../../../forms/upload-registry';
import type { UploadInput } from '../../../upload';

interface ReplaceFileFieldProps {
  kind: 'artwork' | 'audio';
  /** The registry key of this field's upload: the marked field's key. */
  uploadKey: string;
  /** What the field is, for the controls' names: 'the artwork', 'the audio of track 1 "Tide"'. */
  label: string;
  /** The file the label has now. */
  current: { fileName: string; url: string } | null;
  /** Where the upload service files the new one. */
  uploadInput: UploadInput;
  /** A new file was uploaded (its id), or the artist went back to the current one (null). */
  onChange(fileId: string | null): void;
  /** A problem the server reported about this file. */
  problem?: string | undefined;
}

interface Picked {
  file: File;
  url: string;
  summary?: AudioSummary;
}

function describeAudio(summary: AudioSummary): string {
  return [
    formatChannels(summary.channels),
    formatSampleRate(summary.sampleRate),
    `${summary.bitsPerSample}-bit`,
    formatDuration(summary.durationSeconds),
  ].join(' · ');
}

/**
 * A marked artwork or track audio: the current file to look at or play, and a new
 * one checked as on the submission form (a JPEG up to 20 MB; a WAV up to 200 MB whose header
 * reads, its quality warnings asked about) and uploaded at once with progress, through the
 * signed-in upload path, so the server knows it is the artist's own.
 */
export function ReplaceFileField({
  kind,
  uploadKey,
  label,
  current,
  uploadInput,
  onChange,
  problem,
}: ReplaceFileFieldProps) {
  const registry = useUploadRegistry();
  const upload = useUploadState(uploadKey);
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [pending, setPending] = useState<{ file: File; summary: AudioSummary; warnings: string[] } | null>(
    null,
  );
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  const artwork = kind === 'artwork';
  const noun = artwork ? 'artwork' : 'audio';

  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );

  async function send(file: File, summary?: AudioSummary) {
    setPending(null);
    onChange(null);
    setPicked({ file, url: URL.createObjectURL(file), ...(summary ? { summary } : {}) });
    const result = await registry.upload(uploadKey, file, uploadInput);
    if (result?.success && result.fileId) onChange(result.fileId);
  }

  async function choose(file: File) {
    setRefusal(null);
    setPending(null);
    if (artwork) {
      const problemText = checkArtwork(file);
      if (problemText) {
        setRefusal(problemText);
        return;
      }
      await send(file);
      return;
    }
    const problemText = checkReleaseAudio(file, detectBrowserName(navigator.userAgent));
    if (problemText) {
      setRefusal(problemText);
      return;
    }
    const inspection = await inspectWav(file);
    if (!inspection.ok) {
      setRefusal(inspection.message);
      return;
    }
    if (inspection.warnings.length > 0) {
      setPending({ file, summary: inspection.summary, warnings: inspection.warnings });
      return;
    }
    await send(file, inspection.summary);
  }

  function keepCurrent() {
    registry.cancel(uploadKey);
    setPicked(null);
    setPending(null);
    setRefusal(null);
    onChange(null);
  }

  const uploaded = upload?.status === 'done' && picked !== null;
  const shownProblem = refusal ?? (upload?.status === 'failed' ? null : problem);

  return (
    <Stack spacing={2}>
      <input
        ref={inputRef}
        type="file"
        accept={artwork ? ARTWORK_ACCEPT : RELEASE_AUDIO_ACCEPT}
        hidden
        aria-label={`New ${noun} file`}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) void choose(chosen);
        }}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: picked ? 'repeat(2, minmax(0, 1fr))' : '1fr' },
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
            {picked ? `Current ${noun}` : `Your ${noun} now`}
          </Typography>
          {current ? (
            artwork ? (
              <Box sx={{ ...artworkFrameSx, maxWidth: 240 }}>
                <ResponsiveImage
                  key={current.url}
                  src={current.url}
                  alt={`Current artwork: ${current.fileName}`}
                  sizes="240px"
                  width={240}
                  height={240}
                  fallback={
                    <ImageOutlined sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden="true" />
                  }
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              </Box>
            ) : (
              // biome-ignore lint/a11y/useMediaCaption: a master recording has no captions; the artist listens to their own track
              <audio
                controls
                preload="none"
                src={current.url}
                aria-label={`Play the current audio: ${current.fileName}`}
                style={{ width: '100%', maxWidth: 420, display: 'block' }}
              />
            )
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No file yet.
            </Typography>
          )}
          {current && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
              {current.fileName}
            </Typography>
          )}
        </Box>
        {picked && (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
              New {noun}
            </Typography>
            {artwork ? (
              <Box sx={{ ...artworkFrameSx, maxWidth: 240 }}>
                <Box
                  component="img"
                  src={picked.url}
                  alt={`New artwork: ${picked.file.name}`}
                  onLoad={(event) => {
                    const image = event.currentTarget as HTMLImageElement;
                    setSize({ src: picked.url, width: image.naturalWidth, height: image.naturalHeight });
                  }}
                  sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              </Box>
            ) : (
              <>
                <AudiotrackIcon sx={{ color: 'primary.main' }} aria-hidden="true" />
                {/* biome-ignore lint/a11y/useMediaCaption: a master recording has no captions; the artist listens to their own track */}
                <audio
                  controls
                  preload="metadata"
                  src={picked.url}
                  aria-label={`Play the new audio: ${picked.file.name}`}
                  style={{ width: '100%', maxWidth: 420, display: 'block' }}
                />
              </>
            )}
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {picked.file.name}
            </Typography>
            {picked.summary && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {describeAudio(picked.summary)}
              </Typography>
            )}
            {artwork ? (
              <ArtworkFacts
                size={size && size.src === picked.url ? size : null}
                previewFailed={false}
                upload={upload}
                progressLabel="Artwork upload progress"
                onRetry={(file) => void send(file)}
              />
            ) : (
              <>
                {upload?.status === 'uploading' && (
                  <Box sx={{ mt: 1 }}>
                    <UploadStatus
                      fileName={upload.file.name}
                      progressLabel="Audio upload progress"
                      progress={upload.progress}
                      onCancel={keepCurrent}
                    />
                  </Box>
                )}
                {upload?.status === 'failed' && (
                  <Alert
                    severity="error"
                    sx={{ mt: 1 }}
                    action={
                      <Button
                        color="inherit"
                        size="small"
                        onClick={() => void send(upload.file, picked.summary)}
                      >
                        Retry
                      </Button>
                    }
                  >
                    {upload.error}
                  </Alert>
                )}
              </>
            )}
            {uploaded && (
              <Typography variant="body2" role="status" sx={{ color: 'success.dark', mt: 1 }}>
                Uploaded. It replaces the current {noun} when you resubmit.
              </Typography>
            )}
          </Box>
        )}
      </Box>

      {pending && (
        <Alert
          severity="warning"
          action={
            <Stack spacing={1}>
              <Button color="inherit" size="small" onClick={() => void send(pending.file, pending.summary)}>
                Upload anyway
              </Button>
              <Button color="inherit" size="small" onClick={() => setPending(null)}>
                Choose another
              </Button>
            </Stack>
          }
        >
          {pending.file.name}: {pending.warnings.join(' ')}
        </Alert>
      )}
      {shownProblem && (
        <Alert severity="error" role="alert">
          {shownProblem}
        </Alert>
      )}

      <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary' }}>
        {artwork
          ? `A square JPEG, at least ${MIN_RECOMMENDED_ARTWORK_PIXELS} x ${MIN_RECOMMENDED_ARTWORK_PIXELS} pixels, up to 20 MB.`
          : 'A WAV file, up to 200 MB: stereo, 44.1 kHz and 16-bit or better.'}
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() => inputRef.current?.click()}
          aria-describedby={helpId}
          {...(artwork
            ? {}
            : { 'aria-label': `Choose a new WAV for ${label.charAt(0).toLowerCase()}${label.slice(1)}` })}
        >
          {artwork ? 'Choose a new artwork' : 'Choose a new WAV'}
        </Button>
        {(picked || pending) && (
          <Button onClick={keepCurrent}>
            {current ? `Keep the current ${noun}` : `Remove the new ${noun}`}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
