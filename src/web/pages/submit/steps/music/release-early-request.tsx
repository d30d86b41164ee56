import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  formatLongDate,
  getDefaultReleaseDate,
  type IsoDate,
  MIN_RELEASE_LEAD_DAYS,
  setEarlyReleaseRequest,
} from '../../../../../domain';
import { fieldAnchor, fieldDomId } from '../../../../forms/field-errors';
import { FormTextField } from '../../../../forms/form-fields';
import type { SubmitFormValues } from '../../../../forms/form-values';

const DIRTY = { shouldDirty: true } as const;

/**
 * The early release toggle (spec 001 §4): on lifts the 6-week minimum and asks for a reason;
 * off puts the release date back to the default and drops the reason.
 */
export function ReleaseEarlyRequest({ today }: { today: IsoDate }) {
  const hintId = useId();
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const requested = useWatch({ control, name: 'earlyReleaseRequest' });
  const weeks = MIN_RELEASE_LEAD_DAYS / 7;

  const toggle = (on: boolean) => {
    const current = {
      earlyReleaseRequest: getValues('earlyReleaseRequest'),
      earlyReleaseReason: getValues('earlyReleaseReason'),
      releaseDate: getValues('releaseDate'),
    };
    const next = setEarlyReleaseRequest(current, on, today);
    setValue('earlyReleaseRequest', next.earlyReleaseRequest, DIRTY);
    if (next.earlyReleaseReason !== current.earlyReleaseReason) {
      setValue('earlyReleaseReason', next.earlyReleaseReason, DIRTY);
    }
    if (next.releaseDate !== current.releaseDate) setValue('releaseDate', next.releaseDate, DIRTY);
  };

  return (
    <Stack spacing={1.5}>
      <div>
        <FormControlLabel
          {...fieldAnchor('earlyReleaseRequest')}
          control={
            <Switch
              id={fieldDomId('earlyReleaseRequest')}
              checked={requested}
              onChange={(_event, checked) => toggle(checked)}
              slotProps={{ input: { 'aria-describedby': hintId } }}
            />
          }
          label={`Request an early release (less than ${weeks} weeks)`}
        />
        <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', pl: { xs: 0, sm: 6.5 } }}>
          {requested
            ? `Turning this off puts the release date back to ${formatLongDate(getDefaultReleaseDate(today))}.`
            : `Stores need ${weeks} weeks to place a release properly. Ask for less only when the date cannot move.`}
        </Typography>
      </div>
      {requested && (
        <FormTextField
          name="earlyReleaseReason"
          label="Reason for early release"
          required
          fullWidth
          multiline
          minRows={3}
          helperText="For example a tour, a campaign or a sync deadline that fixes the date."
        />
      )}
    </Stack>
  );
}
