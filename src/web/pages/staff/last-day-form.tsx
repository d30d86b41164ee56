import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { getIsoDateOfInstant, type IsoDate } from '../../../domain';

/** Today in UTC: the last days staff set are UTC days, like the server's. */
export function utcToday(): IsoDate {
  return getIsoDateOfInstant(new Date(), 'UTC');
}

/** The stored instant is the midnight (UTC) after the last day, so the last day is the UTC date just before it. */
export function lastDayOf(expiresAt: string): IsoDate {
  const ms = Date.parse(expiresAt);
  return Number.isNaN(ms) ? '' : new Date(ms - 1).toISOString().slice(0, 10);
}

export interface LastDayFormProps {
  /** The date field's label, e.g. 'Last day the link works (UTC)'. */
  label: string;
  /** The current end as an ISO instant (the midnight after the last day). */
  expiresAt: string;
  /** The domain's rule for the chosen day: its refusal, or null when allowed. */
  check: (lastDay: string, today: IsoDate) => string | null;
  /** The latest day the rule allows (the date picker's max). */
  maxDate: IsoDate;
  /** Sends the new last day; a rejection's message is shown under the field. */
  onSubmit: (lastDay: IsoDate) => Promise<unknown>;
  /** Shown under the field while there is nothing to correct. */
  helperText: string;
  /** Called after a successful save, and on Cancel. */
  onDone: () => void;
}

/**
 * Staff move the last day of something that runs out (a returning-artist link, a signature
 * request): earlier, even into the past, ends it; later extends it up to the rule's limit. The
 * domain's check runs before sending; the server's refusal is shown after.
 */
export function LastDayForm({
  label,
  expiresAt,
  check,
  maxDate,
  onSubmit,
  helperText,
  onDone,
}: LastDayFormProps) {
  const [lastDay, setLastDay] = useState(() => lastDayOf(expiresAt));
  const [touched, setTouched] = useState(false);
  const localRefusal = check(lastDay, utcToday());
  const save = useMutation({ mutationFn: (day: IsoDate) => onSubmit(day), onSuccess: () => onDone() });
  const shownError = touched && localRefusal ? localRefusal : save.isError ? errorMessage(save.error) : '';
  return (
    <Box
      component="form"
      noValidate
      sx={{ mt: 1.5 }}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!localRefusal && !save.isPending) save.mutate(lastDay);
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          type="date"
          size="small"
          label={label}
          value={lastDay}
          onChange={(event) => {
            setLastDay(event.target.value);
            save.reset();
          }}
          error={Boolean(shownError)}
          helperText={shownError || helperText}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: maxDate } }}
          autoFocus
        />
        <Button type="submit" variant="contained" size="small" loading={save.isPending}>
          Save
        </Button>
        <Button size="small" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
