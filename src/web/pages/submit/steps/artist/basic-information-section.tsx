import Grid from '@mui/material/Grid';
import { FormTextField } from '../../../../forms/form-fields';
import { StepSection } from '../step-section';

/** First name, surname, e-mail, artist name and an optional phone number. */
export function BasicInformationSection() {
  return (
    <StepSection title="Basic Information" description="Tell us who you are and how we can reach you.">
      <Grid container spacing={{ xs: 2, md: 3 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField name="firstName" label="First name" required fullWidth autoComplete="given-name" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField name="surname" label="Surname" required fullWidth autoComplete="family-name" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            name="email"
            label="Email"
            type="email"
            required
            fullWidth
            autoComplete="email"
            slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            name="artistName"
            label="Artist name"
            required
            fullWidth
            autoComplete="off"
            helperText="The name your music is released under"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField name="phone" label="Phone (optional)" type="tel" fullWidth autoComplete="tel" />
        </Grid>
      </Grid>
    </StepSection>
  );
}
