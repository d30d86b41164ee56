import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  chooseReleaseStrategy,
  formatLongDate,
  getDefaultReleaseDate,
  type IsoDate,
  isIsoDate,
  isTrackOnSchedule,
  MIN_RELEASE_LEAD_DAYS,
  nameReleaseBySize,
  type ReleaseStrategy,
  releaseStrategySchema,
  setReleaseDate,
} from '../../../../../domain';
import { fieldAnchor, useFieldError } from '../../../../forms/field-errors';
import { getToday, type SubmitFormValues } from '../../../../forms/form-values';
import { StepSection } from '../step-section';
import { ReleaseDateField } from './release-date-field';
import { ReleaseEarlyRequest } from './release-early-request';
import { useApplyStrategyUpdate } from './release-form-updates';
import { ReleaseSinglesList } from './release-singles-list';

const DIRTY = { shouldDirty: true } as const;
const LEAD_WEEKS = MIN_RELEASE_LEAD_DAYS / 7;

/**
 * Release date(s) or release strategy (spec 001 §2 step 2, item 6; §4). One release date for a
 * single track or 'together'; with 2+ tracks the artist may put singles out first, each with its
 * own date, before a full release date. The early release request applies to both.
 */
export function ReleaseScheduleSection() {
  const today = getToday();
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const [tracks, releaseStrategy, releaseDate, earlyReleaseRequest, fullReleaseDate, singlesCount] = useWatch(
    {
      control,
      name: [
        'tracks',
        'releaseStrategy',
        'releaseDate',
        'earlyReleaseRequest',
        'fullReleaseDate',
        'singlesCount',
      ],
    },
  );
  const [firstSingleDate, lastSingleDate] = useWatch({
    control,
    name: ['firstSingleDate', 'lastSingleDate'],
  });
  const applyUpdate = useApplyStrategyUpdate();
  // The domain keeps 'together' until a track is ticked, yet the artist who picks singles-first
  // must see the tracks to tick one: the choice itself lives here until the form follows it.
  const [singlesFirstChosen, setSinglesFirstChosen] = useState(releaseStrategy === 'singles_first');

  const listedCount = tracks.filter(isTrackOnSchedule).length;
  const sizeName = describeReleaseSize(listedCount);
  // Still offered below 2 tracks when the form is singles-first, so the artist can go back.
  const strategyOffered = listedCount >= 2 || releaseStrategy === 'singles_first';
  const shownStrategy: ReleaseStrategy =
    strategyOffered && (releaseStrategy === 'singles_first' || singlesFirstChosen)
      ? 'singles_first'
      : 'together';
  const noSingleTicked = shownStrategy === 'singles_first' && releaseStrategy === 'together';

  const chooseStrategy = (strategy: ReleaseStrategy) => {
    setSinglesFirstChosen(strategy === 'singles_first');
    applyUpdate(chooseReleaseStrategy(getValues('tracks'), strategy));
  };

  const changeReleaseDate = (date: IsoDate | '') => {
    const current = getValues('tracks');
    const next = setReleaseDate(current, getValues('releaseStrategy'), date);
    setValue('releaseDate', next.releaseDate, DIRTY);
    if (next.tracks.some((track, i) => track !== current[i])) setValue('tracks', next.tracks, DIRTY);
  };

  const earliest = getDefaultReleaseDate(today);
  const releaseDateHint = [
    isIsoDate(releaseDate) ? `${formatLongDate(releaseDate)}.` : '',
    earlyReleaseRequest
      ? `Early release requested, so the ${LEAD_WEEKS}-week minimum does not apply.`
      : `Stores need at least ${LEAD_WEEKS} weeks to place a release: the earliest date is ${formatLongDate(earliest)}.`,
  ]
    .filter(Boolean)
    .join(' ');

  const fullReleaseHint = [
    isIsoDate(fullReleaseDate) ? `${formatLongDate(fullReleaseDate)}.` : '',
    isIsoDate(lastSingleDate)
      ? `The whole ${sizeName} comes out on or after your last single, ${formatLongDate(lastSingleDate)}.`
      : `The whole ${sizeName} comes out after your singles.`,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <StepSection
      title={strategyOffered ? 'Release date and strategy' : 'Release date'}
      description="When your music reaches the stores."
    >
      <Stack spacing={3}>
        {strategyOffered && (
          <StrategyChoice
            value={shownStrategy}
            sizeName={sizeName}
            onChange={chooseStrategy}
            // With the singles list on screen the list carries the anchor and shows the problem.
            showError={shownStrategy !== 'singles_first'}
          />
        )}

        {shownStrategy === 'singles_first' && <ReleaseSinglesList today={today} />}

        {releaseStrategy === 'together' ? (
          <Stack spacing={1}>
            {noSingleTicked && (
              <Typography variant="body2" role="status">
                No single ticked yet: until you tick one, all tracks come out together on the release date
                below.
              </Typography>
            )}
            <ReleaseDateField
              path="releaseDate"
              label="Release date"
              required
              value={releaseDate}
              onChange={changeReleaseDate}
              min={earlyReleaseRequest ? undefined : earliest}
              hint={releaseDateHint}
            />
          </Stack>
        ) : (
          <Stack spacing={2}>
            {singlesCount > 0 && (
              <Typography variant="body2">
                {describeSinglesPlan(singlesCount, firstSingleDate, lastSingleDate, sizeName)}
              </Typography>
            )}
            <ReleaseDateField
              path="fullReleaseDate"
              label="Full release date"
              required
              value={fullReleaseDate}
              onChange={(date) => setValue('fullReleaseDate', date, DIRTY)}
              min={isIsoDate(lastSingleDate) ? lastSingleDate : undefined}
              hint={fullReleaseHint}
            />
          </Stack>
        )}

        <ReleaseEarlyRequest today={today} />
      </Stack>
    </StepSection>
  );
}

