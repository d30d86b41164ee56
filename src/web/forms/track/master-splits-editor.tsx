import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  type Contributor,
  createMasterSplit,
  MAX_SPLIT_PERCENTAGE,
  type MasterSplit,
  MIN_SPLIT_PERCENTAGE,
  SPLIT_PERCENTAGE_STEP,
  setMasterSplitEnabled,
  sumSplitPercentages,
} from '../../../domain';
import { fieldAnchor, fieldDomId, useFieldError } from '../field-errors';
import { FormTextField } from '../form-fields';
import { createId, type SubmitFormValues } from '../form-values';
import { formatContributorName } from './contributor-format';

export interface MasterSplitsEditorProps {
  /** Path of the owner's metadata in the form: `tracks.${i}.metadata` or `catalogueItems.${i}.metadata`.
   *  The editor reads and writes `${metadataPath}.hasMasterSplit` and `${metadataPath}.masterSplits`. */
  metadataPath: `tracks.${number}.metadata` | `catalogueItems.${number}.metadata`;
  /** Title of the track or release, for labels ("Master splits for “title”"). */
  ownerTitle: string;
  /** People already named on the track, offered as split holders (a split then carries contributorId). Omit for catalogue items. */
  contributors?: readonly Contributor[];
}

type SplitsPath = `${MasterSplitsEditorProps['metadataPath']}.masterSplits`;

/** The holder select's value for "a person named here" rather than one of the track's contributors. */
const PERSON = 'person';

const NO_SPLITS: MasterSplit[] = [];

/**
 * The master royalty splits of a track or a catalogue release (spec 001 §3, §5): a switch, then
 * one row per split naming a contributor of the track or a person, with a share in percent. The
 * total is shown but never capped: the spec leaves shares that do not add up to 100 to the team.
 */
