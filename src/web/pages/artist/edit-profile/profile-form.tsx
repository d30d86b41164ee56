import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  COUNTRIES,
  CUSTOM_CITY_HINT,
  changeCountry,
  computeProfileCompletion,
  getDisplayName,
  isCityEnabled,
  NO_CITIES_FOUND,
  NO_COUNTRIES_FOUND,
  SELECT_COUNTRY_FIRST,
  searchCountries,
  suggestCities,
} from '../../../../domain';
import { type ArtistProfileData, fieldErrorsOf, useSaveArtistProfile } from '../../../api/artist';
import { CompletionBar } from '../common/completion-bar';
import type { DashboardLocationState } from '../dashboard-page';
import {
  isProfileFormField,
  missingForCompletion,
  PROFILE_FIELD_LABELS,
  type ProfileFormField,
  type ProfileFormValues,
  profileResolver,
  toFormValues,
  toSavePayload,
} from './profile-form-values';
import { ProfilePictureField, useProfilePicture } from './profile-picture';
import { useUnsavedChangesWarning } from './use-unsaved-changes';

const SHORT_TEXT_MAX = 500;
const LONG_TEXT_MAX = 20_000;

const HINTS: Partial<Record<ProfileFormField, string>> = {
  name: 'Your own name, as the label should address you.',
  artistName: 'The name you release music under.',
  nationality: 'For example British or Nigerian.',
  spotifyProfile: 'Your Spotify artist page: https://open.spotify.com/artist/…',
  appleMusicProfile: 'Your Apple Music artist page: https://music.apple.com/…',
  soundcloudProfile: 'https://soundcloud.com/…',
  instagramProfile: 'https://instagram.com/…',
  tiktokProfile: 'https://tiktok.com/@…',
  website: 'Your own site, starting with https://',
  pplId: 'Your PPL performer ID, if you are registered with PPL.',
  prsId: 'Your PRS for Music CAE/IPI number (9 to 11 digits), if you have one.',
};

type Form = UseFormReturn<ProfileFormValues>;

