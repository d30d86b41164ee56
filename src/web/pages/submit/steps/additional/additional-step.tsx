import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useController, useFormContext } from 'react-hook-form';
import { FormTextField } from '../../../../forms/form-fields';
import type { SubmitFormValues } from '../../../../forms/form-values';
import { StepSection } from '../step-section';

/** Step 3 (spec 001 §2): about the music, 'For Fans Of', publishing interest, PRO/PPL number. No checks. */
export function AdditionalStep() {
  const { control } = useFormContext<SubmitFormValues>();
  const publishing = useController({ control, name: 'publishingAdministrationInterest' });
  return (
    <Stack spacing={{ xs: 2, md: 3 }}>
      <StepSection
        title="About your music"
        description="Optional, but it helps us listen with the right ears."
      >
        <Stack spacing={3}>
          <FormTextField
            name="bio"
            label="About your music"
            placeholder="Your story, your sound, what this release is about"
            multiline
            minRows={4}
            fullWidth
          />
          <FormTextField
            name="influences"
            label="For Fans Of"
            placeholder="Artists your listeners also love, e.g. Little Simz, Loyle Carner"
            helperText="Two or three names are plenty."
            fullWidth
          />
        </Stack>
      </StepSection>
      <StepSection title="Publishing and rights">
        <Stack spacing={3}>
          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={Boolean(publishing.field.value)}
                  onChange={(event) => publishing.field.onChange(event.target.checked)}
                  slotProps={{ input: { ref: publishing.field.ref } }}
                />
              }
              label={
                <span>
                  I am interested in publishing administration{' '}
                  <Chip label="Coming soon" size="small" color="secondary" sx={{ ml: 1 }} />
                </span>
              }
            />
            <Typography variant="body2" color="text.secondary" sx={{ ml: 6 }}>
              We are building a publishing service to collect your songwriting royalties worldwide. Tell us if
              you would like to hear when it opens.
            </Typography>
          </div>
          <FormTextField
            name="proNumber"
            label="PRO / PPL number (optional)"
            helperText="Your performing rights or PPL member number, if you have one."
            fullWidth
          />
        </Stack>
      </StepSection>
    </Stack>
  );
}
