import Grid from '@mui/material/Grid';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  COUNTRIES,
  CUSTOM_CITY_HINT,
  changeCountry,
  isCityEnabled,
  NO_CITIES_FOUND,
  NO_COUNTRIES_FOUND,
  SELECT_COUNTRY_FIRST,
  searchCountries,
  suggestCities,
} from '../../../../../domain';
import { ComboBox } from '../../../../components/combo-box';
import { fieldAnchor, fieldDomId, useFieldError } from '../../../../forms/field-errors';
import type { SubmitFormValues } from '../../../../forms/form-values';
import { StepSection } from '../step-section';

function citySuggestions(country: string, typed: string): string[] {
  const suggestions = suggestCities(country, typed);
  return suggestions.kind === 'suggestions' ? suggestions.cities : [];
}

/** Country, then city: the city list depends on the country, so the city waits for one. */
export function LocationSection() {
  return (
    <StepSection title="Location" description="Where are you based?">
      <Grid container spacing={{ xs: 2, md: 3 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <CountryPicker />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <CityPicker />
        </Grid>
      </Grid>
    </StepSection>
  );
}

function CountryPicker() {
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const country = useWatch({ control, name: 'country' });
  const error = useFieldError('country');

  function choose(next: string) {
    const changed = changeCountry({ country: getValues('country'), city: getValues('city') }, next);
    setValue('country', changed.country, { shouldDirty: true });
    setValue('city', changed.city, { shouldDirty: true });
  }

  return (
    <ComboBox
      rootProps={fieldAnchor('country')}
      id={fieldDomId('country')}
      label="Country"
      required
      error={Boolean(error)}
      helperText={error}
      options={COUNTRIES}
      value={country === '' ? null : country}
      onChange={(value) => choose(value ?? '')}
      // The domain's search keeps the priority countries on top; MUI passes '' while the input
      // still shows the chosen country, so reopening the list shows every country.
      filterOptions={searchCountries}
      noOptionsText={NO_COUNTRIES_FOUND}
    />
  );
}

function CityPicker() {
  const { control, setValue } = useFormContext<SubmitFormValues>();
  const [country, city] = useWatch({ control, name: ['country', 'city'] });
  const error = useFieldError('city');
  const enabled = isCityEnabled({ country });
  const allCities = citySuggestions(country, '');
  const typed = city.trim();
  const noMatch = enabled && typed !== '' && citySuggestions(country, typed).length === 0;

  // A free-text picker hides MUI's "no options" text, so the helper line says it instead.
  const helperText =
    error ??
    (!enabled
      ? SELECT_COUNTRY_FIRST
      : noMatch
        ? `${NO_CITIES_FOUND}. “${typed}” will be used as you typed it.`
        : CUSTOM_CITY_HINT);

  const write = (value: string) => setValue('city', value, { shouldDirty: true });

  return (
    <ComboBox
      rootProps={fieldAnchor('city')}
      id={fieldDomId('city')}
      label="City"
      required
      error={Boolean(error)}
      helperText={helperText}
      freeSolo
      disabled={!enabled}
      options={allCities}
      value={city === '' ? null : city}
      // Typed text is the city as it stands, so a city that is not in the list counts without
      // being picked from it.
      inputValue={city}
      onInputChange={write}
      onChange={(value) => write(value ?? '')}
      filterOptions={(typed) => citySuggestions(country, typed)}
    />
  );
}
