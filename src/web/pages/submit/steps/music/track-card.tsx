import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import UploadFile from '@mui/icons-material/UploadFile';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  formatChannels,
  formatDuration,
  formatSampleRate,
  getTrackCustomArtworkField,
  hasTrackAudio,
  listMissingTrackDetails,
  MAX_AUDIO_MB,
  RELEASE_AUDIO_ACCEPT,
} from '../../../../../domain';
import { FilePickBox } from '../../../../components/file-pick-box';
import { UploadProgressLine } from '../../../../components/upload-status';
import { fieldAnchor, fieldDomId, useErrorsUnder } from '../../../../forms/field-errors';
import { FormTextField } from '../../../../forms/form-fields';
import { getToday, type SubmitFormValues } from '../../../../forms/form-values';
import { TrackDetailsForm } from '../../../../forms/track/track-details-form';
import { LoudnessCheckPanel } from './loudness-check-panel';
import { useTrackPreview } from './track-preview';
import { useClipAudio } from './use-clip-audio';
import { useLoudnessCheck } from './use-loudness-check';
import { useTrackFile } from './use-track-file';

interface TrackCardProps {
  index: number;
  count: number;
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** One track: title, WAV with progress and preview, order, and its details (spec 001 §2, §4). */
export function TrackCard({ index, count, onMove, onRemove }: TrackCardProps) {
  const { control } = useFormContext<SubmitFormValues>();
  const track = useWatch({ control, name: `tracks.${index}` });
  const summary = useWatch({ control, name: `audioInfo.${track.id}` });
  const file = useTrackFile(track.id);
  const upload = file.upload;
  const busy = upload?.status === 'uploading';
  const hasAudio = hasTrackAudio(track) && !busy;
  const preview = useTrackPreview(upload?.file, track.url);
  // The levels of the file chosen, checked in a worker from the moment it passed the header check.
  const loudness = useLoudnessCheck(file.pending?.file ?? upload?.file);
  const inputRef = useRef<HTMLInputElement>(null);
  // The details hold the credits and the track's custom artwork: a problem with either opens them.
  const detailErrors = [
    ...useErrorsUnder(`tracks.${index}.metadata`),
    ...useErrorsUnder(getTrackCustomArtworkField(index)),
  ];
  // What the collapsed details still need, shown on the card before the artist presses Next Step.
  const missingDetails = useMemo(() => listMissingTrackDetails(track, index, getToday()), [track, index]);
  const label = `Track ${index + 1}`;
  const name = track.title.trim() || label;
  const clipAudio = useClipAudio({
    trackId: track.id,
    trackName: name,
    file: file.pending ? undefined : upload?.file,
    url: track.url,
    loudness: file.pending ? null : loudness,
  });

  const sortable = useSortable({ id: track.id, disabled: !hasAudio });
  const style = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };

  const [detailsOpen, setDetailsOpen] = useState(false);
  const pick = () => inputRef.current?.click();