interface StrategyChoiceProps {
  value: ReleaseStrategy;
  sizeName: string;
  onChange(strategy: ReleaseStrategy): void;
  showError: boolean;
}

function StrategyChoice({ value, sizeName, onChange, showError }: StrategyChoiceProps) {
  const togetherHintId = useId();
  const singlesHintId = useId();
  const errorId = useId();
  const error = useFieldError('releaseStrategy');
  const shownError = showError ? error : undefined;
  const hintSx = { color: 'text.secondary', pl: 4, mt: -0.5, mb: 1 } as const;
  return (
    <FormControl
      component="fieldset"
      error={Boolean(shownError)}
      {...(showError ? fieldAnchor('releaseStrategy') : {})}
    >
      <FormLabel component="legend" sx={{ fontWeight: 600 }}>
        Release strategy
      </FormLabel>
      <RadioGroup
        name="releaseStrategy"
        value={value}
        aria-describedby={shownError ? errorId : undefined}
        onChange={(event) => {
          const parsed = releaseStrategySchema.safeParse(event.target.value);
          if (parsed.success) onChange(parsed.data);
        }}
      >
        <FormControlLabel
          value="together"
          control={<Radio slotProps={{ input: { 'aria-describedby': togetherHintId } }} />}
          label="Release all tracks together"
        />
        <Typography id={togetherHintId} variant="body2" sx={hintSx}>
          The whole {sizeName} comes out on one date.
        </Typography>
        <FormControlLabel
          value="singles_first"
          control={<Radio slotProps={{ input: { 'aria-describedby': singlesHintId } }} />}
          label="Release singles first"
        />
        <Typography id={singlesHintId} variant="body2" sx={hintSx}>
          Chosen tracks come out one by one as singles, then the full {sizeName}.
        </Typography>
      </RadioGroup>
      {shownError && <FormHelperText id={errorId}>{shownError}</FormHelperText>}
    </FormControl>
  );
}

/** 'EP' stays in capitals; 'Single' and 'Album' read as ordinary words in a sentence. */
function describeReleaseSize(trackCount: number): string {
  const name = nameReleaseBySize(trackCount);
  return name === 'EP' ? name : name.toLowerCase();
}

function describeSinglesPlan(
  count: number,
  first: IsoDate | '',
  last: IsoDate | '',
  sizeName: string,
): string {
  const singles = count === 1 ? '1 single' : `${count} singles`;
  if (!isIsoDate(first) || !isIsoDate(last)) return `${singles} ticked: give each one a date.`;
  const when =
    first === last
      ? `on ${formatLongDate(first)}`
      : `from ${formatLongDate(first)} to ${formatLongDate(last)}`;
  return `Your plan: ${singles} ${when}, then the full ${sizeName}.`;
}
