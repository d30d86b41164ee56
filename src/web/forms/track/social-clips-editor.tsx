import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineOutlinedIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Component, lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  type AudioWaveform,
  addSocialClip,
  CLIP_LEAD_WEEKS,
  type ClipRegion,
  canAddSocialClip,
  getClipLengthSeconds,
  getClipRegion,
  isRecommendedClipLength,
  MAX_SOCIAL_CLIPS,
  RECOMMENDED_CLIP_MAX_SECONDS,
  RECOMMENDED_CLIP_MIN_SECONDS,
  type SocialClip,
  setSocialClipsEnabled,
  toClipTimes,
  validateSocialClips,
} from '../../../domain';
import { fieldAnchor, fieldDomId, useFieldError } from '../field-errors';
import { FormTextField } from '../form-fields';
import { createId, type SubmitFormValues } from '../form-values';

const NO_CLIPS: SocialClip[] = [];

// wavesurfer.js comes with the picker, fetched when the clips switch is on, not with the page.
const WaveformClipPicker = lazy(() => import('../../components/waveform-clip-picker'));

/** The track's audio as the clip picker needs it. */
export interface ClipAudio {
  /** Peaks measured once (the browser's loudness pass, or the server's job); null while there are none. */
  waveform: AudioWaveform | null;
  /** Said in place of the waveform while there is none: why, and that the fields work. */
  missing: string;
  /** The picked file, to play the clips from; else `url`. */
  file?: File | undefined;
  url?: string | null | undefined;
  trackName: string;
}

/**
 * A track's short clips for social platforms (spec 001 §3, §5): a switch that starts with one
 * 00:00-00:30 clip, at most two clips, each with mm:ss start and end and an optional description.
 * With `audio`, the clips are also chosen on the track's waveform; the fields stay,
 * for keyboard and screen-reader users, and both edit the same values.
 */
