import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  createEmptyTrack,
  type ReleaseType,
  releaseTypeSchema,
  resizeTracksForReleaseType,
  UPLOAD_TYPE_LABELS,
  type UploadType,
  uploadTypeSchema,
} from '../../../../../domain';
import { createId, type SubmitFormValues } from '../../../../forms/form-values';
import { useUploadRegistry } from '../../../../forms/upload-registry';
import { StepSection } from '../step-section';
import { ArtworkSection } from './artwork-section';
import { ReleaseDetailsSection } from './release-details-section';
import { ReleaseScheduleSection } from './release-schedule-section';
import { TracksSection } from './tracks-section';
import { TransferSection } from './transfer-section';

const UPLOAD_TYPES: { value: UploadType; label: string; description: string }[] = [
  { value: 'new-music', label: UPLOAD_TYPE_LABELS['new-music'], description: 'Music that is not out yet.' },
  {
    value: 'transfer',
    label: UPLOAD_TYPE_LABELS.transfer,
    description: 'Releases already in stores with another distributor.',
  },
  { value: 'both', label: UPLOAD_TYPE_LABELS.both, description: 'New music and a catalogue transfer.' },
];

const RELEASE_TYPES: { value: ReleaseType; label: string; description: string }[] = [
  { value: 'single', label: 'Single', description: '1-2 tracks' },
  { value: 'ep', label: 'EP', description: '3-6 tracks' },
  { value: 'lp', label: 'LP', description: '7 or more tracks' },
];

function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: string; description: string }[];
  onChange(value: string): void;
}) {
  return (
    <FormControl component="fieldset" sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
        {legend}
      </FormLabel>
      <RadioGroup
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: `repeat(${options.length}, 1fr)` },
        }}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio />}
            label={
              <span>
                <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                  {option.label}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {option.description}
                </Typography>
              </span>
            }
            sx={{
              m: 0,
              p: 1.5,
              pr: 2,
              border: 1,
              borderRadius: 2,
              borderColor: value === option.value ? 'primary.main' : 'divider',
              bgcolor: value === option.value ? 'rgba(85, 48, 217, 0.04)' : 'transparent',
              alignItems: 'flex-start',
              '& .MuiRadio-root': { pt: 0.25 },
            }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** Step 2 (spec 001 §2): what is submitted, then the release, then the transfer. */
export function MusicStep() {
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const uploadType = useWatch({ control, name: 'uploadType' });
  const releaseType = useWatch({ control, name: 'releaseType' });
  const registry = useUploadRegistry();

  const changeReleaseType = (value: string) => {
    const next = releaseTypeSchema.parse(value);
    const before = getValues('tracks');
    const tracks = resizeTracksForReleaseType(before, next, () => createEmptyTrack(createId()));
    // Slots that were dropped take their uploads with them.
    for (const track of before) if (!tracks.some((t) => t.id === track.id)) registry.cancel(track.id);
    setValue('releaseType', next, { shouldDirty: true });
    setValue('tracks', tracks, { shouldDirty: true });
  };

  return (
    <Stack spacing={{ xs: 2, md: 3 }}>
      <StepSection title="What are you sending us?">
        <Stack spacing={3}>
          <ChoiceGroup
            legend="Submission type"
            name="uploadType"
            value={uploadType}
            options={UPLOAD_TYPES}
            onChange={(value) => setValue('uploadType', uploadTypeSchema.parse(value), { shouldDirty: true })}
          />
          {uploadType !== 'transfer' && (
            <ChoiceGroup
              legend="Release type"
              name="releaseType"
              value={releaseType}
              options={RELEASE_TYPES}
              onChange={changeReleaseType}
            />
          )}
        </Stack>
      </StepSection>
      {uploadType !== 'transfer' && (
        <>
          <TracksSection />
          <ArtworkSection />
          <ReleaseDetailsSection />
          <ReleaseScheduleSection />
        </>
      )}
      {uploadType !== 'new-music' && <TransferSection />}
    </Stack>
  );
}
