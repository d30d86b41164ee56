import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useFormContext, useWatch } from 'react-hook-form';
import { setNoInstagram, setNoTikTok } from '../../../../../domain';
import { FormTextField } from '../../../../forms/form-fields';
import type { SubmitFormValues } from '../../../../forms/form-values';
import { StepSection } from '../step-section';

const profileInputProps = {
  htmlInput: { inputMode: 'url', autoCapitalize: 'none', spellCheck: false },
} as const;

/**
 * Instagram and TikTok profiles, each with an "I don't have ..." box that clears and disables it.
 * `profilesRequired` is false on the waiting list, where the profiles are optional.
 */
export function SocialMediaSection({ profilesRequired = true }: { profilesRequired?: boolean } = {}) {
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const [noInstagram, noTikTok] = useWatch({ control, name: ['noInstagram', 'noTikTok'] });

  function toggleInstagram(checked: boolean) {
    const next = setNoInstagram(
      { noInstagram: getValues('noInstagram'), instagramProfile: getValues('instagramProfile') },
      checked,
    );
    setValue('noInstagram', next.noInstagram, { shouldDirty: true });
    setValue('instagramProfile', next.instagramProfile, { shouldDirty: true });
  }

  function toggleTikTok(checked: boolean) {
    const next = setNoTikTok(
      { noTikTok: getValues('noTikTok'), tiktokProfile: getValues('tiktokProfile') },
      checked,
    );
    setValue('noTikTok', next.noTikTok, { shouldDirty: true });
    setValue('tiktokProfile', next.tiktokProfile, { shouldDirty: true });
  }

  return (
    <StepSection
      title="Social Media Profiles"
      description="Links to your profiles help our team get to know you and your audience."
    >
      <Grid container spacing={{ xs: 3, md: 3 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={0.5}>
            <FormTextField
              name="instagramProfile"
              label="Instagram profile"
              placeholder="https://instagram.com/yourname"
              required={profilesRequired && !noInstagram}
              disabled={noInstagram}
              fullWidth
              slotProps={profileInputProps}
            />
            <FormControlLabel
              control={
                <Checkbox
                  name="noInstagram"
                  checked={noInstagram}
                  onChange={(event) => toggleInstagram(event.target.checked)}
                />
              }
              label="I don't have Instagram"
            />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={0.5}>
            <FormTextField
              name="tiktokProfile"
              label="TikTok profile"
              placeholder="https://tiktok.com/@yourname"
              required={profilesRequired && !noTikTok}
              disabled={noTikTok}
              fullWidth
              slotProps={profileInputProps}
            />
            <FormControlLabel
              control={
                <Checkbox
                  name="noTikTok"
                  checked={noTikTok}
                  onChange={(event) => toggleTikTok(event.target.checked)}
                />
              }
              label="I don't have TikTok"
            />
          </Stack>
        </Grid>
      </Grid>
    </StepSection>
  );
}
