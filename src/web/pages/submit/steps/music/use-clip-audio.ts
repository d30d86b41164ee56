import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { SubmitFormValues } from '../../../../forms/form-values';
import type { ClipAudio } from '../../../../forms/track/social-clips-editor';
import type { LoudnessCheckState } from './use-loudness-check';

export const CLIP_WAVEFORM_NO_AUDIO =
  "Add the track's WAV above to choose the clips on its waveform. The start and end fields below work without it.";
export const CLIP_WAVEFORM_CHECKING =
  'The waveform appears when the level check of the file has finished. Until then, use the start and end fields below.';
export const CLIP_WAVEFORM_UNAVAILABLE =
  'The waveform of this file cannot be shown here. Use the start and end fields below.';

interface UseClipAudioOptions {
  trackId: string;
  trackName: string;
  /** The file being uploaded or uploaded for this track (not one still waiting for the artist's yes). */
  file: File | undefined;
  /** The uploaded file's link, when the page no longer has the file (after a reload). */
  url: string | undefined;
  /** The level check of `file`, whose pass also measured its waveform. */
  loudness: LoudnessCheckState | null;
}

/**
 * The track's audio for the clip picker. The waveform comes from the loudness
 * check's one decode of the file and is kept in the form's `waveforms` by track id, so the
 * picker never decodes, a card shown again does not measure again, and a reloaded draft (which
 * has lost the file) still shows it; a new file or a removed one drops it (`use-track-file.ts`).
 */
export function useClipAudio({ trackId, trackName, file, url, loudness }: UseClipAudioOptions): ClipAudio {
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const waveform = useWatch({ control, name: `waveforms.${trackId}` });
  const measured =
    file && loudness?.status === 'done' && loudness.outcome.ok ? loudness.outcome.waveform : undefined;

  useEffect(() => {
    if (!measured || getValues(`waveforms.${trackId}`) === measured) return;
    // Measured, not typed: the form is not made dirty by it.
    setValue('waveforms', { ...getValues('waveforms'), [trackId]: measured });
  }, [measured, trackId, getValues, setValue]);

  const shown = waveform ?? measured ?? null;
  let missing = CLIP_WAVEFORM_UNAVAILABLE;
  if (!file && !url) missing = CLIP_WAVEFORM_NO_AUDIO;
  else if (file && (!loudness || loudness.status === 'checking')) missing = CLIP_WAVEFORM_CHECKING;
  return { waveform: shown, missing, file, url, trackName };
}
