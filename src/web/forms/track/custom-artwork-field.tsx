import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  clearCustomArtwork,
  getTrackCustomArtworkField,
  MAX_ARTWORK_MB,
  MIN_RECOMMENDED_ARTWORK_PIXELS,
  setUseCustomArtwork,
  type TrackDraft,
  USE_CUSTOM_ARTWORK_LABEL,
} from '../../../domain';
import { smallArtworkFrameSx } from '../../components/artwork-frame';
import { ArtworkPicker } from '../artwork-picker';
import { useFieldError } from '../field-errors';
import { buildUploadInput, type SubmitFormValues, withUploadedCustomArtwork } from '../form-values';
import { customArtworkUploadKey, useUploadRegistry } from '../upload-registry';

/**
 * A track's own artwork (spec 001 §3, useCustomArtwork / customArtwork / customArtworkUrl): the
 * "Use custom artwork" switch and, when on, the same JPEG picker as the release artwork, with its
 * rules, messages and upload progress. The track is updated by its id, never its index, because
 * the artist may reorder or remove tracks while the picture uploads. Off forgets the picture.
 */
export function CustomArtworkField({ index }: { index: number }) {
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const track = useWatch({ control, name: `tracks.${index}` });
  const registry = useUploadRegistry();
  const helpId = useId();
  const field = getTrackCustomArtworkField(index);
  const error = useFieldError(field);
  const uploadKey = customArtworkUploadKey(track.id);
  const number = `Track ${index + 1}`;
  const name = track.title.trim() || number;

  const updateTrack = (change: (current: TrackDraft) => TrackDraft) => {
    const tracks = getValues('tracks');
    if (!tracks.some((t) => t.id === track.id)) return;
    setValue(
      'tracks',
      tracks.map((t) => (t.id === track.id ? change(t) : t)),
      { shouldDirty: true },
    );
  };

  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={Boolean(track.useCustomArtwork)}
            onChange={(event) => {
              const on = event.target.checked;
              if (!on) registry.cancel(uploadKey);
              updateTrack((current) => setUseCustomArtwork(current, on));
            }}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={USE_CUSTOM_ARTWORK_LABEL}
      />
      <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        Give this track a cover of its own, for example a single released before the album. Without it the
        track uses the release artwork. Turning this off removes the picture.
      </Typography>
      {track.useCustomArtwork && (
        <ArtworkPicker
          uploadKey={uploadKey}
          field={field}
          labels={{
            input: `Custom artwork file for ${number}`,
            preview: `Custom artwork of ${name}`,
            progress: `Custom artwork upload progress of ${name}`,
            pick: 'Choose artwork',
            pickName: `Choose artwork for ${number}`,
            replace: 'Replace custom artwork',
            fallbackName: 'Custom artwork',
          }}
          hint={`A square JPEG or JPG, at least ${MIN_RECOMMENDED_ARTWORK_PIXELS} x ${MIN_RECOMMENDED_ARTWORK_PIXELS} pixels, up to ${MAX_ARTWORK_MB} MB.`}
          stored={{ url: track.customArtworkUrl, fileName: track.customArtworkFileName }}
          error={error}
          frameSx={smallArtworkFrameSx}
          uploadInput={() => buildUploadInput(getValues(), 'artwork', name)}
          onPick={(file) =>
            updateTrack((current) => ({
              ...clearCustomArtwork(current),
              customArtwork: file,
              customArtworkFileName: file.name,
            }))
          }
          onUploaded={(file, uploaded) =>
            updateTrack((current) =>
              current.customArtwork === file ? withUploadedCustomArtwork(current, uploaded) : current,
            )
          }
          onClear={() => updateTrack(clearCustomArtwork)}
        />
      )}
    </>
  );
}
