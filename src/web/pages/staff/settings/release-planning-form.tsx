import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  formatPlannerSettingRange,
  PLANNER_SETTING_LIMITS,
  type PlannerSettingKey,
  type PlannerSettings,
} from '../../../../domain';
import { useSavePlannerSettings } from '../../../api/key-dates';

const FIELDS: ReadonlyArray<{ key: PlannerSettingKey; label: string; help: string }> = [
  {
    key: 'deliveryLeadDays',
    label: 'Delivery deadline (days before release)',
    help: 'Everything final (audio, artwork, credits, release details) this many days before each release or single.',
  },
  {
    key: 'pitchLeadDays',
    label: 'Editorial pitch deadline (days before release)',
    help: "The last day to pitch to the streaming services' editors. Spotify asks for at least 7 days.",
  },
  {
    key: 'reminderDaysBefore',
    label: 'Reminder (days before each deadline)',
    help: 'The artist and the assigned reviewer are e-mailed this many days before each deadline, once. 0: on the day.',
  },
];

type Draft = Record<PlannerSettingKey, string>;

const toDraft = (settings: PlannerSettings): Draft => ({
  deliveryLeadDays: String(settings.deliveryLeadDays),
  pitchLeadDays: String(settings.pitchLeadDays),
  reminderDaysBefore: String(settings.reminderDaysBefore),
});

/** A field's whole number of days, or its refusal in the domain's words. */
function readDays(key: PlannerSettingKey, text: string): number | string {
  const { min, max } = PLANNER_SETTING_LIMITS[key];
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  return Number.isInteger(value) && value >= min && value <= max ? value : formatPlannerSettingRange(key);
}

/**
 * The deadline planner's settings: the two leads and the reminder offset, whole
 * days, checked here with the domain's ranges and again by the server. Saving moves every key date
 * shown and the reminders from the next run on.
 */
export function ReleasePlanningForm({ settings }: { settings: PlannerSettings }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [touched, setTouched] = useState(false);
  const save = useSavePlannerSettings();
  const read = Object.fromEntries(FIELDS.map(({ key }) => [key, readDays(key, draft[key])])) as Record<
    PlannerSettingKey,
    number | string
  >;
  const invalid = FIELDS.some(({ key }) => typeof read[key] === 'string');
  return (
    <Box
      component="form"
      noValidate
      aria-label="Release planning settings"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (invalid || save.isPending) return;
        save.mutate(read as PlannerSettings, { onSuccess: (saved) => setDraft(toDraft(saved)) });
      }}
    >
      <Stack spacing={2.5} sx={{ maxWidth: 560 }}>
        {FIELDS.map(({ key, label, help }) => {
          const { min, max } = PLANNER_SETTING_LIMITS[key];
          const error = touched && typeof read[key] === 'string' ? (read[key] as string) : '';
          return (
            <TextField
              key={key}
              name={key}
              label={label}
              type="number"
              value={draft[key]}
              onChange={(event) => {
                setDraft((current) => ({ ...current, [key]: event.target.value }));
                save.reset();
              }}
              error={Boolean(error)}
              helperText={error || help}
              slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
            />
          );
        })}
        <Box role="status" aria-live="polite">
          {save.isSuccess && (
            <Alert severity="success">Saved. The key dates and reminders follow the new settings.</Alert>
          )}
          {save.isError && <Alert severity="error">{save.error.message}</Alert>}
        </Box>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
          <Button
            type="button"
            onClick={() => {
              setDraft(toDraft(settings));
              setTouched(false);
              save.reset();
            }}
          >
            Reset
          </Button>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Deadlines are calendar days counted back from each release day; weekends are not skipped.
        </Typography>
      </Stack>
    </Box>
  );
}
