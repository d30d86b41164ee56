import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { ISRC_INVALID, normaliseIsrc } from '../../../../domain';
import { fieldAnchor, fieldDomId, useFieldError } from '../../../forms/field-errors';
import { isIsrcAcceptable, type ReleaseDetailsFormValues } from './release-details-form';

export const ISRC_HELPER = 'Optional. Format CC-XXX-YY-NNNNN';

/** The compact length of an ISRC (12 characters without hyphens). */
const ISRC_LENGTH = 12;

/**
 * A track's ISRC. The domain's check runs as the artist types, but a partly typed code is only
 * flagged once it is as long as a whole one or the artist has left the input; leaving it also
 * writes a well-formed code in its usual form (gba1b2500042 becomes GB-A1B-25-00042).
 */
export function IsrcField({ index, trackTitle }: { index: number; trackTitle: string }) {
  const name = `tracks.${index}.isrc` as const;
  const { control } = useFormContext<ReleaseDetailsFormValues>();
  const { field } = useController({ control, name });
  const reported = useFieldError(name);
  const [left, setLeft] = useState(false);
  const value = field.value ?? '';
  const compactLength = value.replace(/[\s-]/g, '').length;
  const live = !isIsrcAcceptable(value) && (left || compactLength >= ISRC_LENGTH) ? ISRC_INVALID : undefined;
  const error = live ?? reported;
  return (
    <TextField
      {...fieldAnchor(name)}
      id={fieldDomId(name)}
      name={name}
      label="ISRC"
      value={value}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={() => {
        setLeft(true);
        const written = normaliseIsrc(value);
        if (written && written !== value) field.onChange(written);
        field.onBlur();
      }}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? ISRC_HELPER}
      placeholder="GB-A1B-25-00042"
      fullWidth
      sx={{ maxWidth: 360 }}
      slotProps={{
        htmlInput: {
          // Several tracks each have one: the name says whose it is; it starts with the visible label.
          'aria-label': `ISRC of ${trackTitle.trim() || 'this track'}`,
          autoCapitalize: 'characters',
          autoComplete: 'off',
          spellCheck: false,
          maxLength: 20,
        },
      }}
    />
  );
}
