import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type IsoDate, isIsoDate } from '../../../../../domain';
import { fieldAnchor, fieldDomId, useFieldError } from '../../../../forms/field-errors';
import type { FieldPath } from '../../../../forms/form-values';

interface ReleaseDateFieldProps {
  /** The form path the wizard reports problems under (`releaseDate`, `tracks.1.singleReleaseDate`). */
  path: FieldPath;
  label: string;
  value: string | undefined;
  /** Gets a calendar date, or '' while the input holds no complete date. */
  onChange(date: IsoDate | ''): void;
  /** Earliest date the picker offers; the wizard's rules still decide what passes. */
  min?: IsoDate | undefined;
  /** Shown under the input when it has no problem. */
  hint?: ReactNode;
  required?: boolean;
}

/**
 * A date input for the release schedule. Its value is written through the caller, because every
 * date here moves other fields with it (grouped tracks, first/last single dates).
 */
export function ReleaseDateField({
  path,
  label,
  value,
  onChange,
  min,
  hint,
  required,
}: ReleaseDateFieldProps) {
  const error = useFieldError(path);
  return (
    <TextField
      {...fieldAnchor(path)}
      id={fieldDomId(path)}
      type="date"
      label={label}
      required={required}
      value={value ?? ''}
      onChange={(event) => onChange(isIsoDate(event.target.value) ? event.target.value : '')}
      error={Boolean(error)}
      helperText={error ?? hint}
      fullWidth
      // The helper text may be a sentence or two; only the input itself stays date-sized.
      sx={{ '& .MuiInputBase-root': { maxWidth: { sm: 280 } } }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min } }}
    />
  );
}
