import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormContext, useWatch } from 'react-hook-form';
import { changePrimaryGenre, listSubGenres, PRIMARY_GENRES } from '../../../../../domain';
import { fieldAnchor, fieldDomId, useFieldError } from '../../../../forms/field-errors';
import { FormTextField } from '../../../../forms/form-fields';
import type { SubmitFormValues } from '../../../../forms/form-values';
import { StepSection } from '../step-section';

/**
 * Release details (spec 001 §2 step 2, item 5): the release title and its genre. The sub-genre
 * list depends on the primary genre, so it waits for one and is cleared when it changes.
 */
export function ReleaseDetailsSection() {
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const [primaryGenre, subGenre] = useWatch({ control, name: ['primaryGenre', 'subGenre'] });
  const primaryGenreError = useFieldError('primaryGenre');
  const subGenreError = useFieldError('subGenre');
  const subGenres = listSubGenres(primaryGenre);
  const subGenreDisabled = subGenres.length === 0;

  const choosePrimaryGenre = (genre: string) => {
    const current = { primaryGenre: getValues('primaryGenre'), subGenre: getValues('subGenre') };
    const next = changePrimaryGenre(current, genre);
    setValue('primaryGenre', next.primaryGenre, { shouldDirty: true });
    if (next.subGenre !== current.subGenre) setValue('subGenre', next.subGenre, { shouldDirty: true });
  };

  return (
    <StepSection title="Release details" description="How the release appears in the stores.">
      <Stack spacing={2.5}>
        <FormTextField
          name="releaseTitle"
          label="Release title"
          required
          fullWidth
          autoComplete="off"
          helperText="The name of the single, EP or album."
        />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              {...fieldAnchor('primaryGenre')}
              id={fieldDomId('primaryGenre')}
              select
              fullWidth
              required
              label="Primary genre"
              value={primaryGenre}
              onChange={(event) => choosePrimaryGenre(event.target.value)}
              error={Boolean(primaryGenreError)}
              helperText={primaryGenreError ?? 'The main genre stores file the release under.'}
            >
              {PRIMARY_GENRES.map((genre) => (
                <MenuItem key={genre} value={genre}>
                  {genre}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              {...fieldAnchor('subGenre')}
              id={fieldDomId('subGenre')}
              select
              fullWidth
              required
              disabled={subGenreDisabled}
              label="Sub-genre"
              // A sub-genre from another primary genre (an old draft) is not an option: show none.
              value={subGenres.includes(subGenre) ? subGenre : ''}
              onChange={(event) => setValue('subGenre', event.target.value, { shouldDirty: true })}
              error={Boolean(subGenreError)}
              helperText={
                subGenreError ??
                (subGenreDisabled
                  ? 'Choose a primary genre first.'
                  : `The closest style within ${primaryGenre}.`)
              }
            >
              {subGenres.map((genre) => (
                <MenuItem key={genre} value={genre}>
                  {genre}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        </Grid>
      </Stack>
    </StepSection>
  );
}