function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
      <Typography id={id} component="h2" variant="h4" sx={{ mb: description ? 0.5 : 2 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

function ProfileTextField({
  form,
  field,
  multiline = false,
  type = 'text',
}: {
  form: Form;
  field: ProfileFormField;
  multiline?: boolean;
  type?: 'text' | 'url';
}) {
  const { ref, ...registered } = form.register(field);
  const error = form.formState.errors[field]?.message;
  return (
    <TextField
      {...registered}
      inputRef={ref}
      id={`profile-${field}`}
      label={PROFILE_FIELD_LABELS[field]}
      type={type}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 5 : undefined}
      error={Boolean(error)}
      helperText={error ?? HINTS[field] ?? ' '}
      slotProps={{
        htmlInput: {
          maxLength: multiline ? LONG_TEXT_MAX : SHORT_TEXT_MAX,
          ...(type === 'url' ? { inputMode: 'url', autoComplete: 'url', spellCheck: false } : {}),
        },
      }}
    />
  );
}

function CountryField({ form }: { form: Form }) {
  return (
    <Controller
      control={form.control}
      name="country"
      render={({ field }) => (
        <Autocomplete
          id="profile-country"
          options={COUNTRIES}
          value={field.value === '' ? null : field.value}
          onChange={(_event, value) => {
            const next = changeCountry({ country: field.value, city: form.getValues('city') }, value ?? '');
            field.onChange(next.country);
            if (next.city !== form.getValues('city')) form.setValue('city', next.city, { shouldDirty: true });
          }}
          onBlur={field.onBlur}
          // The domain's search keeps the priority countries on top.
          filterOptions={(_options, state) => searchCountries(state.inputValue)}
          noOptionsText={NO_COUNTRIES_FOUND}
          autoHighlight
          fullWidth
          renderInput={(params) => (
            <TextField {...params} inputRef={field.ref} label={PROFILE_FIELD_LABELS.country} helperText=" " />
          )}
        />
      )}
    />
  );
}

function citySuggestions(country: string, typed: string): string[] {
  const suggestions = suggestCities(country, typed);
  return suggestions.kind === 'suggestions' ? suggestions.cities : [];
}

function CityField({ form }: { form: Form }) {
  const country = useWatch({ control: form.control, name: 'country' });
  const enabled = isCityEnabled({ country });
  return (
    <Controller
      control={form.control}
      name="city"
      render={({ field }) => {
        const typed = field.value.trim();
        const noMatch = enabled && typed !== '' && citySuggestions(country, typed).length === 0;
        return (
          <Autocomplete
            id="profile-city"
            freeSolo
            disabled={!enabled}
            options={citySuggestions(country, '')}
            value={field.value === '' ? null : field.value}
            // Typed text is the city as it stands: a city missing from the list counts too.
            inputValue={field.value}
            onInputChange={(_event, value) => field.onChange(value)}
            onChange={(_event, value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            filterOptions={(_options, state) => citySuggestions(country, state.inputValue)}
            noOptionsText={NO_CITIES_FOUND}
            autoHighlight
            fullWidth
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={PROFILE_FIELD_LABELS.city}
                helperText={
                  !enabled
                    ? SELECT_COUNTRY_FIRST
                    : noMatch
                      ? `${NO_CITIES_FOUND}. “${typed}” will be used as you typed it.`
                      : CUSTOM_CITY_HINT
                }
              />
            )}
          />
        );
      }}
    />
  );
}

/** The live score beside the form: it moves as fields are filled, and names what is still missing. */
function CompletionCard({ values }: { values: ProfileFormValues }) {
  const completion = computeProfileCompletion(values);
  const missing = missingForCompletion(values);
  return (
    <Card sx={{ position: { md: 'sticky' }, top: { md: 96 } }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <CompletionBar completion={completion} />
        {missing.length > 0 ? (
          <Box>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              Still to add:
            </Typography>
            <Stack
              component="ul"
              direction="row"
              sx={{ flexWrap: 'wrap', gap: 0.75, listStyle: 'none', m: 0, p: 0 }}
            >
              {missing.map(({ field, weight }) => (
                <li key={field}>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={`${PROFILE_FIELD_LABELS[field]} +${weight}%`}
                  />
                </li>
              ))}
            </Stack>
          </Box>
        ) : (
          <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 600 }}>
            Your profile is complete.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The edit-profile form (the fields of spec 000 §3), filled with the saved profile. */
export function ProfileForm({ profile }: { profile: ArtistProfileData }) {
  const [defaults] = useState(() => toFormValues(profile));
  const form = useForm<ProfileFormValues>({
    defaultValues: defaults,
    // A field is checked once the artist leaves it, then again as they correct it.
    mode: 'onTouched',
    reValidateMode: 'onChange',
    resolver: profileResolver,
  });
  const watched = useWatch({ control: form.control });
  const values: ProfileFormValues = { ...defaults, ...watched };
  const picture = useProfilePicture(profile.userId);
  const save = useSaveArtistProfile();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const saved = useRef(false);

  const dirty = form.formState.isDirty || picture.changed;
  const hasUnsavedChanges = useCallback(() => dirty && !saved.current, [dirty]);
  useUnsavedChangesWarning(hasUnsavedChanges);

  const onSubmit = form.handleSubmit(async (submitted) => {
    setFormError(null);
    try {
      await save.mutateAsync(toSavePayload(submitted, picture.pictureFileId));
      saved.current = true;
      const state: DashboardLocationState = { profileSaved: true };
      navigate('/dashboard', { state });
    } catch (error) {
      const details = fieldErrorsOf(error);
      const unplaced: string[] = [];
      let focus = true;
      for (const detail of details) {
        if (isProfileFormField(detail.field)) {
          form.setError(detail.field, { type: 'server', message: detail.message }, { shouldFocus: focus });
          focus = false;
        } else if (detail.field === 'pictureFileId' || detail.field === 'picture') {
          picture.setError(detail.message);
        } else {
          unplaced.push(detail.message);
        }
      }
      if (details.length === 0) setFormError(error instanceof Error ? error.message : String(error));
      else if (unplaced.length > 0) setFormError(unplaced.join(' '));
    }
  });

  const displayName = getDisplayName(values);

  return (
    <Grid container spacing={{ xs: 3, md: 4 }}>
      <Grid size={{ xs: 12, md: 4 }} sx={{ order: { md: 2 } }}>
        <CompletionCard values={values} />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label="Your profile"
          sx={{ display: 'grid', gap: 3 }}
        >
          <FormSection title="Profile picture">
            <ProfilePictureField
              picture={picture}
              savedUrl={profile.picture || undefined}
              displayName={displayName}
              artistName={values.artistName}
            />
          </FormSection>

          <FormSection title="About you">
            <Grid container columnSpacing={2} rowSpacing={1}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <ProfileTextField form={form} field="name" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <ProfileTextField form={form} field="artistName" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <ProfileTextField form={form} field="nationality" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <CountryField form={form} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <CityField form={form} />
              </Grid>
              <Grid size={12}>
                <ProfileTextField form={form} field="biography" multiline />
              </Grid>
            </Grid>
          </FormSection>

          <FormSection
            title="Links"
            description="Where fans and the label find you. Leave out what you do not use."
          >
            <Grid container columnSpacing={2} rowSpacing={1}>
              {(
                [
                  'spotifyProfile',
                  'appleMusicProfile',
                  'soundcloudProfile',
                  'instagramProfile',
                  'tiktokProfile',
                  'website',
                ] as const
              ).map((field) => (
                <Grid key={field} size={{ xs: 12, sm: 6 }}>
                  <ProfileTextField form={form} field={field} type="url" />
                </Grid>
              ))}
            </Grid>
          </FormSection>

          <FormSection
            title="Music Rights"
            description="Your collecting-society numbers, so your royalties reach you."
          >
            <Grid container columnSpacing={2} rowSpacing={1}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <ProfileTextField form={form} field="pplId" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <ProfileTextField form={form} field="prsId" />
              </Grid>
            </Grid>
          </FormSection>

          {formError && (
            <Alert severity="error">
              <AlertTitle>Your profile was not saved</AlertTitle>
              {formError}
            </Alert>
          )}
          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'flex-end' }}
          >
            <Button component={RouterLink} to="/dashboard" variant="outlined" size="large">
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={save.isPending}
              disabled={picture.uploading}
            >
              Save profile
            </Button>
          </Stack>
          {picture.uploading && (
            <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: { sm: 'right' } }}>
              Save is available once the picture has uploaded.
            </Typography>
          )}
        </Box>
      </Grid>
    </Grid>
  );
}