export function SocialClipsEditor({
  trackIndex,
  audio,
}: {
  trackIndex: number;
  audio?: ClipAudio | undefined;
}) {
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const enabledPath = `tracks.${trackIndex}.metadata.socialClipsEnabled` as const;
  const clipsPath = `tracks.${trackIndex}.metadata.socialClips` as const;
  const enabled = useWatch({ control, name: enabledPath }) ?? false;
  const clips = useWatch({ control, name: clipsPath }) ?? NO_CLIPS;
  const helpId = useId();

  function readClips(): SocialClip[] {
    return getValues(clipsPath) ?? [];
  }

  function writeClips(next: SocialClip[]) {
    setValue(clipsPath, next, { shouldDirty: true });
  }

  function toggle(on: boolean) {
    const next = setSocialClipsEnabled(
      { socialClipsEnabled: getValues(enabledPath) ?? false, socialClips: readClips() },
      on,
      createId(),
    );
    setValue(enabledPath, next.socialClipsEnabled, { shouldDirty: true });
    writeClips(next.socialClips);
  }

  function updateClip(id: string, patch: Partial<SocialClip>) {
    writeClips(readClips().map((clip) => (clip.id === id ? { ...clip, ...patch } : clip)));
  }

  const waveform =
    audio?.waveform && audio.waveform.peaks.length > 0 && audio.waveform.durationSeconds > 0
      ? audio.waveform
      : null;
  const pickerClips = useMemo(
    () =>
      waveform
        ? clips.map((clip, index) => ({
            id: clip.id,
            number: index + 1,
            region: getClipRegion(clip, waveform.durationSeconds),
          }))
        : [],
    [clips, waveform],
  );

  const problems = validateSocialClips(clips, clipsPath);
  const canAdd = canAddSocialClip(clips);

  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={enabled}
            onChange={(event) => toggle(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label="Create social audio clips"
      />
      <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary' }}>
        Clips are {RECOMMENDED_CLIP_MIN_SECONDS}-{RECOMMENDED_CLIP_MAX_SECONDS} seconds, delivered as WAV and
        released {CLIP_LEAD_WEEKS} weeks before the track, so fans hear it early on social platforms.
      </Typography>

      {enabled && (
        <Box {...fieldAnchor(clipsPath)} sx={{ mt: 2 }}>
          {audio && (
            <Box sx={{ mb: 2 }}>
              {waveform ? (
                <PickerBoundary fallback={<MissingWaveform text={PICKER_NOT_LOADED} />}>
                  <Suspense fallback={<WaveformLoading />}>
                    <WaveformClipPicker
                      waveform={waveform}
                      file={audio.file}
                      url={audio.url}
                      trackName={audio.trackName}
                      clips={pickerClips}
                      onChange={(id: string, region: ClipRegion) => updateClip(id, toClipTimes(region))}
                    />
                  </Suspense>
                </PickerBoundary>
              ) : (
                <MissingWaveform text={audio.missing} />
              )}
            </Box>
          )}
          {clips.length > 0 && (
            <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
              {clips.map((clip, index) => (
                <SocialClipRow
                  key={clip.id}
                  clipPath={`${clipsPath}.${index}`}
                  index={index}
                  clip={clip}
                  problemOf={(path) => problems.find((problem) => problem.field === path)?.message}
                  onChange={(patch) => updateClip(clip.id, patch)}
                  onRemove={() => writeClips(readClips().filter((c) => c.id !== clip.id))}
                />
              ))}
            </Stack>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              disabled={!canAdd}
              onClick={() => writeClips(addSocialClip(readClips(), createId()))}
              sx={{ alignSelf: 'flex-start' }}
            >
              Add clip
            </Button>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {canAdd
                ? `Up to ${MAX_SOCIAL_CLIPS} clips per track.`
                : `That's the most: ${MAX_SOCIAL_CLIPS} clips per track.`}
            </Typography>
          </Stack>
        </Box>
      )}
    </Box>
  );
}

const PICKER_NOT_LOADED =
  'The waveform could not be loaded. Set the clips with the start and end fields below.';

function MissingWaveform({ text }: { text: string }) {
  return (
    <Typography variant="body2" data-testid="clip-waveform-missing" sx={{ color: 'text.secondary' }}>
      {text}
    </Typography>
  );
}

function WaveformLoading() {
  return (
    <Box
      role="status"
      sx={{ height: 96, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Loading the waveform…
      </Typography>
    </Box>
  );
}

/** The picker's code may fail to load (offline): the fields still work, so only it is replaced. */
class PickerBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type ClipPath = `tracks.${number}.metadata.socialClips.${number}`;

interface SocialClipRowProps {
  clipPath: ClipPath;
  index: number;
  clip: SocialClip;
  /** The domain's message for a time of this clip, shown once the artist has left that input. */
  problemOf(path: string): string | undefined;
  onChange(patch: Partial<SocialClip>): void;
  onRemove(): void;
}

function SocialClipRow({ clipPath, index, clip, problemOf, onChange, onRemove }: SocialClipRowProps) {
  const n = index + 1;
  const headingId = useId();
  const length = getClipLengthSeconds(clip);
  const lengthKnown = length !== null && length > 0;
  return (
    // A list item cannot also be a group (axe: aria-allowed-role): the group sits inside it.
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box role="group" aria-labelledby={headingId}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography id={headingId} variant="h6" component="p">
            Clip {n}
          </Typography>
          <IconButton
            aria-label={`Remove clip ${n}`}
            title={`Remove clip ${n}`}
            onClick={onRemove}
            edge="end"
          >
            <DeleteOutlineOutlinedIcon />
          </IconButton>
        </Stack>
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}>
            <ClipTimeField
              path={`${clipPath}.startTime`}
              label="Start (mm:ss)"
              value={clip.startTime}
              problem={problemOf(`${clipPath}.startTime`)}
              onChange={(startTime) => onChange({ startTime })}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <ClipTimeField
              path={`${clipPath}.endTime`}
              label="End (mm:ss)"
              value={clip.endTime}
              problem={problemOf(`${clipPath}.endTime`)}
              onChange={(endTime) => onChange({ endTime })}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }} sx={{ alignSelf: 'center' }}>
            <Typography variant="body2" aria-live="polite">
              Length: {lengthKnown ? `${length} seconds` : '—'}
            </Typography>
            {lengthKnown && !isRecommendedClipLength(length) && (
              <Typography variant="caption" component="p" sx={{ color: 'warning.dark' }}>
                Clips work best at {RECOMMENDED_CLIP_MIN_SECONDS}-{RECOMMENDED_CLIP_MAX_SECONDS} seconds.
              </Typography>
            )}
          </Grid>
          <Grid size={12}>
            <FormTextField
              name={`${clipPath}.description`}
              label="Description (optional)"
              fullWidth
              multiline
              minRows={2}
              helperText="Which part of the track this is, or how you'd like it used."
            />
          </Grid>
        </Grid>
      </Box>
    </Paper>
  );
}

interface ClipTimeFieldProps {
  path: `${ClipPath}.startTime` | `${ClipPath}.endTime`;
  label: string;
  value: string;
  problem: string | undefined;
  onChange(value: string): void;
}

/**
 * A mm:ss input. The wizard's message wins; otherwise the domain's own check is shown once the
 * artist leaves the input, so typing "01:" on the way to "01:30" is not flagged.
 */
function ClipTimeField({ path, label, value, problem, onChange }: ClipTimeFieldProps) {
  const wizardError = useFieldError(path);
  const [left, setLeft] = useState(false);
  const error = wizardError ?? (left ? problem : undefined);
  return (
    <TextField
      {...fieldAnchor(path)}
      id={fieldDomId(path)}
      label={label}
      required
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => setLeft(true)}
      error={Boolean(error)}
      helperText={error}
      placeholder="00:30"
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', spellCheck: false } }}
    />
  );
}
