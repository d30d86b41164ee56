import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';
import { DISTRIBUTORS } from '../../../../../domain';
import { fieldAnchor, fieldDomId, useFieldError } from '../../../../forms/field-errors';
import type { SubmitFormValues } from '../../../../forms/form-values';
import { StepSection } from '../step-section';
import { CatalogueFinder } from './catalogue-finder';
import { CatalogueItemList } from './catalogue-item-list';

/**
 * The transfer part of the music step (spec 001 §2 step 2 item 7), shown when the artist transfers
 * releases from another distributor: who distributes them now, and which releases to move.
 */
export function TransferSection() {
  return (
    <StepSection
      title="Transfer your catalogue"
      description="Tell us who distributes your music today and which releases you want to move. We ask your current distributor to take them down and put them back up with us. A full transfer usually takes 2–4 weeks, and your streams, followers and playlists stay intact."
    >
      <Stack spacing={3}>
        <DistributorField />
        <CatalogueFinder />
        <CatalogueItemList />
      </Stack>
    </StepSection>
  );
}

function DistributorField() {
  const { control } = useFormContext<SubmitFormValues>();
  const { field } = useController({ control, name: 'distributor' });
  const error = useFieldError('distributor');
  const value = field.value ? field.value : null;

  return (
    <Autocomplete
      {...fieldAnchor('distributor')}
      id={fieldDomId('distributor')}
      options={DISTRIBUTORS}
      value={value}
      onChange={(_, next) => field.onChange(next ?? '')}
      onBlur={field.onBlur}
      autoHighlight
      noOptionsText="No distributors found. Choose Other / Not Listed."
      sx={{ maxWidth: { sm: 480 } }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          name="distributor"
          label="Current distributor"
          error={Boolean(error)}
          helperText={error ?? 'The service your releases are distributed through today.'}
          // Marked required (spec 001 §5) without the native attribute: the spec does not enforce
          // it, and the browser would otherwise block the wizard's submit on its own.
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, required: true },
            htmlInput: { ...params.slotProps.htmlInput, 'aria-required': true },
          }}
        />
      )}
    />
  );
}