  return (
    <Paper
      ref={sortable.setNodeRef}
      style={style}
      variant="outlined"
      component="li"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: { xs: 2, md: 2.5 },
        borderRadius: 2,
        position: 'relative',
        zIndex: sortable.isDragging ? 2 : 'auto',
        boxShadow: sortable.isDragging ? 6 : 0,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Tooltip
          title={hasAudio ? 'Drag to reorder (or focus and use the arrow keys)' : 'Add audio to reorder'}
        >
          <span>
            <IconButton
              {...sortable.attributes}
              {...sortable.listeners}
              aria-label={`Drag ${name} to reorder`}
              aria-roledescription="sortable track"
              disabled={!hasAudio}
              size="small"
              sx={{ cursor: hasAudio ? 'grab' : 'default', touchAction: 'none' }}
            >
              <DragIndicator />
            </IconButton>
          </span>
        </Tooltip>
        <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          {label}
        </Typography>
        <IconButton
          aria-label={`Move ${name} up`}
          size="small"
          disabled={!hasAudio || index === 0}
          onClick={() => onMove(index, index - 1)}
        >
          <ArrowUpward fontSize="small" />
        </IconButton>
        <IconButton
          aria-label={`Move ${name} down`}
          size="small"
          disabled={!hasAudio || index === count - 1}
          onClick={() => onMove(index, index + 1)}
        >
          <ArrowDownward fontSize="small" />
        </IconButton>
        <IconButton
          aria-label={`Remove ${name}`}
          size="small"
          disabled={busy}
          onClick={() => {
            file.clear();
            onRemove(index);
          }}
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Stack>

      <FormTextField name={`tracks.${index}.title`} label="Track title" required fullWidth sx={{ mb: 2 }} />

      <input
        ref={inputRef}
        type="file"
        accept={RELEASE_AUDIO_ACCEPT}
        hidden
        id={fieldDomId(`tracks.${index}.file`)}
        aria-label={`WAV file for ${label}`}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) file.choose(chosen);
        }}
      />

      {file.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {file.error}
        </Alert>
      )}

      {file.pending && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button color="inherit" size="small" onClick={file.confirmPending}>
                Upload anyway
              </Button>
              <Button color="inherit" size="small" onClick={pick}>
                Choose another file
              </Button>
            </Stack>
          }
        >
          <strong>{file.pending.file.name}</strong>: {formatChannels(file.pending.summary.channels)},{' '}
          {formatSampleRate(file.pending.summary.sampleRate)}, {file.pending.summary.bitsPerSample}-bit,{' '}
          {formatDuration(file.pending.summary.durationSeconds)}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {file.pending.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </Box>
        </Alert>
      )}

      {upload?.status === 'failed' && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={file.retry}>
              Retry
            </Button>
          }
        >
          {upload.error}
        </Alert>
      )}

      {/* The file's row from the moment it uploads: its progress where its facts then go, Cancel
          where Replace then goes, so the card keeps its height when the upload ends. */}
      {(busy || (hasAudio && track.fileName !== undefined)) && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'center' }, mb: 2, p: 1.5, bgcolor: 'background.default', borderRadius: 2 }}
        >
          <Button
            variant="outlined"
            size="small"
            startIcon={preview.isPlaying ? <Pause /> : <PlayArrow />}
            onClick={() => void preview.toggle()}
            // Spec 001 §4: no preview while the file uploads.
            disabled={busy || !preview.canPlay}
            aria-label={`${preview.isPlaying ? 'Pause' : 'Play'} ${name}`}
          >
            {preview.isPlaying ? 'Pause' : 'Play'}
          </Button>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {busy ? upload.file.name : track.fileName}
              {upload?.status === 'done' || busy ? ` · ${formatBytes(upload.file.size)}` : ''}
            </Typography>
            {busy ? (
              <UploadProgressLine
                fileName={upload.file.name}
                progressLabel={`Upload progress of ${name}`}
                progress={upload.progress}
              />
            ) : (
              summary && (
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                  <Chip size="small" label={formatChannels(summary.channels)} />
                  <Chip size="small" label={formatSampleRate(summary.sampleRate)} />
                  <Chip size="small" label={`${summary.bitsPerSample}-bit`} />
                  <Chip size="small" label={formatDuration(summary.durationSeconds)} />
                </Stack>
              )
            )}
          </Box>
          {busy ? (
            <Button size="small" onClick={file.cancel}>
              Cancel upload
            </Button>
          ) : (
            <Button size="small" onClick={pick}>
              Replace file
            </Button>
          )}
        </Stack>
      )}
      {preview.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {preview.error}
        </Alert>
      )}

      <LoudnessCheckPanel state={loudness} trackName={name} />

      {!hasAudio && !busy && !file.pending && (
        <Box sx={{ mb: 2 }}>
          <FilePickBox
            label="Choose WAV file"
            icon={<UploadFile />}
            onPick={pick}
            hint={`WAV only, up to ${MAX_AUDIO_MB} MB. The upload starts at once and carries on while you fill in the form.`}
          />
        </Box>
      )}

      <Accordion
        disableGutters
        variant="outlined"
        expanded={detailsOpen || detailErrors.length > 0}
        onChange={(_event, expanded) => setDetailsOpen(expanded)}
        sx={{ borderRadius: 2, '&::before': { display: 'none' } }}
        {...fieldAnchor(`tracks.${index}.metadata`)}
      >
        <AccordionSummary expandIcon={<ExpandMore />}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>
              Credits and details
              {detailErrors.length > 0 && (
                <Typography component="span" color="error" sx={{ ml: 1, fontWeight: 400 }}>
                  ({detailErrors.length} to fix)
                </Typography>
              )}
            </Typography>
            {detailErrors.length === 0 && missingDetails.length > 0 && (
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', mt: 0.75, flexWrap: 'wrap', rowGap: 0.5 }}
              >
                {/* A warning-coloured border around text in the body colour: orange text on white is
                    too faint to read (WCAG contrast). */}
                <Chip
                  size="small"
                  variant="outlined"
                  label="Needs details"
                  sx={{ borderColor: 'warning.main', color: 'text.primary' }}
                />
                <Typography variant="body2" color="text.secondary">
                  {missingDetails.join(', ')}
                </Typography>
              </Stack>
            )}
          </Box>
        </AccordionSummary>
        <AccordionDetails>
          <TrackDetailsForm index={index} withCustomArtwork clipAudio={clipAudio} />
        </AccordionDetails>
      </Accordion>
    </Paper>
  );
}