export function MasterSplitsEditor({ metadataPath, ownerTitle, contributors }: MasterSplitsEditorProps) {
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const enabledPath = `${metadataPath}.hasMasterSplit` as const;
  const splitsPath: SplitsPath = `${metadataPath}.masterSplits`;
  const enabled = useWatch({ control, name: enabledPath }) ?? false;
  const splits = useWatch({ control, name: splitsPath }) ?? NO_SPLITS;
  const sectionError = useFieldError(splitsPath);
  const descriptionId = useId();
  const title = ownerTitle.trim() || 'this recording';

  function readSplits(): MasterSplit[] {
    return getValues(splitsPath) ?? [];
  }

  function writeSplits(next: MasterSplit[]) {
    setValue(splitsPath, next, { shouldDirty: true });
  }

  function toggle(on: boolean) {
    const next = setMasterSplitEnabled(
      { hasMasterSplit: getValues(enabledPath) ?? false, masterSplits: readSplits() },
      on,
    );
    setValue(enabledPath, next.hasMasterSplit, { shouldDirty: true });
    writeSplits(next.masterSplits);
  }

  function addSplit() {
    const current = readSplits();
    writeSplits([...current, createMasterSplit(createId(), current)]);
  }

  function updateSplit(id: string, change: (split: MasterSplit) => MasterSplit) {
    writeSplits(readSplits().map((split) => (split.id === id ? change(split) : split)));
  }

  function removeSplit(id: string) {
    writeSplits(readSplits().filter((split) => split.id !== id));
  }

  const total = sumSplitPercentages(splits);

  return (
    <Box role="group" aria-label={`Master splits for “${title}”`}>
      <FormControlLabel
        control={
          <Switch
            checked={enabled}
            onChange={(event) => toggle(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': descriptionId } }}
          />
        }
        label="Master royalty splits"
      />
      <Typography id={descriptionId} variant="body2" sx={{ color: 'text.secondary' }}>
        Turn on if other people own part of the master recording of “{title}” and should share its royalties.
      </Typography>

      {enabled && (
        <Box {...fieldAnchor(splitsPath)} sx={{ mt: 2 }}>
          {splits.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
              No splits yet. Add each person who shares the master royalties and their share.
            </Typography>
          ) : (
            <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
              {splits.map((split, index) => (
                <MasterSplitRow
                  key={split.id}
                  splitsPath={splitsPath}
                  index={index}
                  split={split}
                  contributors={contributors}
                  takenContributorIds={splits.flatMap((other) =>
                    other.id !== split.id && other.contributorId ? [other.contributorId] : [],
                  )}
                  onChange={(change) => updateSplit(split.id, change)}
                  onRemove={() => removeSplit(split.id)}
                />
              ))}
            </Stack>
          )}

          {sectionError && (
            <FormHelperText error role="alert" sx={{ mb: 1.5, mx: 0 }}>
              {sectionError}
            </FormHelperText>
          )}

          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Button variant="outlined" startIcon={<AddIcon />} onClick={addSplit}>
              Add split
            </Button>
            {splits.length > 0 && (
              <Box aria-live="polite" sx={{ textAlign: { sm: 'right' } }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  Total: {total}%
                </Typography>
                {total !== MAX_SPLIT_PERCENTAGE && (
                  <Typography variant="caption" component="p" sx={{ color: 'warning.dark' }}>
                    Shares usually add up to 100%. You can still continue.
                  </Typography>
                )}
              </Box>
            )}
          </Stack>
        </Box>
      )}
    </Box>
  );
}

interface MasterSplitRowProps {
  splitsPath: SplitsPath;
  index: number;
  split: MasterSplit;
  contributors: readonly Contributor[] | undefined;
  /** Contributors already holding another split: offered, but not twice. */
  takenContributorIds: readonly string[];
  onChange(change: (split: MasterSplit) => MasterSplit): void;
  onRemove(): void;
}

function MasterSplitRow({
  splitsPath,
  index,
  split,
  contributors,
  takenContributorIds,
  onChange,
  onRemove,
}: MasterSplitRowProps) {
  const n = index + 1;
  const headingId = useId();
  const at = `${splitsPath}.${index}` as const;
  const known = contributors ?? [];
  const holderIsContributor = Boolean(split.contributorId);
  // A split may still name someone who is no longer on the track (an older draft); it stays
  // selectable so the select never shows a blank value, and the artist can pick someone else.
  const holderMissing = holderIsContributor && !known.some((c) => c.id === split.contributorId);
  const offerContributors = known.length > 0 || holderIsContributor;

  function chooseHolder(value: string) {
    if (value === PERSON) {
      onChange(({ contributorId: _holder, ...rest }) => rest);
    } else {
      onChange(({ id, percentage }) => ({ id, contributorId: value, percentage }));
    }
  }

  return (
    // A list item cannot also be a group (axe: aria-allowed-role): the group sits inside it.
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box role="group" aria-labelledby={headingId}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography id={headingId} variant="h6" component="p">
            Split {n}
          </Typography>
          <IconButton
            aria-label={`Remove split ${n}`}
            title={`Remove split ${n}`}
            onClick={onRemove}
            edge="end"
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Stack>
        <Grid container spacing={2}>
          {offerContributors && (
            <Grid size={{ xs: 12, md: 8 }}>
              <TextField
                select
                fullWidth
                label="Paid to"
                value={split.contributorId ?? PERSON}
                onChange={(event) => chooseHolder(event.target.value)}
                helperText="Someone on this track, or another person."
              >
                {known.map((contributor) => (
                  <MenuItem
                    key={contributor.id}
                    value={contributor.id}
                    disabled={takenContributorIds.includes(contributor.id)}
                  >
                    {formatContributorName(contributor)}
                  </MenuItem>
                ))}
                {holderMissing && (
                  <MenuItem value={split.contributorId}>Someone no longer on this track</MenuItem>
                )}
                <MenuItem value={PERSON}>Another person</MenuItem>
              </TextField>
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 4 }}>
            <SplitPercentageField
              path={`${at}.percentage`}
              value={split.percentage}
              onChange={(percentage) => onChange((current) => ({ ...current, percentage }))}
            />
          </Grid>
          {!holderIsContributor && (
            <>
              <Grid size={{ xs: 12, md: 4 }}>
                <FormTextField
                  name={`${at}.firstName`}
                  label="First name"
                  required
                  fullWidth
                  autoComplete="off"
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <FormTextField
                  name={`${at}.lastName`}
                  label="Last name"
                  required
                  fullWidth
                  autoComplete="off"
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <FormTextField
                  name={`${at}.email`}
                  label="Email"
                  type="email"
                  required
                  fullWidth
                  autoComplete="off"
                  slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
                />
              </Grid>
            </>
          )}
        </Grid>
      </Box>
    </Paper>
  );
}

interface SplitPercentageFieldProps {
  path: `${SplitsPath}.${number}.percentage`;
  value: number;
  onChange(percentage: number): void;
}

/**
 * The share input keeps what the artist types ("33.", "") while the form holds a number; an
 * empty or unreadable entry is 0 in the form, which the percentage rule reports.
 */
function SplitPercentageField({ path, value, onChange }: SplitPercentageFieldProps) {
  const error = useFieldError(path);
  const [text, setText] = useState(() => formatPercentage(value));
  // When the value changes from outside (a reloaded draft), show it instead of the old text.
  const shown = readPercentage(text) === value ? text : formatPercentage(value);
  return (
    <TextField
      {...fieldAnchor(path)}
      id={fieldDomId(path)}
      fullWidth
      required
      type="number"
      label="Share"
      value={shown}
      onChange={(event) => {
        setText(event.target.value);
        onChange(readPercentage(event.target.value));
      }}
      error={Boolean(error)}
      helperText={error ?? `${MIN_SPLIT_PERCENTAGE} to ${MAX_SPLIT_PERCENTAGE}%`}
      slotProps={{
        htmlInput: {
          min: MIN_SPLIT_PERCENTAGE,
          max: MAX_SPLIT_PERCENTAGE,
          step: SPLIT_PERCENTAGE_STEP,
          inputMode: 'decimal',
        },
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
      }}
    />
  );
}

function readPercentage(text: string): number {
  if (text.trim() === '') return 0;
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
}

function formatPercentage(value: number): string {
  return Number.isFinite(value) && value !== 0 ? String(value) : '';
}
